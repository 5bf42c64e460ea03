import type { Page, StoredLead } from '@core/api-types'
import { v7 as uuidv7 } from 'uuid'
import { tableName } from '../config'
import { ConflictError, NotFoundError } from '../errors'
import { tables } from '../store-definitions'
import { countStored } from './counters'
import { deleteIf, listNewestFirst, putIfAbsent, setAndRemove, updateIf, withoutKey } from './partition-io'

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
  const stored = { ...item, [partitionKey]: kind, [sortKey]: `${item.createdAt}#${item.id}` }
  // A new id that clashes with a stored item: the client may simply send again.
  if (!(await putIfAbsent('content', stored))) throw new ConflictError()
  await countStored('content', kind, 1)
  return item
}

/** The newest items of `kind` first, one Query, `limit` at a time, continuing from `cursor`. */
export async function listContent<T extends object>(
  kind: ContentKind,
  options: { limit: number; cursor?: string | undefined },
): Promise<Page<ContentItem<T>>> {
  return (await listNewestFirst('content', kind, options, maxContentPageSize)) as Page<ContentItem<T>>
}

/**
 * Deletes the item `id` of `kind`, uncounts it and answers what it held (its files are the caller's to
 * remove). NotFoundError when there is no such item.
 */
export async function deleteContent(kind: ContentKind, id: string): Promise<Record<string, unknown>> {
  const sk = sortKeyOfId(id)
  if (!sk) throw new NotFoundError()
  const reply = await deleteIf({
    TableName: contentTable(),
    Key: { [partitionKey]: kind, [sortKey]: sk },
    ConditionExpression: 'attribute_exists(#pk)',
    ExpressionAttributeNames: { '#pk': partitionKey },
    ReturnValues: 'ALL_OLD',
  })
  if (!reply) throw new NotFoundError()
  await countStored('content', kind, -1)
  return withoutKey('content', reply.Attributes ?? {})
}

/**
 * Replaces the editable fields of item `id` of `kind` with `data` (its id, time and counters stay), and
 * answers the stored item. With `published`, stamps `firstPublishedAt` unless the item has one (the public
 * pages read it: core/content.ts hasBeenPublished). NotFoundError when there is no such item.
 */
export async function updateContent<T extends Record<string, unknown>>(
  kind: ContentKind,
  id: string,
  data: T,
  now = new Date(),
  published = false,
): Promise<ContentItem<T>> {
  const sk = sortKeyOfId(id)
  if (!sk) throw new NotFoundError()
  const fields = Object.entries(data).filter(([, value]) => value !== undefined)
  const cleared = Object.entries(data)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name)
  const names: Record<string, string> = { '#pk': partitionKey }
  const values: Record<string, unknown> = { ':now': now.toISOString() }
  const sets = ['updatedAt = :now']
  if (published) {
    names['#firstPublished'] = 'firstPublishedAt'
    sets.push('#firstPublished = if_not_exists(#firstPublished, :now)')
  }
  fields.forEach(([name, value], index) => {
    names[`#f${index}`] = name
    values[`:f${index}`] = value
    sets.push(`#f${index} = :f${index}`)
  })
  const removes = cleared.map((name, index) => {
    names[`#r${index}`] = name
    return `#r${index}`
  })
  const reply = await updateIf({
    TableName: contentTable(),
    Key: { [partitionKey]: kind, [sortKey]: sk },
    UpdateExpression: setAndRemove(sets, removes),
    ConditionExpression: 'attribute_exists(#pk)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ReturnValues: 'ALL_NEW',
  })
  if (!reply?.Attributes) throw new NotFoundError()
  return withoutKey('content', reply.Attributes) as ContentItem<T>
}
