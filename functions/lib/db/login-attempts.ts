import { DeleteCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import { queryPartition, updateIf } from './partition-io'
import {
  consumeWindow,
  type RateLimitDecision,
  releaseWindow,
  type WindowKey,
  windowCount,
} from './rate-limits'

/**
 * Sign-in attempts, counted in fixed windows in the content table (the counters of rate-limits.ts, so each
 * count is one conditional UpdateItem and a window's end is checked by the code):
 * - per username and client network: an attempt takes a slot BEFORE the password is checked, so a parallel
 *   burst can never have more passwords checked than the limit; a wrong password keeps its slot, a right one
 *   gives it back. When the slots are used up, that network is refused for that username (429), and every
 *   other network still signs in;
 * - per client network, whatever the username, the same way with a higher limit (one network trying many
 *   usernames);
 * - per username, from any network: failures only slow sign-in down (a delay before the password is checked),
 *   they never refuse it, so nobody can lock the real admin out from elsewhere.
 */
export const loginLimits = {
  /** Attempts that may fail for one username from one client network within the window. */
  perUsernameAndNetwork: 5,
  /** Attempts that may fail from one client network, whatever the username, within the window. */
  perNetwork: 20,
  /** Failures for one username, from anywhere, after which each attempt waits before its password check. */
  slowDownAfter: 5,
  /** The wait after `slowDownAfter` failures; it doubles with each further failure, up to maxDelayMs. */
  firstDelayMs: 500,
  maxDelayMs: 4000,
  windowSeconds: 15 * 60,
  /**
   * Wrong MFA codes (TOTP or recovery) for one account, from every network together, within mfaWindowSeconds:
   * past this the MFA step of that account is locked (429) until the window ends or someone unlocks it, and
   * the owners are told. A hard cap whatever the network: an attacker who has the password cannot spread
   * guesses of the code over many addresses.
   */
  mfaFailuresPerAccount: 10,
  mfaWindowSeconds: 60 * 60,
} as const

const { partitionKey, sortKey } = tables.content
/** Read on first use: a route that imports this module without using it needs no such table. */
const contentTable = (): string => tableName('content')

const userPartition = 'LOGIN#USER'
const userNetworkPartition = 'LOGIN#USERNET'
const networkPartition = 'LOGIN#NET'
const mfaPartition = 'LOGIN#MFA'

/** Usernames are counted case-insensitively, so `Admin` and `admin` share a budget. */
const normalise = (username: string) => username.trim().toLowerCase()
const userKey = (username: string): WindowKey => ({
  [partitionKey]: userPartition,
  [sortKey]: normalise(username),
})
/** Usernames never contain `#` (functions/core/admin.ts), so `<username>#` names one user's records. */
const userNetworkKey = (username: string, network: string): WindowKey => ({
  [partitionKey]: userNetworkPartition,
  [sortKey]: `${normalise(username)}#${network}`,
})
const networkKey = (network: string): WindowKey => ({ [partitionKey]: networkPartition, [sortKey]: network })
const mfaKey = (username: string): WindowKey => ({
  [partitionKey]: mfaPartition,
  [sortKey]: normalise(username),
})
const mfaWindow = { max: loginLimits.mfaFailuresPerAccount, windowSeconds: loginLimits.mfaWindowSeconds }

const window = (max: number) => ({ max, windowSeconds: loginLimits.windowSeconds })

/** How long an attempt waits before its password check, given the username's failures from anywhere. */
export function loginDelayMs(failures: number): number {
  if (failures < loginLimits.slowDownAfter) return 0
  const doublings = Math.min(failures - loginLimits.slowDownAfter, 16)
  return Math.min(loginLimits.maxDelayMs, loginLimits.firstDelayMs * 2 ** doublings)
}

export type LoginReservation =
  | { readonly allowed: true; readonly delayMs: number }
  | { readonly allowed: false; readonly retryAfterSeconds: number }

/**
 * Takes a slot for one sign-in attempt of `username` from `network`, before its password is checked: refused
 * when the network, or the network for this username, has used up its attempts. Otherwise says how long to
 * wait first (loginDelayMs of the username's failures).
 */
export async function reserveLoginAttempt(
  username: string,
  network: string,
  now = new Date(),
): Promise<LoginReservation> {
  const byNetwork = await consumeWindow(networkKey(network), window(loginLimits.perNetwork), now)
  if (!byNetwork.allowed) return byNetwork
  const byUser = await consumeWindow(
    userNetworkKey(username, network),
    window(loginLimits.perUsernameAndNetwork),
    now,
  )
  if (!byUser.allowed) {
    // Refused without a password check: this attempt does not use up the network's own budget.
    await releaseWindow(networkKey(network), now)
    return byUser
  }
  const failures = await windowCount(userKey(username), now)
  return { allowed: true, delayMs: loginDelayMs(failures) }
}

/** A checked attempt failed (wrong password or code): its slots stay taken, and the username's failures grow. */
export async function recordLoginFailure(username: string, now = new Date()): Promise<void> {
  await consumeWindow(userKey(username), window(Number.MAX_SAFE_INTEGER), now)
}

/** The attempt did not count (the password was right, the code is still to come): give its slots back. */
export async function releaseLoginAttempt(
  username: string,
  network: string,
  now = new Date(),
): Promise<void> {
  await Promise.all([
    releaseWindow(userNetworkKey(username, network), now),
    releaseWindow(networkKey(network), now),
  ])
}

/**
 * A successful sign-in: forgets the username's failures (from this network and from anywhere) and gives the
 * network its slot back.
 */
export async function recordLoginSuccess(username: string, network: string, now = new Date()): Promise<void> {
  await Promise.all([
    dynamo().send(new DeleteCommand({ TableName: contentTable(), Key: userNetworkKey(username, network) })),
    dynamo().send(new DeleteCommand({ TableName: contentTable(), Key: userKey(username) })),
    releaseWindow(networkKey(network), now),
  ])
}

/**
 * Takes a slot for checking one MFA code of `username`, before it is checked (so a parallel burst cannot have
 * more codes checked than the cap): refused once the account's MFA step is locked (see
 * loginLimits.mfaFailuresPerAccount). A right code gives its slot back (releaseMfaAttempt); a wrong one keeps
 * it.
 */
export function reserveMfaAttempt(username: string, now = new Date()): Promise<RateLimitDecision> {
  return consumeWindow(mfaKey(username), mfaWindow, now)
}

/** The checked code was right: give its slot back. */
export async function releaseMfaAttempt(username: string, now = new Date()): Promise<void> {
  await releaseWindow(mfaKey(username), now)
}

/** Whether `username`'s MFA step is locked now (its wrong codes reached the cap within the window). */
export async function mfaLocked(username: string, now = new Date()): Promise<boolean> {
  return (await windowCount(mfaKey(username), now)) >= loginLimits.mfaFailuresPerAccount
}

/**
 * Whether the owners are still to be told that `username`'s MFA step is locked: true once per window, for
 * the first caller that finds the cap reached (one conditional UpdateItem marks the window told), so a
 * parallel burst of wrong codes sends one message.
 */
export async function claimMfaLockNotice(username: string, now = new Date()): Promise<boolean> {
  const claimed = await updateIf({
    TableName: contentTable(),
    Key: mfaKey(username),
    UpdateExpression: 'SET #notifiedUntil = #windowEndsAt',
    ConditionExpression:
      '#count >= :max AND #windowEndsAt > :now AND (attribute_not_exists(#notifiedUntil) OR #notifiedUntil <= :now)',
    ExpressionAttributeNames: {
      '#count': 'count',
      '#windowEndsAt': 'windowEndsAt',
      '#notifiedUntil': 'notifiedUntil',
    },
    ExpressionAttributeValues: { ':max': loginLimits.mfaFailuresPerAccount, ':now': now.getTime() },
  })
  return claimed !== undefined
}

/**
 * Clears every attempt record of `username` (its failures from anywhere, its per-network lockouts and its
 * MFA lock), for `npm run admin -- unlock` and an owner's Unlock in the workspace. The per-network counts of other usernames stay. Returns how many were cleared.
 */
export async function clearLoginAttempts(username: string): Promise<number> {
  const keys: WindowKey[] = [userKey(username), mfaKey(username)]
  const pages = queryPartition('content', userNetworkPartition, {
    sortKeyPrefix: `${normalise(username)}#`,
    projection: { expression: '#pk, #sk' },
  })
  for await (const items of pages) {
    for (const item of items) {
      keys.push({ [partitionKey]: String(item[partitionKey]), [sortKey]: String(item[sortKey]) })
    }
  }
  let cleared = 0
  for (const key of keys) {
    const reply = await dynamo().send(
      new DeleteCommand({ TableName: contentTable(), Key: key, ReturnValues: 'ALL_OLD' }),
    )
    if (reply.Attributes) cleared += 1
  }
  return cleared
}
