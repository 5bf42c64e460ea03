import { DeleteCommand } from '@aws-sdk/lib-dynamodb'
import { personalFieldNames } from '@core/field-declarations'
import { leadFieldsOfKind } from '@core/lead-fields'
import { normaliseEmail } from '@core/newsletter'
import { deleteObjectKeys, listObjectKeys } from '../bucket-request'
import { dynamo } from '../clients'
import { exportsBucketName, tableName } from '../config'
import { tables } from '../store-definitions'
import { countedKinds, recountCounters } from './counters'
import { timelinePartition } from './lead-changes'
import { queryPartition } from './partition-io'
import { reindexLeads } from './reindex'
import { clearWaiting } from './waiting'

/** A stored lead that names the person asked about. */
export interface PersonalRecord {
  readonly kind: string
  readonly id: string
  readonly createdAt: string
  readonly name: string
}

const digits = (text: string): string => text.replace(/\D/g, '')

/** The stored fields a person is found by, of every kind of lead (the declarations' personal data). */
const declaredOfEveryKind = (sort: 'email' | 'phone'): string[] => [
  ...new Set(Object.values(leadFieldsOfKind).flatMap((fields) => personalFieldNames(fields, sort))),
]
const emailFields = declaredOfEveryKind('email')
const phoneFields = declaredOfEveryKind('phone')

/**
 * Whether a stored lead names this person: the same e-mail (case and spaces aside), or the same phone or
 * WhatsApp number (its last 10 digits, so +91 and spaces do not matter). An address is matched as an
 * e-mail, anything with at least 10 digits as a phone number.
 */
export function namesPerson(item: Record<string, unknown>, who: string): boolean {
  if (who.includes('@')) {
    const email = normaliseEmail(who)
    return emailFields.some(
      (field) => typeof item[field] === 'string' && normaliseEmail(item[field] as string) === email,
    )
  }
  const wanted = digits(who).slice(-10)
  if (wanted.length < 10) return false
  return phoneFields.some(
    (field) => typeof item[field] === 'string' && digits(item[field] as string).slice(-10) === wanted,
  )
}

/** A stored lead found for an erasure: its key, and the start of its response clock when it has one. */
type FoundRecord = PersonalRecord & { key: Record<string, unknown>; clockStartedAt?: string }

/**
 * Every lead (quote, contact, newsletter signup) that names `who`: paged Queries of each lead partition. For
 * the admin CLI's erasure requests, not a request path (it reads every lead).
 */
export async function findPersonalRecords(who: string): Promise<FoundRecord[]> {
  const { partitionKey, sortKey } = tables.leads
  const found: FoundRecord[] = []
  for (const kind of countedKinds.leads) {
    for await (const items of queryPartition('leads', kind)) {
      for (const item of items) {
        if (!namesPerson(item, who)) continue
        found.push({
          kind,
          id: String(item.id ?? item[sortKey]),
          createdAt: String(item.createdAt ?? ''),
          name: String(item.name ?? item.email ?? ''),
          key: { [partitionKey]: item[partitionKey], [sortKey]: item[sortKey] },
          ...(typeof item.clockStartedAt === 'string' ? { clockStartedAt: item.clockStartedAt } : {}),
        })
      }
    }
  }
  return found
}

/**
 * What a deleted lead leaves behind, deleted too: its waiting entry (the response sweep would otherwise remind
 * someone of a lead that is gone) and its notes. The person erasure and the retention sweep both call it once
 * the lead's item is gone; the index entries, counters and figures are theirs to rebuild.
 */
export async function eraseLeadTraces(record: { readonly id: string; readonly clockStartedAt?: string }) {
  if (record.clockStartedAt) await clearWaiting(record.id, record.clockStartedAt)
  const notes = queryPartition('leads', timelinePartition, { sortKeyPrefix: `${record.id}#` })
  for await (const items of notes) {
    for (const note of items) {
      const key = {
        [tables.leads.partitionKey]: timelinePartition,
        [tables.leads.sortKey]: note[tables.leads.sortKey],
      }
      await dynamo().send(new DeleteCommand({ TableName: tableName('leads'), Key: key }))
    }
  }
}

/**
 * Deletes every lead that names `who` with the notes on it, then recounts the lead totals and rebuilds the
 * inbox (which drops the erased leads' entries and figures); returns what was deleted.
 */
