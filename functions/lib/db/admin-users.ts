import {
  DeleteCommand,
  GetCommand,
  UpdateCommand,
  type UpdateCommandInput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb'
import { leadWorkers, legacyStaffRole, type StaffRole, storedStaffRole } from '@core/roles'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import { deleteMfaSecrets, setMfaSecret } from './mfa-secrets'
import { deleteIf, queryPartition, updateIf } from './partition-io'
import { recordRosterRole } from './sales-settings'

/** Admin users live in the content table under this partition, sk = username. */
export const adminPartition = 'ADMIN'
/**
 * The last TOTP time step accepted for each user, sk = username: a partition of its own, so the sign-in may
 * write it without any right to change the users' records (password hashes, MFA secrets).
 */
export const mfaStepPartition = 'MFA_STEP'

const { partitionKey, sortKey } = tables.content
/** Read on first use: a route that imports this module without using it needs no such table. */
const contentTable = (): string => tableName('content')

export interface AdminUser {
  readonly username: string
  /** `scrypt$N$r$p$salt$hash`, see functions/lib/auth/passwords.ts. */
  readonly passwordHash: string
  readonly createdAt: string
  readonly updatedAt: string
  /**
   * The session version every token of this user carries (functions/lib/auth/sessions.ts): raising it
   * (a password reset) makes every token issued before refused.
   */
  readonly sessionVersion: number
  /**
   * A TOTP secret an earlier version kept on the record itself; read by the sign-in only until the user is
   * enrolled again. Secrets now live in their own item (db/mfa-secrets.ts), which only the sign-in and the
   * enrolment may read; the record says `mfaEnrolled: true` then, so a listing knows without any secret.
   */
  readonly mfaSecret?: string
  /** Whether the user signs in with a TOTP code (`mfaEnrolled` on the record, or an earlier version's secret). */
  readonly mfaEnrolled: boolean
  /**
   * What the user may do (functions/core/roles.ts); undefined when the record holds none of the four roles
   * (deny by default: such a user has no access).
   */
  readonly role: StaffRole | undefined
  /** An owner disabled the account (PATCH /api/admin/users/{username}): it cannot sign in, and gets no leads. */
  readonly disabled: boolean
  /**
   * The password is the one-time password an owner's "add user" answered (POST /api/admin/users): the
   * sign-in gives a password-change-only token until the user has chosen their own (changeAdminPassword).
   */
  readonly passwordChangeRequired: boolean
}

const userKey = (username: string) => ({ [partitionKey]: adminPartition, [sortKey]: username })
/**
 * Updates the record of the user `username` if it still exists (no record is made by an update): its output,
 * or undefined when there is no such user. `update` is the UpdateItem's expression, values, further names
 * and return values.
 */
function updateExistingUser(
  username: string,
  update: Pick<
    UpdateCommandInput,
    'UpdateExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues' | 'ReturnValues'
  >,
): Promise<UpdateCommandOutput | undefined> {
  return updateIf({
    TableName: contentTable(),
    Key: userKey(username),
    ...update,
    ConditionExpression: 'attribute_exists(#pk)',
    ExpressionAttributeNames: { '#pk': partitionKey, ...update.ExpressionAttributeNames },
  })
}
const mfaStepKey = (username: string) => ({ [partitionKey]: mfaStepPartition, [sortKey]: username })
/** A used step stays recorded a day (the code checks steps, not this expiry; DynamoDB's TTL tidies up). */
const mfaStepKeepSeconds = 24 * 60 * 60

/** The admin user named `username`, or undefined. */
export async function getAdminUser(username: string): Promise<AdminUser | undefined> {
  const reply = await dynamo().send(
    new GetCommand({ TableName: contentTable(), Key: userKey(username), ConsistentRead: true }),
  )
  return reply.Item ? toAdminUser(reply.Item) : undefined
}

/**
 * The role of the admin user named `username` (undefined inside: none of the four) and whether it is
 * disabled, or undefined when there is no such user: one GetItem that reads these alone, never the password
 * hash or an MFA secret (the assignee check of PATCH /api/admin/leads/{id}, the roster's upkeep).
 */
export async function getAdminRole(
  username: string,
): Promise<{ readonly role: StaffRole | undefined; readonly disabled: boolean } | undefined> {
  const reply = await dynamo().send(
    new GetCommand({
      TableName: contentTable(),
      Key: userKey(username),
      ProjectionExpression: '#pk, #role, disabled',
      ExpressionAttributeNames: { '#pk': partitionKey, '#role': 'role' },
      ConsistentRead: true,
    }),
  )
  return reply.Item
    ? { role: storedStaffRole(reply.Item.role), disabled: reply.Item.disabled === true }
    : undefined
}

/**
 * Why `username` cannot be given leads (assigned one, or sent to one as its engineer): no such colleague, or
 * a role that does not work leads. Undefined when they can.
 */
export async function leadWorkerRefusal(username: string): Promise<string | undefined> {
  const user = await getAdminRole(username)
  if (!user) return 'There is no colleague with this username'
  if (user.disabled) return `${username} is disabled`
  if (!user.role || !(leadWorkers as readonly StaffRole[]).includes(user.role)) {
    return `${username} does not work leads (role: ${user.role ?? 'none'})`
  }
  return undefined
}

function toAdminUser(item: Record<string, unknown>): AdminUser {
  return {
    username: String(item.username),
    passwordHash: String(item.passwordHash),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
    sessionVersion: Number(item.sessionVersion ?? 0),
    role: storedStaffRole(item.role),
    disabled: item.disabled === true,
    passwordChangeRequired: item.passwordChangeRequired === true,
    mfaEnrolled: item.mfaEnrolled === true || typeof item.mfaSecret === 'string',
    ...(typeof item.mfaSecret === 'string' ? { mfaSecret: item.mfaSecret } : {}),
  }
}

/**
 * Creates the admin user, or replaces its password hash when it exists (keeping createdAt, the MFA enrolment
 * and, unless `role` is given, the role). Either way the session version goes up: every token issued before
 * is refused from now on. A new user without `role` is an owner. The CLI's password (the first admin, an
 * emergency) is not a one-time password: a pending change to a one-time password is dropped.
 */
export async function saveAdminUser(
  username: string,
  passwordHash: string,
  now = new Date(),
  role?: StaffRole,
): Promise<AdminUser> {
  const reply = await dynamo().send(
    new UpdateCommand({
      TableName: contentTable(),
      Key: userKey(username),
      UpdateExpression: `SET #username = :username, passwordHash = :hash, updatedAt = :now, createdAt = if_not_exists(createdAt, :now), #role = ${role ? ':role' : 'if_not_exists(#role, :role)'} ADD sessionVersion :one REMOVE revokedTokens, passwordChangeRequired`,
      ExpressionAttributeNames: { '#username': 'username', '#role': 'role' },
      ExpressionAttributeValues: {
        ':username': username,
        ':hash': passwordHash,
        ':now': now.toISOString(),
        ':one': 1,
        ':role': role ?? legacyStaffRole,
      },
      ReturnValues: 'ALL_NEW',
    }),
  )
  const user = toAdminUser(reply.Attributes ?? {})
  await recordRosterRole(username, user.disabled ? undefined : user.role)
  return user
}

/** What token verification needs of a user: its session version and the tokens signed out one by one. */
export interface AdminSessionState {
  readonly sessionVersion: number
  /** `<exp>:<jti>` of each token signed out (POST /api/admin/logout) before its expiry. */
  readonly revokedTokens: ReadonlySet<string>
  /** The user's role now (undefined: none of the four, no access): a change applies without signing in. */
  readonly role: StaffRole | undefined
  /** The account is disabled: every token of it is refused. */
  readonly disabled?: true
}

/** The session state of `username`, undefined when there is no such user (one GetItem of two attributes). */
export async function getAdminSessionState(username: string): Promise<AdminSessionState | undefined> {
  const reply = await dynamo().send(
    new GetCommand({
      TableName: contentTable(),
      Key: userKey(username),
      ProjectionExpression: '#pk, sessionVersion, revokedTokens, #role, disabled',
      ExpressionAttributeNames: { '#pk': partitionKey, '#role': 'role' },
      ConsistentRead: true,
    }),
  )
  if (!reply.Item) return undefined
  const revoked = reply.Item.revokedTokens
  return {
    sessionVersion: Number(reply.Item.sessionVersion ?? 0),
    revokedTokens: new Set(revoked instanceof Set ? [...revoked].map(String) : []),
    role: storedStaffRole(reply.Item.role),
    ...(reply.Item.disabled === true ? { disabled: true } : {}),
  }
}

/**
 * Records one signed-out token (`<exp>:<jti>`) on the user, and forgets the recorded ones that have expired
 * (their tokens are refused anyway), so the set only holds tokens of the last token lifetime. Nothing
 * happens when the user no longer exists.
 */
export async function revokeAdminToken(username: string, entry: string, nowSeconds: number): Promise<void> {
  const reply = await updateExistingUser(username, {
    UpdateExpression: 'ADD revokedTokens :entry',
    ExpressionAttributeValues: { ':entry': new Set([entry]) },
    ReturnValues: 'UPDATED_NEW',
  })
  if (!reply) return
  const stored: Set<unknown> =
    reply.Attributes?.revokedTokens instanceof Set ? reply.Attributes.revokedTokens : new Set()
  const expired = [...stored].map(String).filter((value) => Number(value.split(':')[0]) < nowSeconds)
  if (expired.length === 0) return
  await dynamo().send(
    new UpdateCommand({
      TableName: contentTable(),
      Key: userKey(username),
      UpdateExpression: 'DELETE revokedTokens :expired',
      ConditionExpression: 'attribute_exists(#pk)',
      ExpressionAttributeNames: { '#pk': partitionKey },
      ExpressionAttributeValues: { ':expired': new Set(expired) },
    }),
  )
}

export type MfaChange = 'done' | 'not-found' | 'unchanged'

/**
 * Enrols the user in MFA with `secret` (the CLI's enable-mfa; the workspace's self-service enrolment is
 * functions/lib/auth/mfa-enrolment.ts): the secret goes to its own item (db/mfa-secrets.ts), the record says
 * `mfaEnrolled`, and the session version goes up, so every token issued before is refused. 'unchanged' when
 * the user already is enrolled (disable it first to replace it).
 */
export async function enableAdminMfa(username: string, secret: string): Promise<MfaChange> {
  if (!(await getAdminUser(username))) return 'not-found'
  if (!(await setMfaSecret(username, secret))) return 'unchanged'
  await markAdminMfaEnrolled(username)
  await forgetMfaSteps(username)
  return 'done'
}

/**
 * Records on the user that MFA is on (a listing reads that, never the secret) and raises the session
 * version: every token issued before is refused. Returns the new session version; undefined when there is
 * no such user.
 */
export async function markAdminMfaEnrolled(username: string, now = new Date()): Promise<number | undefined> {
  const reply = await updateExistingUser(username, {
    UpdateExpression: 'SET mfaEnrolled = :enrolled, updatedAt = :now ADD sessionVersion :one',
    ExpressionAttributeValues: { ':enrolled': true, ':now': now.toISOString(), ':one': 1 },
    ReturnValues: 'UPDATED_NEW',
  })
  return reply ? Number(reply.Attributes?.sessionVersion ?? 0) : undefined
}

/**
 * Removes the user's MFA enrolment (its secret item, and a secret an earlier version kept on the record) and
 * raises the session version, so every token issued before is refused: 'unchanged' when it had none.
 */
export async function disableAdminMfa(username: string): Promise<MfaChange> {
  const user = await getAdminUser(username)
  if (!user) return 'not-found'
  const hadSecret = await deleteMfaSecrets(username)
  if (!hadSecret && !user.mfaSecret) return 'unchanged'
  await updateExistingUser(username, {
    UpdateExpression: 'REMOVE mfaSecret, mfaEnrolled ADD sessionVersion :one',
    ExpressionAttributeValues: { ':one': 1 },
  })
  await forgetMfaSteps(username)
  return 'done'
}

/**
 * Marks the TOTP time step `step` as used by the user, atomically: false when a code of this step or a later
 * one was already accepted (a replayed code), so two parallel requests with one code cannot both pass.
 */
export async function claimAdminMfaStep(username: string, step: number, now = Date.now()): Promise<boolean> {
  const claimed = await updateIf({
    TableName: contentTable(),
    Key: mfaStepKey(username),
    UpdateExpression: 'SET lastStep = :step, #ttl = :ttl',
    ConditionExpression: 'attribute_not_exists(lastStep) OR lastStep < :step',
    ExpressionAttributeNames: { '#ttl': tables.content.timeToLiveAttribute },
    ExpressionAttributeValues: { ':step': step, ':ttl': Math.ceil(now / 1000) + mfaStepKeepSeconds },
  })
  return claimed !== undefined
}

/** Forgets the steps used with an earlier enrolment (the CLI's enable-mfa and disable-mfa). */
async function forgetMfaSteps(username: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: contentTable(), Key: mfaStepKey(username) }))
}

