import { BatchGetCommand, DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { tables } from '../../../infra/tables'
import { dynamo } from '../clients'
import { tableName } from '../config'

/**
 * Failed sign-in attempts, counted per username and per client IP in the content table, in fixed windows
 * that start at the first failure. Each record carries `expiresAt` (epoch seconds) for DynamoDB's TTL, and the
 * code checks the window itself (TTL deletes late, dynalite never).
 */
export const loginLimits = {
  /** Failed attempts for one username within the window before further attempts are refused. */
  perUsername: 5,
  /** Failed attempts from one IP within the window before further attempts are refused. */
  perIp: 20,
  windowSeconds: 15 * 60,
} as const

const { partitionKey, sortKey } = tables.content
const contentTable = tableName('content')

const userPartition = 'LOGIN#USER'
const ipPartition = 'LOGIN#IP'

/** Usernames are counted case-insensitively, so `Admin` and `admin` share a budget. */
const userKey = (username: string) => ({
  [partitionKey]: userPartition,
  [sortKey]: username.trim().toLowerCase(),
})
const ipKey = (ip: string) => ({ [partitionKey]: ipPartition, [sortKey]: ip })

interface AttemptRecord {
  readonly failures: number
  /** Epoch milliseconds of the first failure of the window. */
  readonly windowStartedAt: number
}

export interface Lockout {
  readonly locked: boolean
  /** Seconds until the window that locked ends (when locked). */
  readonly retryAfterSeconds: number
}

function lockoutOf(record: AttemptRecord | undefined, limit: number, now: number): Lockout {
  const windowEnd = (record?.windowStartedAt ?? 0) + loginLimits.windowSeconds * 1000
  if (!record || windowEnd <= now || record.failures < limit) return { locked: false, retryAfterSeconds: 0 }
  return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) }
}

/** Whether this username or this IP has used up its failed attempts in the current window (one BatchGet). */
export async function loginLockout(username: string, ip: string, now = Date.now()): Promise<Lockout> {
  const reply = await dynamo().send(
    new BatchGetCommand({
      RequestItems: { [contentTable]: { Keys: [userKey(username), ipKey(ip)], ConsistentRead: true } },
    }),
  )
  const items = reply.Responses?.[contentTable] ?? []
  const find = (pk: string) => items.find((item) => item[partitionKey] === pk) as AttemptRecord | undefined
  const byUser = lockoutOf(find(userPartition), loginLimits.perUsername, now)
  const byIp = lockoutOf(find(ipPartition), loginLimits.perIp, now)
  if (!byUser.locked && !byIp.locked) return byUser
  return { locked: true, retryAfterSeconds: Math.max(byUser.retryAfterSeconds, byIp.retryAfterSeconds) }
}

async function countFailure(key: Record<string, string>, now: number): Promise<void> {
  const cutoff = now - loginLimits.windowSeconds * 1000
  const expiresAt = Math.ceil(now / 1000) + loginLimits.windowSeconds
  try {
    // Within the current window: one more failure.
    await dynamo().send(
      new UpdateCommand({
        TableName: contentTable,
        Key: key,
        UpdateExpression: 'ADD failures :one',
        ConditionExpression: 'windowStartedAt > :cutoff',
        ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff },
      }),
    )
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'ConditionalCheckFailedException') throw error
    // No record, or its window is over: start a new window with this failure.
    await dynamo().send(
      new PutCommand({
        TableName: contentTable,
        Item: { ...key, failures: 1, windowStartedAt: now, expiresAt },
      }),
    )
  }
}

/** Counts a failed attempt against the username and the IP. */
export async function recordLoginFailure(username: string, ip: string, now = Date.now()): Promise<void> {
  await Promise.all([countFailure(userKey(username), now), countFailure(ipKey(ip), now)])
}

/** Forgets the username's failures after a successful sign-in (the IP's count stays). */
export async function clearLoginFailures(username: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: contentTable, Key: userKey(username) }))
}
