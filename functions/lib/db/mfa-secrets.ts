import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import { updateIf } from './partition-io'

/**
 * The MFA secrets, one item per user in the content table, sk = username: the TOTP secret once enrolled, a
 * pending one during self-service enrolment, and the hashes of the unused recovery codes. A partition of its
 * own, apart from the user records (ADMIN), so that only the routes that declare it in functions/routes.ts
 * (the sign-in and the enrolment) may read it: `dynamodb:LeadingKeys` keeps every other function, list-users
 * included, from ever loading a secret.
 */
export const mfaSecretPartition = 'MFA_SECRET'

/** How long a started enrolment waits for its confirming code. */
export const mfaEnrolmentMinutes = 10

const { partitionKey, sortKey } = tables.content
/** Read on first use: a route that imports this module without using it needs no such table. */
const contentTable = (): string => tableName('content')
const secretKey = (username: string) => ({ [partitionKey]: mfaSecretPartition, [sortKey]: username })

/** The user's TOTP secret (base32), or undefined when the user has not enrolled. */
export async function getMfaSecret(username: string): Promise<string | undefined> {
  const reply = await dynamo().send(
    new GetCommand({
      TableName: contentTable(),
      Key: secretKey(username),
      ProjectionExpression: 'secret',
      ConsistentRead: true,
    }),
  )
  return typeof reply.Item?.secret === 'string' ? reply.Item.secret : undefined
}

/**
 * Starts (or restarts) a self-service enrolment with the new secret `secret`, confirmable until
 * `mfaEnrolmentMinutes` from `now`: 'enrolled' (nothing written) when the user already has a secret.
 */
export async function startMfaEnrolment(
  username: string,
  secret: string,
  now = new Date(),
): Promise<'started' | 'enrolled'> {
  const started = await updateIf({
    TableName: contentTable(),
    Key: secretKey(username),
    UpdateExpression: 'SET pendingSecret = :secret, pendingExpiresAt = :expires',
    ConditionExpression: 'attribute_not_exists(secret)',
    ExpressionAttributeValues: {
      ':secret': secret,
      ':expires': now.getTime() + mfaEnrolmentMinutes * 60_000,
    },
  })
  return started ? 'started' : 'enrolled'
}

/** What a confirmation finds: the pending secret, or why there is none to confirm. */
export type PendingEnrolment =
  | { readonly state: 'pending'; readonly secret: string }
  | { readonly state: 'none' | 'expired' | 'enrolled' }

/** The user's pending enrolment at `now`. */
export async function pendingMfaEnrolment(username: string, now = new Date()): Promise<PendingEnrolment> {
  const reply = await dynamo().send(
    new GetCommand({ TableName: contentTable(), Key: secretKey(username), ConsistentRead: true }),
  )
  const item = reply.Item
  if (typeof item?.secret === 'string') return { state: 'enrolled' }
  if (typeof item?.pendingSecret !== 'string') return { state: 'none' }
  if (Number(item.pendingExpiresAt ?? 0) <= now.getTime()) return { state: 'expired' }
  return { state: 'pending', secret: item.pendingSecret }
}

/**
 * Makes the pending secret `secret` the user's TOTP secret, with the hashes of its recovery codes, in one
 * conditional UpdateItem: false (nothing written) unless that very secret is still pending and unexpired.
 */
export async function completeMfaEnrolment(
  username: string,
  secret: string,
  recoveryCodeHashes: readonly string[],
  now = new Date(),
): Promise<boolean> {
  const done = await updateIf({
    TableName: contentTable(),
    Key: secretKey(username),
    UpdateExpression:
      'SET secret = :secret, recoveryCodes = :codes, enrolledAt = :now REMOVE pendingSecret, pendingExpiresAt',
    ConditionExpression:
      'attribute_not_exists(secret) AND pendingSecret = :secret AND pendingExpiresAt > :ms',
    ExpressionAttributeValues: {
      ':secret': secret,
      ':codes': new Set(recoveryCodeHashes),
      ':now': now.toISOString(),
      ':ms': now.getTime(),
    },
  })
  return done !== undefined
}

/**
 * Sets the user's TOTP secret directly (the CLI's enable-mfa, which shows it on the terminal): false when the
 * user already has one.
 */
export async function setMfaSecret(username: string, secret: string, now = new Date()): Promise<boolean> {
  const done = await updateIf({
    TableName: contentTable(),
    Key: secretKey(username),
    UpdateExpression: 'SET secret = :secret, enrolledAt = :now REMOVE pendingSecret, pendingExpiresAt',
    ConditionExpression: 'attribute_not_exists(secret)',
    ExpressionAttributeValues: { ':secret': secret, ':now': now.toISOString() },
  })
  return done !== undefined
}

/**
 * Uses one recovery code (its hash, functions/lib/auth/totp.ts) atomically: false when the user has no
 * unused code with that hash, so a code works once even when sent twice at the same moment.
 */
export async function spendRecoveryCode(username: string, hash: string): Promise<boolean> {
  const used = await updateIf({
    TableName: contentTable(),
    Key: secretKey(username),
    UpdateExpression: 'DELETE recoveryCodes :set',
    ConditionExpression: 'contains(recoveryCodes, :hash)',
    ExpressionAttributeValues: { ':set': new Set([hash]), ':hash': hash },
  })
  return used !== undefined
}

/** Deletes the user's MFA secrets (MFA disabled, or the user deleted): whether there was a secret. */
export async function deleteMfaSecrets(username: string): Promise<boolean> {
  const reply = await dynamo().send(
    new DeleteCommand({ TableName: contentTable(), Key: secretKey(username), ReturnValues: 'ALL_OLD' }),
  )
  return typeof reply.Attributes?.secret === 'string'
}