/** Whether any admin user exists (one Query of at most one item). */
export async function anyAdminExists(): Promise<boolean> {
  for await (const items of queryPartition('content', adminPartition, { pageSize: 1 }))
    return items.length > 0
  return false
}

/** What a listing shows of an admin user: never the password hash or the MFA secret. */
export interface AdminUserSummary {
  readonly username: string
  readonly createdAt: string
  readonly updatedAt: string
  /** Whether the user signs in with a TOTP code too. */
  readonly mfa: boolean
  /** Undefined when the record holds none of the four roles (no access). */
  readonly role: StaffRole | undefined
  /** Disabled by an owner: cannot sign in, is given no leads. */
  readonly disabled: boolean
}

/**
 * The only attributes a listing reads: the password hash and the MFA secret are never loaded (the function
 * of GET /api/admin/users, which sales may call, never holds them), whether MFA is on is `mfaEnrolled`.
 */
export const adminUserListProjection = '#username, createdAt, updatedAt, mfaEnrolled, #role, disabled'

/** Every admin user, by username, without password hashes (Queries of the ADMIN partition, paged). */
export async function listAdminUsers(): Promise<AdminUserSummary[]> {
  const users: AdminUserSummary[] = []
  const projection = {
    expression: adminUserListProjection,
    names: { '#username': 'username', '#role': 'role' },
  }
  for await (const items of queryPartition('content', adminPartition, { projection })) {
    for (const { username, createdAt, updatedAt, mfaEnrolled, role, disabled } of items) {
      users.push({
        username,
        createdAt,
        updatedAt,
        mfa: mfaEnrolled === true,
        role: storedStaffRole(role),
        disabled: disabled === true,
      })
    }
  }
  return users
}

