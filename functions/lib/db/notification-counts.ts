import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../store-definitions'

/** Partition of the per-minute staff-notification counters in the content table; sk = the minute (UTC). */
export const notificationCountPartition = 'NOTIFY'

const { partitionKey, sortKey } = tables.content
const ttlAttribute = tables.content.timeToLiveAttribute
/** Read on first use: a route that imports this module without using it needs no such table. */
const contentTable = (): string => tableName('content')

/** How long a minute's counter is kept after the minute ends, in seconds (TTL; it is never read again). */
const keepSeconds = 3600

/** The minute of `now` as a sort key: `2026-11-23T19:28` (UTC). */
export function notificationMinute(now: Date): string {
  return now.toISOString().slice(0, 16)
}

/**
 * Counts one new lead in the minute of `now` and answers how many that minute has counted so far,
 * this one included: one atomic `ADD`, so parallel requests each get a different number.
 */
export async function countLeadNotification(now = new Date()): Promise<number> {
  const minuteEnds = Math.floor(now.getTime() / 60_000) * 60 + 60
  const reply = await dynamo().send(
    new UpdateCommand({
      TableName: contentTable(),
      Key: { [partitionKey]: notificationCountPartition, [sortKey]: notificationMinute(now) },
      UpdateExpression: 'SET #ttl = if_not_exists(#ttl, :ttl) ADD #count :one',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': ttlAttribute },
      ExpressionAttributeValues: { ':one': 1, ':ttl': minuteEnds + keepSeconds },
      ReturnValues: 'UPDATED_NEW',
    }),
  )
  return Number(reply.Attributes?.count)
}
