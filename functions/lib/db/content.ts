import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import type { Page, StoredLead } from '@core/api-types'
import { v7 as uuidv7 } from 'uuid'
import { tables } from '../../../infra/tables'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { ConflictError, NotFoundError } from '../errors'
import { countAfterWrite, counterPartition } from './counters'
import { decodeCursor, encodeCursor } from './cursor'

/** Jobs and resources, each its own partition of the content table. */
export type ContentKind = 'JOB' | 'RESOURCE'

/** The largest page a list may ask for. */
export const maxContentPageSize = 100

const { partitionKey, sortKey } = tables.content
/** Read on first use: a route that imports this module without using it needs no such table. */
const contentTable = (): string => tableName('content')

/** A job or resource as stored and listed: the fields it was created with, its id and server time. */
export type ContentItem<T> = T & StoredLead

/**
 * A version-7 UUID (the uuid package): the first 48 bits are the creation time in milliseconds. It lets DELETE find the item
 * from its id alone: sk = `<ISO time>#<id>`, and the ISO time is read back out of the id.
 */
export function timeOrderedId(now: Date): string {
  return uuidv7({ msecs: now.getTime() })
}

const uuidV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** The sort key of the item with this id, or undefined when the id is not one of ours. */
export function sortKeyOfId(id: string): string | undefined {
  if (!uuidV7.test(id)) return undefined
  const ms = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)
  const time = new Date(ms)
  if (Number.isNaN(time.getTime())) return undefined
  return `${time.toISOString()}#${id}`
}

async function count(kind: ContentKind, by: 1 | -1): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: contentTable(),
      Key: { [partitionKey]: counterPartition, [sortKey]: kind },
      UpdateExpression: 'ADD #count :by',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':by': by },
    }),
  )
}

/**
 * Stores a job or resource with server time and a new id, then counts it. The item is written first: a
 * counter that fails to update can be recounted (it is logged, not thrown), a lost item cannot.
 */
export async function saveContent<T extends object>(
  kind: ContentKind,
  data: T,
  now = new Date(),
): Promise<ContentItem<T>> {
  const item = { ...data, id: timeOrderedId(now), createdAt: now.toISOString() } as ContentItem<T>
  try {
    await dynamo().send(
      new PutCommand({
        TableName: contentTable(),
        Item: { ...item, [partitionKey]: kind, [sortKey]: `${item.createdAt}#${item.id}` },
        ConditionExpression: 'attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': partitionKey },
      }),
    )
  } catch (error) {
    // A new id that clashes with a stored item: the client may simply send again.
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') {
      throw new ConflictError()
    }
    throw error
  }
  await countAfterWrite('content', kind, 1, () => count(kind, 1))
  return item
}

/** The newest items of `kind` first, one Query, `limit` at a time, continuing from `cursor`. */
export async function listContent<T extends object>(
  kind: ContentKind,
  options: { limit: number; cursor?: string | undefined },
): Promise<Page<ContentItem<T>>> {
  const reply = await dynamo().send(
    new QueryCommand({
      TableName: contentTable(),
      KeyConditionExpression: '#pk = :kind',
      ExpressionAttributeNames: { '#pk': partitionKey },
      ExpressionAttributeValues: { ':kind': kind },
      ScanIndexForward: false,
      Limit: Math.min(Math.max(1, Math.trunc(options.limit) || 1), maxContentPageSize),
      ExclusiveStartKey: decodeCursor(options.cursor, tables.content, kind),
    }),
  )
  const items = (reply.Items ?? []).map((stored) => {
    const { [partitionKey]: _pk, [sortKey]: _sk, ...item } = stored
    return item as ContentItem<T>
  })
  const nextCursor = encodeCursor(reply.LastEvaluatedKey)
  return nextCursor ? { items, nextCursor } : { items }
}

/**
 * Deletes the item `id` of `kind`, uncounts it and answers what it held (its files are the caller's to
 * remove). NotFoundError when there is no such item.
 */
export async function deleteContent(kind: ContentKind, id: string): Promise<Record<string, unknown>> {
  const sk = sortKeyOfId(id)
  if (!sk) throw new NotFoundError()
  let deleted: Record<string, unknown>
  try {
    const reply = await dynamo().send(
      new DeleteCommand({
        TableName: contentTable(),
        Key: { [partitionKey]: kind, [sortKey]: sk },
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { '#pk': partitionKey },
        ReturnValues: 'ALL_OLD',
      }),
    )
    const { [partitionKey]: _pk, [sortKey]: _sk, ...item } = reply.Attributes ?? {}
    deleted = item
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw new NotFoundError()
    throw error
  }
  await countAfterWrite('content', kind, -1, () => count(kind, -1))
  return deleted
}
