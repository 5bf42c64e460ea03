import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { countingDynamo, dynamo } from '../clients'
import { tableName } from '../config'
import { alarmedLogEvents } from '../log-events'
import { loggedError, logger } from '../logging'
import { type TableName, tables } from '../store-definitions'
import { countPartition, queryPartition } from './partition-io'

/**
 * Runs the counter update that follows the write of an item (`update`). The item is stored by then, so a
 * failed update must not turn the request into an error: the caller would retry and store the item twice
 * (or, with an idempotency key, never notify anyone of it). The failure is logged for an alarm instead, and
 * `npm run admin -- recount-totals` repairs the total. An update that timed out may have been made all the
 * same: it is not sent again (countingDynamo), so the counter is never moved twice, and the alarm says it may
 * be one off.
 */
export async function countAfterWrite(
  table: TableName,
  kind: string,
  by: 1 | -1,
  update: () => Promise<unknown>,
): Promise<void> {
  try {
    await update()
  } catch (error) {
    logger.error(
      `${alarmedLogEvents.counterNotUpdated}; the item is stored, its counter may be one off (repair: npm run admin -- recount-totals)`,
      { table, kind, by, error: loggedError(error) },
    )
  }
}

/** The partition that holds the per-kind counters in both tables (sk = the kind, attribute `count`). */
export const counterPartition = 'COUNTER'

/**
 * Moves counter `key` of `table` by `by` (UpdateItem ADD on the counter partition), and its `valueInr` by
 * `by` × `valueInr` where one is given (the workspace's figures, lead-stats.ts), after the item it counts was
 * written or deleted: a failure is logged, not thrown (see countAfterWrite). The one counter update.
 */
export function countStored(table: TableName, key: string, by: 1 | -1, valueInr?: number): Promise<void> {
  const { partitionKey, sortKey } = tables[table]
  return countAfterWrite(table, key, by, () =>
    countingDynamo().send(
      new UpdateCommand({
        TableName: tableName(table),
        Key: { [partitionKey]: counterPartition, [sortKey]: key },
        UpdateExpression: valueInr === undefined ? 'ADD #count :by' : 'ADD #count :by, valueInr :value',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':by': by,
          ...(valueInr === undefined ? {} : { ':value': by * valueInr }),
        },
      }),
    ),
  )
}

/**
 * Every counter of `table`, by kind, from one Query of its counter partition (a handful of items, never a
 * Scan). A counter that a delete drove below zero reads as 0.
 */
export async function readCounters(table: TableName): Promise<Record<string, number>> {
  const { sortKey } = tables[table]
  const totals: Record<string, number> = {}
  for await (const items of queryPartition(table, counterPartition)) {
    for (const item of items) totals[String(item[sortKey])] = Math.max(0, Number(item.count) || 0)
  }
  return totals
}

/** The kinds counted in each table. */
export const countedKinds = {
  leads: ['QUOTE', 'CONTACT', 'NEWSLETTER'],
  content: ['JOB', 'RESOURCE'],
} as const satisfies Record<TableName, readonly string[]>

/**
 * Repairs the counters of `table` by counting the items of each kind (paged `Select: COUNT` Queries, no
 * Scan) and writing the totals. For the admin CLI, not a request path: it reads every key of the partitions.
 * Items saved while it runs may be missed or counted twice; run it when the site is quiet.
 */
export async function recountCounters(table: TableName): Promise<Record<string, number>> {
  const { partitionKey, sortKey } = tables[table]
  const totals: Record<string, number> = {}
  for (const kind of countedKinds[table]) {
    const total = await countPartition(table, kind)
    await dynamo().send(
      new PutCommand({
        TableName: tableName(table),
        Item: { [partitionKey]: counterPartition, [sortKey]: kind, count: total },
      }),
    )
    totals[kind] = total
  }
  return totals
}