export async function erasePersonalRecords(who: string): Promise<PersonalRecord[]> {
  const found = await findPersonalRecords(who)
  for (const record of found) {
    await dynamo().send(new DeleteCommand({ TableName: tableName('leads'), Key: record.key }))
    await eraseLeadTraces(record)
  }
  if (found.length > 0) {
    await recountCounters('leads')
    await reindexLeads()
  }
  return found.map(({ key: _key, clockStartedAt: _clock, ...record }) => record)
}

/** How long the exports bucket keeps a file before its lifecycle rule deletes it (infra/constructs/data.ts). */
export const exportFileDays = 1

/** The export files an erasure found in the exports bucket. */
export interface ExportFiles {
  /** The keys deleted (`<time>-<id>/<file name>`). */
  readonly deleted: readonly string[]
}

/**
 * Deletes every file in the exports bucket: the large exports (over 4 MiB) of the last day, each a copy of
 * whole kinds or inbox views made while the erased leads were stored, so any of them may name the person.
 * Reading every CSV and workbook to find the ones that do would cost more than making them again; they are
 * removed after a day anyway (`exportFileDays`), and an export is one click away. Files already downloaded
 * to someone's computer are out of reach: the README says so.
 */
export async function eraseExportFiles(): Promise<ExportFiles> {
  const bucket = exportsBucketName()
  const deleted: string[] = []
  let token: string | undefined
  do {
    const page = await listObjectKeys(bucket, token)
    if (page.keys.length > 0) {
      const { failed, firstCode } = await deleteObjectKeys(bucket, page.keys)
      if (failed > 0)
        throw new Error(`Could not delete ${failed} export file(s): ${firstCode ?? 'unknown error'}.`)
      deleted.push(...page.keys)
    }
    token = page.next
  } while (token)
  return { deleted }
}

/** The activity log's actions that erased leads: each names the erased leads' ids (never the person). */
export const erasureActions = ['person-erasure', 'privacy-erasure', 'retention-erasure'] as const

const leadIdPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

/**
 * After a table is restored to a point in time, erases again what was erased since then: the activity log
 * (the content table, which the leads table's restore leaves as it is) names each erased lead's id in its
 * erasure entries from `since` on; each lead of the restored table with one of those ids is deleted with its
 * notes and waiting entry, then the totals are recounted and the inbox rebuilt. For the admin CLI
 * (`replay-erasures --from <ISO>`), not a request path: it reads every lead.
 */
export async function replayErasures(
  since: string,
  now = new Date(),
): Promise<{ readonly entries: number; readonly erased: readonly PersonalRecord[] }> {
  const ids = new Set<string>()
  let entries = 0
  const window = { sortKeyBetween: [since, `${now.toISOString()}~`] as const }
  for await (const items of queryPartition('content', 'AUDIT', window)) {
    for (const item of items) {
      if (!(erasureActions as readonly unknown[]).includes(item.action)) continue
      entries += 1
      for (const text of [item.target, item.detail]) {
        for (const id of String(text ?? '').match(leadIdPattern) ?? []) ids.add(id.toLowerCase())
      }
    }
  }
  const { partitionKey, sortKey } = tables.leads
  const erased: PersonalRecord[] = []
  if (ids.size > 0) {
    for (const kind of countedKinds.leads) {
      for await (const items of queryPartition('leads', kind)) {
        for (const item of items) {
          const id = String(item.id ?? '').toLowerCase()
          if (!ids.has(id)) continue
          const key = { [partitionKey]: item[partitionKey], [sortKey]: item[sortKey] }
          await dynamo().send(new DeleteCommand({ TableName: tableName('leads'), Key: key }))
          await eraseLeadTraces({
            id: String(item.id),
            ...(typeof item.clockStartedAt === 'string' ? { clockStartedAt: item.clockStartedAt } : {}),
          })
          erased.push({
            kind,
            id: String(item.id),
            createdAt: String(item.createdAt ?? ''),
            name: String(item.name ?? item.email ?? ''),
          })
        }
      }
    }
  }
  if (erased.length > 0) {
    await recountCounters('leads')
    await reindexLeads()
  }
  return { entries, erased }
}