/** What the upgrade changed: the users given the owner role, and how many were marked as enrolled in MFA. */
export interface AdminUsersUpgrade {
  readonly ownersGiven: readonly string[]
  readonly mfaMarked: number
  /** The users whose TOTP secret moved from their record to the MFA_SECRET partition. */
  readonly mfaSecretsMoved: number
}

/**
 * The one-time upgrade of user records written by earlier versions (`npm run admin -- upgrade`, run by
 * `npm start` and after each deploy; running it again changes nothing):
 * - a record without any `role` attribute (written before roles existed) is given the owner role, with a
 *   condition so that a role set meanwhile is kept; a record with another value (`Viewer`) is left as it is,
 *   without access, for an owner to correct with set-role. After the upgrade a missing role means no access.
 * - a record with an MFA secret but no `mfaEnrolled` gets it (the listing reads that, never the secret).
 * - a TOTP secret kept on the user record (enrolments before the MFA_SECRET partition) moves to the user's
 *   item there, which only the sign-in and the enrolment may read, and leaves the record (conditionally on
 *   the same secret, so an enrolment changed meanwhile is kept). A secret already in MFA_SECRET wins.
 */
export async function upgradeAdminUsers(now = new Date()): Promise<AdminUsersUpgrade> {
  const ownersGiven: string[] = []
  let mfaMarked = 0
  let mfaSecretsMoved = 0
  const projection = {
    expression: '#sk, #role, mfaEnrolled, mfaSecret, disabled',
    names: { '#sk': sortKey, '#role': 'role' },
  }
  for await (const items of queryPartition('content', adminPartition, { projection })) {
    for (const item of items) {
      const username = String(item[sortKey])
      if (item.role === undefined) {
        const given = await updateIf({
          TableName: contentTable(),
          Key: userKey(username),
          UpdateExpression: 'SET #role = :role, updatedAt = :now',
          ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#role)',
          ExpressionAttributeNames: { '#pk': partitionKey, '#role': 'role' },
          ExpressionAttributeValues: { ':role': legacyStaffRole, ':now': now.toISOString() },
        })
        if (given) ownersGiven.push(username)
      }
      // The roster of who may be given leads (sales-settings.ts), for accounts made before it existed.
      const role = item.role === undefined ? legacyStaffRole : storedStaffRole(item.role)
      await recordRosterRole(username, item.disabled === true ? undefined : role)
      if (typeof item.mfaSecret === 'string') {
        await setMfaSecret(username, item.mfaSecret, now)
        const moved = await updateIf({
          TableName: contentTable(),
          Key: userKey(username),
          UpdateExpression: 'REMOVE mfaSecret SET mfaEnrolled = :enrolled',
          ConditionExpression: 'mfaSecret = :secret',
          ExpressionAttributeValues: { ':enrolled': true, ':secret': item.mfaSecret },
        })
        if (moved) mfaSecretsMoved += 1
        continue
      }
      if (item.mfaEnrolled === undefined) {
        const marked = await updateIf({
          TableName: contentTable(),
          Key: userKey(username),
          UpdateExpression: 'SET mfaEnrolled = :enrolled',
          ConditionExpression: 'attribute_exists(mfaSecret) AND attribute_not_exists(mfaEnrolled)',
          ExpressionAttributeValues: { ':enrolled': true },
        })
        if (marked) mfaMarked += 1
      }
    }
  }
  return { ownersGiven, mfaMarked, mfaSecretsMoved }
}

