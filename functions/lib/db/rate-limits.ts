import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { tables } from '../../../infra/tables'
import { dynamo } from '../clients'
import type { RateLimit } from '../config'
import { tableName } from '../config'

/** Partition of the rate-limit records in the content table; sk = `<scope>#<client>`. */
export const rateLimitPartition = 'RATE_LIMIT'

const { partitionKey, sortKey } = tables.content
const ttlAttribute = tables.content.timeToLiveAttribute
/** Read on first use: a route that imports this module without using it needs no such table. */
const contentTable = (): string => tableName('content')

export type RateLimitDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number }

function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException'
}

/**
 * Counts one request of `client` (an IP address) against `limit` in `scope` (a route id): a fixed window
 * per client, kept in one content-table item. The window's end is checked by the code in each condition
 * (DynamoDB deletes TTL items lazily and dynalite never does); the TTL attribute only tidies up.
 *
 * 1. Start a new window (count 1) when there is none or the last one has ended.
 * 2. Otherwise add 1 while the window is open and below the limit.
 * 3. Otherwise refuse, saying when the window ends.
 */
export async function consumeRateLimit(
  scope: string,
  client: string,
  limit: RateLimit,
  now = new Date(),
): Promise<RateLimitDecision> {
  const key = { [partitionKey]: rateLimitPartition, [sortKey]: `${scope}#${client}` }
  const nowMs = now.getTime()
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const windowEndsAt = nowMs + limit.windowSeconds * 1000
    try {
      await dynamo().send(
        new UpdateCommand({
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
        }),
      )
      return { allowed: true }
    } catch (error) {
      if (!isConditionFailure(error)) throw error
    }
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: contentTable(),
          Key: key,
          UpdateExpression: 'ADD #count :one',
          ConditionExpression: '#windowEndsAt > :now AND #count < :max',
          ExpressionAttributeNames: { '#count': 'count', '#windowEndsAt': 'windowEndsAt' },
          ExpressionAttributeValues: { ':one': 1, ':now': nowMs, ':max': limit.max },
        }),
      )
      return { allowed: true }
    } catch (error) {
      if (!isConditionFailure(error)) throw error
    }
    const current = await dynamo().send(
      new GetCommand({ TableName: contentTable(), Key: key, ConsistentRead: true }),
    )
    const endsAt = Number(current.Item?.windowEndsAt ?? 0)
    // The window ended between the steps: start again (once).
    if (endsAt > nowMs) return { allowed: false, retryAfterSeconds: Math.ceil((endsAt - nowMs) / 1000) }
  }
  return { allowed: false, retryAfterSeconds: limit.windowSeconds }
}
