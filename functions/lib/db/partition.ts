/**
 * The ways the repositories read and write a partition, written once: a page of a partition newest first
 * with a cursor, the whole partition newest first (an export), a per-kind counter, and a write that only happens when its condition holds (a failed
 * condition is an answer, `undefined` or `false`, never an error).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb'
import {
  DeleteCommand,
  type DeleteCommandInput,
  type DeleteCommandOutput,
  PutCommand,
  type PutCommandInput,
  type PutCommandOutput,
  QueryCommand,
  UpdateCommand,
  type UpdateCommandInput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb'
import type { Page } from '@core/api-types'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { type TableName, tables } from '../stores'
import { countAfterWrite, counterPartition } from './counters'
import { decodeCursor, encodeCursor } from './cursor'
import { queryPages } from './query-pages'

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

/** DeleteItem with a ConditionExpression: its output, or undefined when the condition did not hold. */
export function deleteIf(input: DeleteCommandInput): Promise<DeleteCommandOutput | undefined> {
  return unlessConditionFails(() => dynamo().send(new DeleteCommand(input)))
}

/** Writes `item` (its key included) into `table` unless an item with its key exists: false when one does. */
export async function putIfAbsent(table: TableName, item: Record<string, unknown>): Promise<boolean> {
  const written = await putIf({
    TableName: tableName(table),
    Item: item,
    ConditionExpression: 'attribute_not_exists(#pk)',
    ExpressionAttributeNames: { '#pk': tables[table].partitionKey },
  })
  return written !== undefined
}

/** The Query of partition `pk` of `table`, newest first (sort keys start with the ISO time). */
function newestFirstQuery(table: TableName, pk: string) {
  return {
    TableName: tableName(table),
    KeyConditionExpression: '#pk = :kind',
    ExpressionAttributeNames: { '#pk': tables[table].partitionKey },
    ExpressionAttributeValues: { ':kind': pk },
    ScanIndexForward: false,
  }
}

/**
 * Every item of partition `pk` of `table`, newest first, a Query of at most `pageSize` items at a time
 * (DynamoDB ends a page at 1 MB first), without their key attributes: what an export reads.
 */
export async function* partitionPages(
  table: TableName,
  pk: string,
  pageSize: number,
): AsyncGenerator<Record<string, unknown>[]> {
  for await (const reply of queryPages({ ...newestFirstQuery(table, pk), Limit: pageSize })) {
    yield (reply.Items ?? []).map((item) => withoutKey(table, item))
  }
}

/** An item without the table's key attributes: what the repositories answer. */
export function withoutKey(table: TableName, item: Record<string, unknown>): Record<string, unknown> {
  const { [tables[table].partitionKey]: _pk, [tables[table].sortKey]: _sk, ...rest } = item
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
  const reply = await dynamo().send(
    new QueryCommand({
      ...newestFirstQuery(table, pk),
      Limit: Math.min(Math.max(1, Math.trunc(options.limit) || 1), maxPageSize),
      ExclusiveStartKey: decodeCursor(options.cursor, tables[table], pk),
    }),
  )
  const items = (reply.Items ?? []).map((item) => withoutKey(table, item))
  const nextCursor = encodeCursor(reply.LastEvaluatedKey)
  return nextCursor ? { items, nextCursor } : { items }
}

/**
 * Moves the counter of `kind` in `table` by `by` (UpdateItem ADD on the counter partition), after the item it
 * counts was written or deleted: a failure is logged, not thrown (see countAfterWrite).
 */
export function countStored(table: TableName, kind: string, by: 1 | -1): Promise<void> {
  const { partitionKey, sortKey } = tables[table]
  return countAfterWrite(table, kind, by, () =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(table),
        Key: { [partitionKey]: counterPartition, [sortKey]: kind },
        UpdateExpression: 'ADD #count :by',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':by': by },
      }),
    ),
  )
}