/** Deletes the admin user `username`; false when there was none. Tokens it holds are refused from then on. */
export async function deleteAdminUser(username: string): Promise<boolean> {
  const deleted = await deleteIf({
    TableName: contentTable(),
    Key: { [partitionKey]: adminPartition, [sortKey]: username },
    ConditionExpression: 'attribute_exists(#pk)',
    ExpressionAttributeNames: { '#pk': partitionKey },
  })
  if (deleted) await recordRosterRole(username, undefined)
  return deleted !== undefined
}

/**
 * Gives the user `role`: 'not-found' when there is no such user. The session version goes up, so the user's
 * open sessions end (within the session cache's time, functions/lib/auth/sessions.ts) and the next sign-in
 * applies what the new role needs (MFA required for it, functions/lib/auth/sign-in.ts).
 */
export async function setAdminRole(
  username: string,
  role: StaffRole,
  now = new Date(),
): Promise<'done' | 'not-found'> {
  const done = await updateExistingUser(username, {
    UpdateExpression: 'SET #role = :role, updatedAt = :now ADD sessionVersion :one',
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ':role': role, ':now': now.toISOString(), ':one': 1 },
  })
  if (!done) return 'not-found'
  // A disabled account stays off the roster whatever its role.
  if (!(await getAdminRole(username))?.disabled) await recordRosterRole(username, role)
  return 'done'
}

