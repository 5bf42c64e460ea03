import { randomUUID } from 'node:crypto'
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import type { Page, StoredLead } from '@core/api-types'
import { tables } from '../../../infra/tables'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { decodeCursor, encodeCursor } from './cursor'

/** The kinds of lead, each its own partition of the leads table. */
export type LeadKind = 'CONTACT' | 'QUOTE' | 'NEWSLETTER'

/** Partition of the per-kind counters in the leads table (sk = the kind). */
export const leadCounterPartition = 'COUNTER'

const { partitionKey, sortKey } = tables.leads
const leadsTable = tableName('leads')

/** The largest page an admin list may ask for. */
export const maxPageSize = 100

export type Lead<T> = T & StoredLead

/**
 * Stores a lead of `kind` with server time and a new id, then counts it (UpdateItem ADD on the kind's
 * counter). The item is written first: a counter that fails to update can be recounted, a lost lead cannot.
 */
export async function saveLead<T extends object>(
  kind: LeadKind,
  data: T,
  now = new Date(),
): Promise<Lead<T>> {
  const lead = { ...data, id: randomUUID(), createdAt: now.toISOString() } as Lead<T>
  await dynamo().send(
    new PutCommand({
      TableName: leadsTable,
      Item: { ...lead, [partitionKey]: kind, [sortKey]: `${lead.createdAt}#${lead.id}` },
      ConditionExpression: 'attribute_not_exists(#pk)',
      ExpressionAttributeNames: { '#pk': partitionKey },
    }),
  )
  await dynamo().send(
    new UpdateCommand({
      TableName: leadsTable,
      Key: { [partitionKey]: leadCounterPartition, [sortKey]: kind },
      UpdateExpression: 'ADD #count :one',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  )
  return lead
}

/** The newest leads of `kind` first, one Query, `limit` at a time, continuing from `cursor`. */
export async function listLeads<T extends object>(
  kind: LeadKind,
  options: { limit: number; cursor?: string | undefined },
): Promise<Page<Lead<T>>> {
  const reply = await dynamo().send(
    new QueryCommand({
      TableName: leadsTable,
      KeyConditionExpression: '#pk = :kind',
      ExpressionAttributeNames: { '#pk': partitionKey },
      ExpressionAttributeValues: { ':kind': kind },
      ScanIndexForward: false,
      Limit: Math.min(Math.max(1, options.limit), maxPageSize),
      ExclusiveStartKey: decodeCursor(options.cursor, partitionKey, kind),
    }),
  )
  const items = (reply.Items ?? []).map((item) => {
    const { [partitionKey]: _pk, [sortKey]: _sk, ...lead } = item
    return lead as Lead<T>
  })
  const nextCursor = encodeCursor(reply.LastEvaluatedKey)
  return nextCursor ? { items, nextCursor } : { items }
}
