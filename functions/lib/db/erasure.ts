import { DeleteCommand } from '@aws-sdk/lib-dynamodb'
import { normaliseEmail } from '@core/newsletter'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../stores'
import { countedKinds, recountCounters } from './counters'
import { timelinePartition } from './pipeline'
import { queryPages } from './query-pages'
import { reindexLeads } from './reindex'

/** A stored lead that names the person asked about. */
export interface PersonalRecord {
  readonly kind: string
  readonly id: string
  readonly createdAt: string
  readonly name: string
}

const digits = (text: string): string => text.replace(/\D/g, '')

/**
 * Whether a stored lead names this person: the same e-mail (case and spaces aside), or the same phone or
 * WhatsApp number (its last 10 digits, so +91 and spaces do not matter). An address is matched as an
 * e-mail, anything with at least 10 digits as a phone number.
 */
export function namesPerson(item: Record<string, unknown>, who: string): boolean {
  if (who.includes('@')) {
    const email = normaliseEmail(who)
    return typeof item.email === 'string' && normaliseEmail(item.email) === email
  }
  const wanted = digits(who).slice(-10)
  if (wanted.length < 10) return false
  return ['phone', 'whatsapp'].some(
    (field) => typeof item[field] === 'string' && digits(item[field] as string).slice(-10) === wanted,
  )
}

/**
 * Every lead (quote, contact, newsletter signup) that names `who`: paged Queries of each lead partition. For
 * the admin CLI's erasure requests, not a request path (it reads every lead).
 */
export async function findPersonalRecords(
  who: string,
): Promise<(PersonalRecord & { key: Record<string, unknown> })[]> {
  const { partitionKey, sortKey } = tables.leads
  const found: (PersonalRecord & { key: Record<string, unknown> })[] = []
  for (const kind of countedKinds.leads) {
    const pages = queryPages({
      TableName: tableName('leads'),
      KeyConditionExpression: '#pk = :kind',
      ExpressionAttributeNames: { '#pk': partitionKey },
      ExpressionAttributeValues: { ':kind': kind },
    })
    for await (const page of pages) {
      for (const item of page.Items ?? []) {
        if (!namesPerson(item, who)) continue
        found.push({
          kind,
          id: String(item.id ?? item[sortKey]),
          createdAt: String(item.createdAt ?? ''),
          name: String(item.name ?? item.email ?? ''),
          key: { [partitionKey]: item[partitionKey], [sortKey]: item[sortKey] },
        })
      }
    }
  }
  return found
}

/**
 * Deletes every lead that names `who` with the notes on it, then recounts the lead totals and rebuilds the
 * inbox (which drops the erased leads' entries and figures); returns what was deleted.
 */
export async function erasePersonalRecords(who: string): Promise<PersonalRecord[]> {
  const found = await findPersonalRecords(who)
  for (const record of found) {
    await dynamo().send(new DeleteCommand({ TableName: tableName('leads'), Key: record.key }))
    const notes = queryPages({
      TableName: tableName('leads'),
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :lead)',
      ExpressionAttributeNames: { '#pk': tables.leads.partitionKey, '#sk': tables.leads.sortKey },
      ExpressionAttributeValues: { ':pk': timelinePartition, ':lead': `${record.id}#` },
    })
    for await (const page of notes) {
      for (const note of page.Items ?? []) {
        const key = {
          [tables.leads.partitionKey]: timelinePartition,
          [tables.leads.sortKey]: note[tables.leads.sortKey],
        }
        await dynamo().send(new DeleteCommand({ TableName: tableName('leads'), Key: key }))
      }
    }
  }
  if (found.length > 0) {
    await recountCounters('leads')
    await reindexLeads()
  }
  return found.map(({ key: _key, ...record }) => record)
}
