/**
 * The ways the repositories read and write a partition, written once: a whole partition (or the part of it
 * whose sort keys start alike) read or counted page by page, a page of a partition newest first with a
 * cursor, and a write that only happens when its condition holds (a failed condition is an answer,
 * `undefined` or `false`, never an error).
 */
import { isDeepStrictEqual } from 'node:util'
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb'
import {
  DeleteCommand,
  type DeleteCommandInput,
  type DeleteCommandOutput,
  PutCommand,
  type PutCommandInput,
  type PutCommandOutput,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  UpdateCommand,
  type UpdateCommandInput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb'
import { unmarshall } from '@aws-sdk/util-dynamodb'
import type { Page } from '@core/api-types'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { type TableName, tables } from '../store-definitions'
import { decodeCursor, encodeCursor } from './cursor'

/** Whether a DynamoDB call was refused because its ConditionExpression did not hold. */
export function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException
}

/** The call's result, or undefined when its condition did not hold; any other error is thrown. */
async function unlessConditionFails<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call()
  } catch (error) {
    if (isConditionFailure(error)) return undefined
    throw error
  }
}

/** PutItem with a ConditionExpression: its output, or undefined when the condition did not hold. */
export function putIf(input: PutCommandInput): Promise<PutCommandOutput | undefined> {
  return unlessConditionFails(() => dynamo().send(new PutCommand(input)))
}

/** UpdateItem with a ConditionExpression: its output, or undefined when the condition did not hold. */
export function updateIf(input: UpdateCommandInput): Promise<UpdateCommandOutput | undefined> {
  return unlessConditionFails(() => dynamo().send(new UpdateCommand(input)))
}

/**
 * The UpdateExpression that sets `sets` (`name = value` clauses) and removes the attributes `removes`: each
 * part only when it has clauses (an update must have at least one).
 */