/**
 * Disables the staff member `username` (or enables them again): a disabled account cannot sign in, its
 * open sessions end (the session version goes up, and every token of a disabled account is refused,
 * functions/lib/auth/sessions.ts), and it leaves the roster of who may be given leads (recordRosterRole);
 * enabled, it is back on the roster with its role. 'not-found' when there is no such user.
 */
export async function setAdminDisabled(
  username: string,
  disabled: boolean,
  now = new Date(),
): Promise<'done' | 'not-found'> {
  const done = await updateExistingUser(username, {
    UpdateExpression: disabled
      ? 'SET disabled = :disabled, updatedAt = :now ADD sessionVersion :one'
      : 'SET updatedAt = :now REMOVE disabled',
    ExpressionAttributeValues: disabled
      ? { ':disabled': true, ':now': now.toISOString(), ':one': 1 }
      : { ':now': now.toISOString() },
  })
  if (!done) return 'not-found'
  await recordRosterRole(username, disabled ? undefined : (await getAdminRole(username))?.role)
  return 'done'
}

/**
 * Creates the staff member `username` with `role`, their e-mail and the hash of a one-time password (they
 * must choose their own at first sign-in: passwordChangeRequired), unless a user of that name exists (false
 * then, nothing written); the roster of the sales settings follows (recordRosterRole).
 */
