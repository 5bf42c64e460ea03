import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import { putIf } from './partition-io'

/** Partition of the idempotency records in the content table; sk = `<lead kind>#<client key>`. */
export const idempotencyPartition = 'IDEMPOTENCY'

/** How long a client key keeps answering with the lead it first stored. */
export const idempotencyWindowSeconds = 24 * 60 * 60

const { partitionKey, sortKey } = tables.content
const ttlAttribute = tables.content.timeToLiveAttribute

/** The identity (id and time, hence the item key) of the lead a client key stands for. */
export interface LeadIdentity {
  readonly id: string
  readonly createdAt: string
}

/**
 * Binds the client key `key` of a `kind` lead to `proposed`, unless a live record binds it already: then
 * that record's lead identity is returned. The caller writes the lead under the returned identity with a
 * condition, so retries and concurrent double clicks all land on one item. Expiry is checked by the code.
 */
export async function claimIdempotencyKey(
  kind: string,
  key: string,
  proposed: LeadIdentity,
  now = new Date(),
): Promise<LeadIdentity> {
  // Read here, not at module scope: leads.ts imports this module, and admin list functions that import
  // leads.ts have no content table.
  const contentTable = tableName('content')
  const itemKey = { [partitionKey]: idempotencyPartition, [sortKey]: `${kind}#${key}` }
  const nowSeconds = Math.floor(now.getTime() / 1000)
  const claimed = await putIf({
    TableName: contentTable,
    Item: {
      ...itemKey,
      leadId: proposed.id,
      leadCreatedAt: proposed.createdAt,
      [ttlAttribute]: nowSeconds + idempotencyWindowSeconds,
    },
    ConditionExpression: 'attribute_not_exists(#pk) OR #ttl <= :now',
    ExpressionAttributeNames: { '#pk': partitionKey, '#ttl': ttlAttribute },
    ExpressionAttributeValues: { ':now': nowSeconds },
  })
  if (claimed) return proposed
  const existing = await dynamo().send(
    new GetCommand({ TableName: contentTable, Key: itemKey, ConsistentRead: true }),
  )
  const id = existing.Item?.leadId
  const createdAt = existing.Item?.leadCreatedAt
  if (typeof id !== 'string' || typeof createdAt !== 'string') {
    throw new Error(`Idempotency record ${kind}#${key} has no lead identity`)
  }
  return { id, createdAt }
}
