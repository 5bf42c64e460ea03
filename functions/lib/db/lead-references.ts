import { referenceAttempts, referenceOf } from '@core/lead-reference'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import { putIf } from './partition-io'

const { partitionKey, sortKey } = tables.leads

/**
 * A visitor's reference (`SE-7K3P9`, lead-reference.ts) is one item of the leads table's REFERENCE partition,
 * keyed by the reference and naming its lead: written only if absent (or already this lead's), so no two
 * leads share one. The inbox finds a lead by its reference through its INBOX#REF entry (inbox.ts).
 */

/**
 * Claims a reference for lead `id`: the first of its tries (referenceOf) that is free or already its own,
 * so a retried request (same id) gets the same reference. Undefined when every try is another lead's (each
 * try is a different reference: with 28.6 million of them, five taken in a row does not happen in practice;
 * the lead is then stored without one, which the visitor does not need to be answered).
 */
export async function claimReference(id: string): Promise<string | undefined> {
  for (let attempt = 0; attempt < referenceAttempts; attempt += 1) {
    const reference = referenceOf(id, attempt)
    const written = await putIf({
      TableName: tableName('leads'),
      Item: { [partitionKey]: 'REFERENCE', [sortKey]: reference, leadId: id },
      ConditionExpression: 'attribute_not_exists(#pk) OR leadId = :id',
      ExpressionAttributeNames: { '#pk': partitionKey },
      ExpressionAttributeValues: { ':id': id },
    })
    if (written !== undefined) return reference
  }
  return undefined
}