export async function createAdminUser(
  user: { readonly username: string; readonly role: StaffRole; readonly email: string },
  passwordHash: string,
  now = new Date(),
): Promise<boolean> {
  const created = await updateIf({
    TableName: contentTable(),
    Key: userKey(user.username),
    UpdateExpression:
      'SET #username = :username, passwordHash = :hash, email = :email, #role = :role, createdAt = :now, updatedAt = :now, sessionVersion = :one, passwordChangeRequired = :required',
    ConditionExpression: 'attribute_not_exists(#pk)',
    ExpressionAttributeNames: { '#pk': partitionKey, '#username': 'username', '#role': 'role' },
    ExpressionAttributeValues: {
      ':username': user.username,
      ':hash': passwordHash,
      ':email': user.email,
      ':role': user.role,
      ':now': now.toISOString(),
      ':one': 1,
      ':required': true,
    },
  })
  if (!created) return false
  await recordRosterRole(user.username, user.role)
  return true
}

/**
 * Replaces the user's password hash with `passwordHash`, on the condition that it still is `previousHash`
 * (the one just checked: a change made meanwhile wins), clears passwordChangeRequired and raises the
 * session version, so every token issued before (the one-time password's sessions, other devices) is
 * refused. Returns the new session version; undefined when the condition failed or there is no such user.
 */
export async function changeAdminPassword(
  username: string,
  previousHash: string,
  passwordHash: string,
  now = new Date(),
): Promise<number | undefined> {
  const reply = await updateIf({
    TableName: contentTable(),
    Key: userKey(username),
    UpdateExpression:
      'SET passwordHash = :hash, updatedAt = :now ADD sessionVersion :one REMOVE passwordChangeRequired, revokedTokens',
    ConditionExpression: 'attribute_exists(#pk) AND passwordHash = :previous',
    ExpressionAttributeNames: { '#pk': partitionKey },
    ExpressionAttributeValues: {
      ':hash': passwordHash,
      ':previous': previousHash,
      ':now': now.toISOString(),
      ':one': 1,
    },
    ReturnValues: 'UPDATED_NEW',
  })
  return reply ? Number(reply.Attributes?.sessionVersion ?? 0) : undefined
}

/** Sets the e-mail the staff member's alerts go to: 'not-found' when there is no such user. */
export async function setAdminEmail(
  username: string,
  email: string,
  now = new Date(),
): Promise<'done' | 'not-found'> {
  const done = await updateExistingUser(username, {
    UpdateExpression: 'SET email = :email, updatedAt = :now',
    ExpressionAttributeValues: { ':email': email, ':now': now.toISOString() },
  })
  return done ? 'done' : 'not-found'
}

/** A staff member's e-mail subscription to the staff topic (functions/lib/staff-subscriptions.ts). */
export interface AlertSubscription {
  readonly arn: string
  /** The address it was made for: a different e-mail on the record means it must move. */
  readonly email: string
}

/** What keeping a user's alert subscription in step needs: their e-mail, role and subscription. */
export interface AlertSubscriber {
  readonly email: string | undefined
  readonly role: StaffRole | undefined
  readonly disabled: boolean
  readonly subscription: AlertSubscription | undefined
}

/** The e-mail, role and alert subscription of `username` (never the password or MFA), or undefined. */
export async function getAlertSubscription(username: string): Promise<AlertSubscriber | undefined> {
  const reply = await dynamo().send(
    new GetCommand({
      TableName: contentTable(),
      Key: userKey(username),
      ConsistentRead: true,
      ProjectionExpression: 'email, #role, alertSubscription, disabled',
      ExpressionAttributeNames: { '#role': 'role' },
    }),
  )
  const item = reply.Item
  if (!item) return undefined
  const subscription = item.alertSubscription as Partial<AlertSubscription> | undefined
  return {
    email: typeof item.email === 'string' && item.email !== '' ? item.email : undefined,
    role: storedStaffRole(item.role),
    disabled: item.disabled === true,
    subscription:
      typeof subscription?.arn === 'string' && typeof subscription.email === 'string'
        ? { arn: subscription.arn, email: subscription.email }
        : undefined,
  }
}

/** Records (or with undefined, forgets) the user's alert subscription, if the user is still there. */
export async function setAlertSubscription(
  username: string,
  subscription: AlertSubscription | undefined,
): Promise<void> {
  await updateExistingUser(username, {
    UpdateExpression: subscription ? 'SET alertSubscription = :subscription' : 'REMOVE alertSubscription',
    ...(subscription ? { ExpressionAttributeValues: { ':subscription': subscription } } : {}),
  })
}