export function setAndRemove(sets: readonly string[], removes: readonly string[]): string {
  return [
    sets.length > 0 ? `SET ${sets.join(', ')}` : '',
    removes.length > 0 ? `REMOVE ${removes.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ')
}

/** DeleteItem with a ConditionExpression: its output, or undefined when the condition did not hold. */
export function deleteIf(input: DeleteCommandInput): Promise<DeleteCommandOutput | undefined> {
  return unlessConditionFails(() => dynamo().send(new DeleteCommand(input)))
}

/**
 * Writes `item` (its key included) into `table` unless an item with its key exists: false when one does.
 *
 * The SDK sends a write again after an attempt that timed out or failed with a 5xx, and that attempt may have
 * been made all the same: the retry then finds the item and its condition fails. So a failed condition after
 * more than one attempt asks for the item found (ReturnValuesOnConditionCheckFailure), and when it is the item
 * written, the write is this call's own: true. (A twin request writing the very same item in that moment, such
 * as a double click with one idempotency key, would read as written by both.)
 */
export async function putIfAbsent(table: TableName, item: Record<string, unknown>): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(table),
        Item: item,
        ConditionExpression: 'attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': tables[table].partitionKey },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    )
    return true
  } catch (error) {
    if (!isConditionFailure(error)) throw error
    const { Item: found, $metadata } = error as ConditionalCheckFailedException
    return ($metadata.attempts ?? 1) > 1 && found !== undefined && sameItem(unmarshall(found), item)
  }
}

/** Whether `stored`, as DynamoDB answers it, is `written` (whose undefined values were not stored). */
function sameItem(stored: Record<string, unknown>, written: Record<string, unknown>): boolean {
  return isDeepStrictEqual(stored, JSON.parse(JSON.stringify(written)))
}

/**
 * Every page of a Query from its ExclusiveStartKey (if any), following LastEvaluatedKey to the end, for a
 * caller that stops reading itself (the inbox, which stops when its page is full). A whole partition is
 * read with queryPartition.
 */
export async function* queryPages(input: QueryCommandInput): AsyncGenerator<QueryCommandOutput> {
  let startKey: Record<string, unknown> | undefined = input.ExclusiveStartKey
  do {
    const reply = await dynamo().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }))
    yield reply
    startKey = reply.LastEvaluatedKey
  } while (startKey)
}

/** An item as the document client answers it. */
type StoredItem = NonNullable<QueryCommandOutput['Items']>[number]

/** Which items of a partition a read takes, and how. */
export interface PartitionRead {
  /** Only the items whose sort key starts with this (`<lead id>#`). */
  readonly sortKeyPrefix?: string
  /** Only the items whose sort key sorts before this. */
  readonly sortKeyBefore?: string
  /** Only the items whose sort key sorts from the first to the second, both included (a time window). */
  readonly sortKeyBetween?: readonly [string, string]
  /** Newest first (sort keys start with the ISO time); oldest first otherwise. */
  readonly newestFirst?: boolean
  /**
   * Only these attributes: a ProjectionExpression and the attribute names it uses (`#pk` and `#sk`, the
   * table's keys, may be given there too).
   */
  readonly projection?: { readonly expression: string; readonly names?: Readonly<Record<string, string>> }
  /** At most this many items per Query (DynamoDB ends a page at 1 MB first). */
  readonly pageSize?: number
}

/** The Query of partition `pk` of `table` that `read` describes (without a start key). */
function partitionQuery(table: TableName, pk: string, read: PartitionRead = {}): QueryCommandInput {
  const { partitionKey, sortKey } = tables[table]
  const names: Record<string, string> = { '#pk': partitionKey, ...read.projection?.names }
  // The partition's value first: it names the partition for the tests' fakes.
  const values: Record<string, unknown> = { ':kind': pk }
  let condition = '#pk = :kind'
  if (read.sortKeyPrefix !== undefined) {
    condition += ' AND begins_with(#sk, :prefix)'
    values[':prefix'] = read.sortKeyPrefix
  }
  if (read.sortKeyBefore !== undefined) {
    condition += ' AND #sk < :before'
    values[':before'] = read.sortKeyBefore
  }
  if (read.sortKeyBetween !== undefined) {
    condition += ' AND #sk BETWEEN :first AND :last'
    values[':first'] = read.sortKeyBetween[0]
    values[':last'] = read.sortKeyBetween[1]
  }
  if (condition.includes('#sk')) names['#sk'] = sortKey
  return {
    TableName: tableName(table),
    KeyConditionExpression: condition,
    ...(read.projection ? { ProjectionExpression: read.projection.expression } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ...(read.newestFirst ? { ScanIndexForward: false } : {}),
    ...(read.pageSize === undefined ? {} : { Limit: read.pageSize }),
  }
}

/**
 * Every item of partition `pk` of `table` that `read` takes, a page (one Query) at a time, following
 * LastEvaluatedKey to the end; the items keep their key attributes. For the paths that read a whole
 * partition: the admin users, a username's lockouts, the counters, a lead's notes, the CLI's erasure and
 * reindex, the exports.
 */
export async function* queryPartition(
  table: TableName,
  pk: string,
  read: PartitionRead = {},
): AsyncGenerator<StoredItem[]> {
  for await (const reply of queryPages(partitionQuery(table, pk, read))) yield reply.Items ?? []
}

/** How many items of partition `pk` of `table` `read` takes (paged `Select: COUNT` Queries: no item is sent). */
export async function countPartition(
  table: TableName,
  pk: string,
  read: PartitionRead = {},
): Promise<number> {
  let total = 0
  for await (const reply of queryPages({ ...partitionQuery(table, pk, read), Select: 'COUNT' })) {
    total += reply.Count ?? 0
  }
  return total
}

/** An item without the table's key attributes: what the repositories answer. */
export function withoutKey(table: TableName, item: Record<string, unknown>): Record<string, unknown> {
  const { partitionKey, sortKey } = tables[table]
  // A loop, not a rest pattern with computed keys (a runtime call per item): the lists strip every item.
  const rest: Record<string, unknown> = {}
  for (const key in item) if (key !== partitionKey && key !== sortKey) rest[key] = item[key]
  return rest
}

/**
 * One page of partition `pk` of `table`, newest first (sort keys start with the ISO time), one Query of at
 * most `maxPageSize` items, continuing from `cursor` (BadRequestError when the cursor is not a key of this
 * partition). The items come without their key attributes.
 */
export async function listNewestFirst(
  table: TableName,
  pk: string,
  options: { limit: number; cursor?: string | undefined },
  maxPageSize: number,
): Promise<Page<Record<string, unknown>>> {
  const pageSize = Math.min(Math.max(1, Math.trunc(options.limit) || 1), maxPageSize)
  const reply = await dynamo().send(
    new QueryCommand({
      ...partitionQuery(table, pk, { newestFirst: true, pageSize }),
      ExclusiveStartKey: decodeCursor(options.cursor, tables[table], pk),
    }),
  )
  const items = (reply.Items ?? []).map((item) => withoutKey(table, item))
  const nextCursor = encodeCursor(reply.LastEvaluatedKey)
  return nextCursor ? { items, nextCursor } : { items }
}
