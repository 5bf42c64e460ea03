import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../clients'
import type { RateLimit } from '../config'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import { updateIf } from './partition-io'

/** Partition of the rate-limit records in the content table; sk = `<scope>#<client>`. */
export const rateLimitPartition = 'RATE_LIMIT'

/**
 * Partition of the per-user export windows in the content table; sk = the username. Apart from RATE_LIMIT so
 * the export routes may touch these records only (`dynamodb:LeadingKeys`), and one window per user is shared
 * by the three export routes.
 */
export const exportLimitPartition = 'RATE_LIMIT#EXPORT'

const { partitionKey, sortKey } = tables.content
const ttlAttribute = tables.content.timeToLiveAttribute
/** Read on first use: a route that imports this module without using it needs no such table. */
const contentTable = (): string => tableName('content')

export type RateLimitDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number }

/** The key of a fixed-window counter in the content table. */
export type WindowKey = Readonly<Record<string, string>>

/**
 * Counts one request of `client` (its client network, functions/lib/client-ip.ts) against `limit` in `scope`
 * (a route id): a fixed window per client, kept in one content-table item (see consumeWindow).
 */
export function consumeRateLimit(
  scope: string,
  client: string,
  limit: RateLimit,
  now = new Date(),
): Promise<RateLimitDecision> {
  return consumeWindow({ [partitionKey]: rateLimitPartition, [sortKey]: `${scope}#${client}` }, limit, now)
}

/** Counts one export by `username` against `limit`: one window per user for every export route together. */
export function consumeExportLimit(
  username: string,
  limit: RateLimit,
  now = new Date(),
): Promise<RateLimitDecision> {
  return consumeWindow({ [partitionKey]: exportLimitPartition, [sortKey]: username }, limit, now)
}

/**
 * Takes one of the `limit.max` slots of a fixed window kept in the item `key`, atomically: each step is one
 * conditional UpdateItem, so parallel callers can never take more than `limit.max` slots of a window. The
 * window's end is checked by the code in each condition (DynamoDB deletes TTL items lazily and dynalite never
 * does); the TTL attribute only tidies up.
 *
 * 1. Start a new window (count 1) when there is none or the last one has ended.
 * 2. Otherwise add 1 while the window is open and below the limit.
 * 3. Otherwise refuse, saying when the window ends.
 */
export async function consumeWindow(
  key: WindowKey,
  limit: RateLimit,
  now = new Date(),
): Promise<RateLimitDecision> {
  const nowMs = now.getTime()
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const windowEndsAt = nowMs + limit.windowSeconds * 1000
    const started = await updateIf({
      TableName: contentTable(),
      Key: key,
      UpdateExpression: 'SET #count = :one, #windowEndsAt = :end, #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(#pk) OR #windowEndsAt <= :now',
      ExpressionAttributeNames: {
        '#pk': partitionKey,
        '#count': 'count',
        '#windowEndsAt': 'windowEndsAt',
        '#ttl': ttlAttribute,
      },
      ExpressionAttributeValues: {
        ':one': 1,
        ':end': windowEndsAt,
        ':ttl': Math.ceil(windowEndsAt / 1000),
        ':now': nowMs,
      },
    })
    if (started) return { allowed: true }
    const added = await updateIf({
      TableName: contentTable(),
      Key: key,
      UpdateExpression: 'ADD #count :one',
      ConditionExpression: '#windowEndsAt > :now AND #count < :max',
      ExpressionAttributeNames: { '#count': 'count', '#windowEndsAt': 'windowEndsAt' },
      ExpressionAttributeValues: { ':one': 1, ':now': nowMs, ':max': limit.max },
    })
    if (added) return { allowed: true }
    const current = await dynamo().send(
      new GetCommand({ TableName: contentTable(), Key: key, ConsistentRead: true }),
    )
    const endsAt = Number(current.Item?.windowEndsAt ?? 0)
    // The window ended between the steps: start again (once).
    if (endsAt > nowMs) return { allowed: false, retryAfterSeconds: Math.ceil((endsAt - nowMs) / 1000) }
  }
  return { allowed: false, retryAfterSeconds: limit.windowSeconds }
}

/**
 * Gives back one slot taken by consumeWindow (the attempt turned out not to count), while the window it was
 * taken in is still open and holds a slot; otherwise does nothing.
 */
export async function releaseWindow(key: WindowKey, now = new Date()): Promise<void> {
  await updateIf({
    TableName: contentTable(),
    Key: key,
    UpdateExpression: 'ADD #count :minusOne',
    ConditionExpression: '#windowEndsAt > :now AND #count > :zero',
    ExpressionAttributeNames: { '#count': 'count', '#windowEndsAt': 'windowEndsAt' },
    ExpressionAttributeValues: { ':minusOne': -1, ':now': now.getTime(), ':zero': 0 },
  })
}

/** How many slots of the window in `key` are taken now (0 when there is none or it has ended). */
export async function windowCount(key: WindowKey, now = new Date()): Promise<number> {
  const reply = await dynamo().send(
    new GetCommand({ TableName: contentTable(), Key: key, ConsistentRead: true }),
  )
  if (!reply.Item || Number(reply.Item.windowEndsAt ?? 0) <= now.getTime()) return 0
  return Number(reply.Item.count ?? 0)
}
