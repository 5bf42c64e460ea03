import { DeleteCommand, GetCommand, PutCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb'
import { businessDayEnd, businessDayStart, businessToday, isFollowUpDue } from '@core/business-days'
import { type InboxSummaryField, inboxSourceFields } from '@core/field-declarations'
import {
  classifySearch,
  type InboxKind,
  type LeadSegment,
  leadSegments,
  nameWords,
  phoneKey,
  unassignedFilter,
} from '@core/inbox-search'
import { leadFieldsOfKind } from '@core/lead-fields'
import { sourceKinds, storedSource } from '@core/lead-source'
import type { InboxPage, LeadSummary } from '@core/lead-views'
import { normaliseEmail } from '@core/newsletter'
import type { InboxQuery } from '@core/pipeline'
import { closedLeadStatuses, storedLeadStatus, storedLostReason } from '@core/pipeline-rules'
import { type RetentionReason, retentionClock } from '@core/retention'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { alarmedLogEvents } from '../log-events'
import { loggedError, logger } from '../logging'
import { tables } from '../store-definitions'
import { decodeCursor, encodeCursor } from './cursor'
import type { Partition } from './partition-access'
import { countPartition, queryPages } from './partition-io'
import { storedText, withoutUndefined } from './stored-values'

/**
 * The lead inbox's access patterns, without a Scan or a secondary index: each quote and contact has, beside
 * its own item (QUOTE or CONTACT partition), one small index entry per way staff find it, in partitions of
 * the leads table. Every entry holds the lead's summary (what the inbox shows and filters on, and the latest
 * note, which exports of a view show), so a page of
 * the inbox is one Query of one partition:
 *
 * | partition      | sort key                      | answers                                |
 * | -------------- | ----------------------------- | -------------------------------------- |
 * | INBOX          | `<time>#<id>`                 | every lead, newest first; kind, dates  |
 * | INBOX#STATUS   | `<status>#<time>#<id>`        | a status                               |
 * | INBOX#SEGMENT  | `<segment>#<time>#<id>`       | a segment (quotes)                     |
 * | INBOX#ASSIGNEE | `<username>#<time>#<id>`      | a colleague's leads; `-#…` unassigned  |
 * | INBOX#EMAIL    | `<e-mail>#<time>#<id>`        | search by e-mail                       |
 * | INBOX#PHONE    | `<last 10 digits>#<time>#<id>`| search by phone, in any format         |
 * | INBOX#PIN      | `<PIN>#<time>#<id>`           | search by PIN code                     |
 * | INBOX#NAME     | `<word>#<time>#<id>`          | search by the start of any name word   |
 * | INBOX#FOLLOWUP | `<date>#<at>#<time>#<id>`     | open leads by follow-up day and time   |
 * | INBOX#SOURCE   | `<form|manual>#<time>#<id>`,  | a source: every form lead, every lead  |
 * |                | `utm:<utm_source>#<time>#<id>`| added by hand, a UTM source            |
 * | INBOX#REF      | `<reference>#<time>#<id>`     | search by the visitor's reference      |
 * | INBOX#RETAIN   | `<reason>#<last change>#<time>#<id>` | the leads due for erasure (below; the entry holds the lead's kind, arrival and id only) |
 * | INBOX#ID       | `<id>`                        | a lead by its id (the detail page)     |
 *
 * Beside them, INBOX#WAITING (waiting.ts, `<clock start>#<id>`) lists the leads waiting for a first contact
 * for the response clock's sweep; its entries carry the clock's steps, not the summary.
 *
 * INBOX#RETAIN is the retention sweep's index (functions/lib/retention-sweep.ts): a lead falls due a period
 * after its last change (core/retention.ts), the period set by its reason (lost, won, or open and untouched).
 * Keying by the reason and the last change rather than by the due date itself means an owner's new period
 * needs no rewrite: "due by t" is, per reason, one key range up to t less that reason's period. A closed lead
 * is closed at its last change unless someone worked it afterwards, which keeps it from then on.
 *
 * The partition of the most selective filter is read (search, then the follow-ups due, assignee, source, status —
 * `new` for the leads waiting for a first contact —, segment, else INBOX), its key range narrowed to the
 * dates (or to the follow-up's day), the other filters applied by DynamoDB on the entries' attributes.
 * Views of work to do (waiting, due) list oldest first; the others newest first.
 * The lead's own item stays the truth: entries are rewritten after each change (lead-changes.ts), and
 * `npm run admin -- reindex-leads` rebuilds them all (leads stored before the inbox existed, or a failed
 * rewrite, which is logged for an alarm).
 */

export type IndexPartition = Extract<Partition<'leads'>, `INBOX${string}`>

/** The lead kinds the inbox lists, by their partition. */
export const inboxKindOf = { QUOTE: 'quote', CONTACT: 'contact' } as const satisfies Record<string, InboxKind>
export type InboxLeadKind = keyof typeof inboxKindOf
export const partitionOfKind: Readonly<Record<InboxKind, InboxLeadKind>> = {
  quote: 'QUOTE',
  contact: 'CONTACT',
}

const { partitionKey, sortKey } = tables.leads
const leadsTable = (): string => tableName('leads')

/** The lead's summary, as every entry holds it (`followUpDue` is worked out when read). */
export type StoredSummary = Omit<LeadSummary, 'followUpDue'>

/** The assignee part of an unassigned lead's INBOX#ASSIGNEE entry. */
const unassignedKey = '-'

/** A value inside a sort key: `#` separates the parts, so it is escaped (with `%`, itself escaped). */
export const keyPart = (value: string): string => value.replaceAll('%', '%25').replaceAll('#', '%23')

/** A quote's capacity as stored (a number; a numeric text from an older form), else undefined. */
function capacityOf(value: unknown): number | undefined {
  const kW = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof kW === 'number' && Number.isFinite(kW) && kW > 0 ? kW : undefined
}

/** The summary of a stored quote or contact (its own item, key attributes or not). */
export function leadSummary(kind: InboxLeadKind, item: Record<string, unknown>): StoredSummary {
  const segment = kind === 'QUOTE' && leadSegments.includes(item.category as LeadSegment)
  const estimate = (item.serverEstimate as { estimatedCostInr?: unknown } | undefined)?.estimatedCostInr
  const lostReason = storedLostReason(item.lostReason)
  // The stored fields that fill the summary's name, e-mail, phone and PIN code (lead-fields.ts `inbox`).
  const source = inboxSourceFields(leadFieldsOfKind[kind])
  const declared = (field: InboxSummaryField) => {
    const name = source[field]
    return name === undefined ? undefined : storedText(item[name])
  }
  const summary: Record<string, unknown> = {
    id: String(item.id),
    kind: inboxKindOf[kind],
    createdAt: String(item.createdAt),
    name: declared('name'),
    email: declared('email'),
    phone: declared('phone'),
    pincode: declared('pincode'),
    segment: segment ? item.category : undefined,
    estimateInr: typeof estimate === 'number' ? estimate : undefined,
    capacityKw: kind === 'QUOTE' ? capacityOf(item.capacityKw) : undefined,
    // A lead stored before sources existed came from its form.
    source: storedSource(inboxKindOf[kind], item.source),
    utmSource: storedText(item.utmSource),
    utmCampaign: storedText(item.utmCampaign),
    status: storedLeadStatus(item.status),
    version: Number(item.version ?? 0),
    assignee: storedText(item.assignee),
    followUpOn: storedText(item.followUpOn),
    followUpAt: storedText(item.followUpOn) ? storedText(item.followUpAt) : undefined,
    firstContactAt: storedText(item.firstContactAt),
    lostReason,
    lostNote: lostReason ? storedText(item.lostNote) : undefined,
    latestNote: storedText(item.latestNote),
    updatedAt: storedText(item.updatedAt),
    mergedInto: storedText(item.mergedInto),
    reference: storedText(item.reference),
    retentionAskedAt: storedText(item.retentionAskedAt),
  }
  return withoutUndefined<StoredSummary>(summary)
}

/** The key of a lead's own item. */
export function leadKey(summary: Pick<StoredSummary, 'kind' | 'createdAt' | 'id'>): Record<string, string> {
  return { [partitionKey]: partitionOfKind[summary.kind], [sortKey]: `${summary.createdAt}#${summary.id}` }
}

/** The keys of every entry a lead with this summary has: the partition and the sort key. */
export function entryKeys(summary: StoredSummary): { pk: Partition<'leads'>; sk: string }[] {
  const suffix = `${summary.createdAt}#${summary.id}`
  // A lead merged into another keeps only its entry by id: its link still opens it (and says where it went),
  // but no view, search or person lists it any more.
  if (summary.mergedInto) return [{ pk: 'INBOX#ID', sk: summary.id }]
  const keys: { pk: Partition<'leads'>; sk: string }[] = [
    { pk: 'INBOX', sk: suffix },
    { pk: 'INBOX#ID', sk: summary.id },
    { pk: 'INBOX#STATUS', sk: `${summary.status}#${suffix}` },
  ]
  const by = (pk: Partition<'leads'>, value: string | undefined) => {
    if (value) keys.push({ pk, sk: `${keyPart(value)}#${suffix}` })
  }
  by('INBOX#SEGMENT', summary.segment)
  // A lead nobody has is found under `-`, which no username is (admin.ts: 3 characters or more).
  by('INBOX#ASSIGNEE', summary.assignee ?? unassignedKey)
  by('INBOX#EMAIL', summary.email ? normaliseEmail(summary.email) : undefined)
  by('INBOX#PHONE', phoneKey(summary.phone))
  by('INBOX#PIN', summary.pincode)
  by('INBOX#REF', summary.reference)
  by('INBOX#SOURCE', summary.source?.kind)
  by('INBOX#SOURCE', summary.utmSource === undefined ? undefined : utmSourceKey(summary.utmSource))
  for (const word of new Set(nameWords(summary.name).slice(0, 4))) by('INBOX#NAME', word)
  keys.push({ pk: 'INBOX#RETAIN', sk: retentionSortKey(summary) })
  // A closed lead needs no follow-up: only open ones are found by date, and within a day by the follow-up's
  // time (none first: a whole-day follow-up), so Due today lists the day's calls in their order.
  if (!closedLeadStatuses.includes(summary.status) && summary.followUpOn) {
    keys.push({
      pk: 'INBOX#FOLLOWUP',
      sk: `${keyPart(summary.followUpOn)}#${keyPart(summary.followUpAt ?? '')}#${suffix}`,
    })
  }
  return keys
}

/** Why a lead with this status falls due for erasure (core/retention.ts), before any ask. */
export function retentionReasonOf(status: StoredSummary['status']): RetentionReason {
  return status === 'lost' || status === 'won' ? status : 'untouched'
}

/**
 * The sort key of a lead's INBOX#RETAIN entry: its reason, then the time its clock runs from (its last change,
 * its arrival when none; the ask's time while an ask to confirm is pending: core/retention.ts retentionClock).
 */
export function retentionSortKey(summary: StoredSummary): string {
  const { reason, since } = retentionClock(summary)
  return `${reason}#${since}#${summary.createdAt}#${summary.id}`
}

/**
 * What an INBOX#RETAIN entry holds besides its key: what finds the lead's own item (its kind, arrival and id),
 * no personal data. No view lists it; the sweep re-reads the lead itself, the dashboard counts the entries, and
 * a lean entry is a fraction of a summary's bytes to count (older full entries read the same).
 */
export type RetainedSummary = Pick<StoredSummary, 'id' | 'kind' | 'createdAt'>

/** The INBOX#RETAIN entry item of a lead with this summary. */
export function retainedEntryItem(summary: StoredSummary): Record<string, unknown> {
  const lean: RetainedSummary = { id: summary.id, kind: summary.kind, createdAt: summary.createdAt }
  return { ...lean, [partitionKey]: 'INBOX#RETAIN', [sortKey]: retentionSortKey(summary) }
}

/**
 * The entry items of a lead with this summary: its summary under each of its keys (entryKeys), but the
 * retention index's, which is lean (retainedEntryItem).
 */
export function entryItems(summary: StoredSummary): Record<string, unknown>[] {
  return entryKeys(summary).map((key) =>
    key.pk === 'INBOX#RETAIN'
      ? retainedEntryItem(summary)
      : { ...summary, [partitionKey]: key.pk, [sortKey]: key.sk },
  )
}

/**
 * Writes the entries of a lead whose summary is now `summary`, and deletes those of `previous` that it no
 * longer has (a status, assignee or follow-up that changed). Returns false, after logging for an alarm, when
 * a write failed: the lead's own item is stored already, so this is never the request's error.
 */
export async function writeEntries(summary: StoredSummary, previous?: StoredSummary): Promise<boolean> {
  const items = entryItems(summary)
  const kept = new Set(items.map((item) => `${item[partitionKey]}\n${item[sortKey]}`))
  const stale = previous ? entryKeys(previous).filter((key) => !kept.has(`${key.pk}\n${key.sk}`)) : []
  const results = await Promise.allSettled([
    ...items.map((item) => dynamo().send(new PutCommand({ TableName: leadsTable(), Item: item }))),
    ...stale.map((key) =>
      dynamo().send(
        new DeleteCommand({ TableName: leadsTable(), Key: { [partitionKey]: key.pk, [sortKey]: key.sk } }),
      ),
    ),
  ])
  const failed = results.find((result) => result.status === 'rejected')
  if (!failed) return true
  logger.error(
    `${alarmedLogEvents.leadIndexNotUpdated}; the lead is stored (repair: npm run admin -- reindex-leads)`,
    { lead: summary.id, error: loggedError((failed as PromiseRejectedResult).reason) },
  )
  return false
}

/** The entry of a lead by its id (its summary), or undefined. */
export async function entryById(id: string): Promise<StoredSummary | undefined> {
  const reply = await dynamo().send(
    new GetCommand({ TableName: leadsTable(), Key: { [partitionKey]: 'INBOX#ID', [sortKey]: id } }),
  )
  return reply.Item ? withoutEntryKey(reply.Item) : undefined
}

function withoutEntryKey(item: Record<string, unknown>): StoredSummary {
  const { [partitionKey]: _pk, [sortKey]: _sk, ...summary } = item
  return summary as unknown as StoredSummary
}

/** The largest page of the inbox. */
export const maxInboxPageSize = 100
/** At most this many entries are read for one page: a rare combination of filters answers in parts. */
const maxEntriesRead = 2000

interface Plan {
  readonly pk: IndexPartition
  /** The sort key's fixed start in this partition (`<value>#`), '' for INBOX and INBOX#FOLLOWUP. */
  readonly prefix: string
  /** The name index: the prefix is the start of a word, so dates are filtered, not in the key range. */
  readonly wordPrefix?: boolean
  /** Words of a name search after the first: each must start a word of the name. */
  readonly moreWords?: readonly string[]
  /** The follow-up index's key range (its keys start with the follow-up's day, not the lead's time). */
  readonly days?: { readonly low: string; readonly high: string }
  /** A view of work to do (waiting, follow-ups due): the oldest first. */
  readonly oldestFirst: boolean
}

/**
 * The INBOX#SOURCE value of a UTM source (`utm:google`), before escaping: apart from `form` and `manual`,
 * whatever the campaign tool called its source.
 */
const utmSourceKey = (value: string): string => `utm:${value}`

/** The INBOX#SOURCE key part the source filter reads (escaped): `form`, `manual` or a UTM source's. */
const sourceKeyOf = (filter: string): string =>
  keyPart((sourceKinds as readonly string[]).includes(filter) ? filter : utmSourceKey(filter))

/** The status a view lists: its own, or `new` for the leads waiting for a first contact. */
const statusOf = (query: InboxQuery) => query.status ?? (query.waiting ? 'new' : undefined)

/** Which partition answers `query` at `now`, with which fixed start of its sort keys. */
export function inboxPlan(query: InboxQuery, now = new Date()): Plan {
  const oldestFirst = query.waiting !== undefined || query.due !== undefined
  const search = query.q ? classifySearch(query.q) : undefined
  if (search?.by === 'email') return { pk: 'INBOX#EMAIL', prefix: `${keyPart(search.value)}#`, oldestFirst }
  if (search?.by === 'phone') return { pk: 'INBOX#PHONE', prefix: `${search.value}#`, oldestFirst }
  if (search?.by === 'pincode') return { pk: 'INBOX#PIN', prefix: `${search.value}#`, oldestFirst }
  if (search?.by === 'reference') return { pk: 'INBOX#REF', prefix: `${search.value}#`, oldestFirst }
  if (search?.by === 'name') {
    return {
      pk: 'INBOX#NAME',
      prefix: keyPart(search.value),
      wordPrefix: true,
      moreWords: search.words.slice(1),
      oldestFirst,
    }
  }
  if (query.due) {
    const today = businessToday(now)
    // Today's day, or every day before it: `<day>#…` sorts after `<day>` itself.
    const days = query.due === 'today' ? { low: `${today}#`, high: `${today}#~` } : { low: '0', high: today }
    return { pk: 'INBOX#FOLLOWUP', prefix: '', days, oldestFirst }
  }
  if (query.assignee) {
    const assignee = query.assignee === unassignedFilter ? unassignedKey : keyPart(query.assignee)
    return { pk: 'INBOX#ASSIGNEE', prefix: `${assignee}#`, oldestFirst }
  }
  if (query.source) return { pk: 'INBOX#SOURCE', prefix: `${sourceKeyOf(query.source)}#`, oldestFirst }
  const status = statusOf(query)
  if (status) return { pk: 'INBOX#STATUS', prefix: `${status}#`, oldestFirst }
  if (query.segment) return { pk: 'INBOX#SEGMENT', prefix: `${query.segment}#`, oldestFirst }
  return { pk: 'INBOX', prefix: '', oldestFirst }
}

/** The Query of the view `query` at `now` (without its start or page size), and the plan it follows. */
function inboxQueryInput(
  query: InboxQuery,
  now: Date,
): {
  readonly plan: Plan
  readonly input: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey'>
} {
  const plan = inboxPlan(query, now)
  const names: Record<string, string> = { '#pk': partitionKey }
  const values: Record<string, unknown> = { ':pk': plan.pk }
  let keyCondition = '#pk = :pk'
  const filters: string[] = []
  if (plan.wordPrefix || plan.days) {
    names['#sk'] = sortKey
    if (plan.days) {
      keyCondition += ' AND #sk BETWEEN :low AND :high'
      values[':low'] = plan.days.low
      values[':high'] = plan.days.high
    } else {
      keyCondition += ' AND begins_with(#sk, :prefix)'
      values[':prefix'] = plan.prefix
    }
    if (query.from) {
      filters.push('createdAt >= :from')
      values[':from'] = businessDayStart(query.from)
    }
    if (query.to) {
      filters.push('createdAt <= :to')
      values[':to'] = businessDayEnd(query.to)
    }
  } else if (query.from || query.to || plan.prefix !== '') {
    keyCondition += ' AND #sk BETWEEN :low AND :high'
    names['#sk'] = sortKey
    values[':low'] = `${plan.prefix}${query.from ? businessDayStart(query.from) : '0'}`
    values[':high'] = `${plan.prefix}${query.to ? businessDayEnd(query.to) : '9'}~`
  }
  const filter = (attribute: 'kind' | 'status' | 'segment' | 'assignee', value: string | undefined) => {
    if (value === undefined || plan.pk === `INBOX#${attribute.toUpperCase()}`) return
    names[`#${attribute}`] = attribute
    if (attribute === 'assignee' && value === unassignedFilter) {
      filters.push(`attribute_not_exists(#${attribute})`)
      return
    }
    values[`:${attribute}`] = value
    filters.push(`#${attribute} = :${attribute}`)
  }
  filter('kind', query.kind)
  filter('status', statusOf(query))
  filter('segment', query.segment)
  filter('assignee', query.assignee)
  if (query.source !== undefined && plan.pk !== 'INBOX#SOURCE') {
    if ((sourceKinds as readonly string[]).includes(query.source)) {
      names['#source'] = 'source'
      names['#sourceKind'] = 'kind'
      values[':source'] = query.source
      filters.push('#source.#sourceKind = :source')
    } else {
      names['#utmSource'] = 'utmSource'
      values[':source'] = query.source
      filters.push('#utmSource = :source')
    }
  }
  // Waiting: no attempt yet (the first one stamps firstContactAt).
  if (query.waiting) filters.push('attribute_not_exists(firstContactAt)')
  if (query.due && plan.pk !== 'INBOX#FOLLOWUP') {
    filters.push(query.due === 'today' ? 'followUpOn = :today' : 'followUpOn < :today')
    values[':today'] = businessToday(now)
    // Only open leads have a follow-up due (the follow-up index holds no others).
    if (statusOf(query) === undefined) {
      names['#status'] = 'status'
      const closed = closedLeadStatuses.map((status, index) => {
        values[`:closed${index}`] = status
        return `:closed${index}`
      })
      filters.push(`NOT (#status IN (${closed.join(', ')}))`)
    }
  }
  return {
    plan,
    input: {
      TableName: leadsTable(),
      KeyConditionExpression: keyCondition,
      ...(filters.length > 0 ? { FilterExpression: filters.join(' AND ') } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: plan.oldestFirst,
    },
  }
}

/**
 * One page of the inbox for `query`, newest first (a name search: by the matching word, then newest
 * first; a waiting or due view oldest first, the follow-ups by their day), at most `limit` leads; `nextCursor` when more may match. One partition is read (inboxPlan), in
 * Queries of at most 4× the page, until the page is full or maxEntriesRead entries were looked at.
 */
export async function listInbox(
  query: InboxQuery,
  limit: number,
  now = new Date(),
): Promise<Omit<InboxPage, 'total'>> {
  const { plan, input } = inboxQueryInput(query, now)
  const pageSize = Math.min(Math.max(1, Math.trunc(limit) || 1), maxInboxPageSize)
  const items: LeadSummary[] = []
  const seen = new Set<string>()
  let read = 0
  let lastKey: Record<string, unknown> | undefined
  let more = false
  const pages = queryPages({
    ...input,
    Limit: Math.min(pageSize * 4, 400),
    ExclusiveStartKey: decodeCursor(query.cursor, tables.leads, plan.pk),
  })
  for await (const page of pages) {
    read += page.ScannedCount ?? 0
    for (const item of page.Items ?? []) {
      lastKey = { [partitionKey]: item[partitionKey], [sortKey]: item[sortKey] }
      const summary = withoutEntryKey(item)
      if (seen.has(summary.id) || !matchesWords(summary, plan.moreWords)) continue
      seen.add(summary.id)
      items.push({ ...summary, followUpDue: isFollowUpOpen(summary, now) })
      if (items.length === pageSize) break
    }
    more = page.LastEvaluatedKey !== undefined
    if (items.length === pageSize) {
      // The page ends at its last lead: the next starts after it, even within what this Query read.
      more = more || lastKey?.[sortKey] !== page.Items?.at(-1)?.[sortKey]
      break
    }
    if (!more) break
    lastKey = page.LastEvaluatedKey
    if (read >= maxEntriesRead) break
  }
  const nextCursor = more ? encodeCursor(lastKey) : undefined
  return nextCursor ? { items, nextCursor } : { items }
}

/**
 * Every lead of the view `query` (its filters; its cursor is not read): the same leads in the same order as
 * the inbox's pages one after the other, one Query of at most `pageSize` entries at a time, as their summaries. A lead found
 * twice (two words of its name start with the search) comes once. No limit on the entries read: a caller
 * reading a whole view is bounded by its own time.
 */
export async function* inboxView(
  query: InboxQuery,
  pageSize: number,
  now = new Date(),
): AsyncGenerator<StoredSummary[]> {
  const { plan, input } = inboxQueryInput(query, now)
  // Only the name index holds a lead more than once.
  const seen = plan.wordPrefix ? new Set<string>() : undefined
  for await (const page of queryPages({ ...input, Limit: pageSize })) {
    const summaries: StoredSummary[] = []
    for (const item of page.Items ?? []) {
      const summary = withoutEntryKey(item)
      if (seen?.has(summary.id) || !matchesWords(summary, plan.moreWords)) continue
      seen?.add(summary.id)
      summaries.push(summary)
    }
    yield summaries
  }
}

function matchesWords(summary: StoredSummary, words: readonly string[] | undefined): boolean {
  if (!words || words.length === 0) return true
  const have = nameWords(summary.name)
  return words.every((word) => have.some((candidate) => candidate.startsWith(word)))
}

/** Whether an open lead's follow-up is due (a closed lead is never flagged). */
export function isFollowUpOpen(summary: StoredSummary, now: Date): boolean {
  return !closedLeadStatuses.includes(summary.status) && isFollowUpDue(summary.followUpOn, now)
}

/**
 * How many open leads have a follow-up today or earlier (paged `Select: COUNT` Queries of INBOX#FOLLOWUP up to
 * today's date: only the due entries are read).
 */
export async function countFollowUpsDue(today: string): Promise<number> {
  return countPartition('leads', 'INBOX#FOLLOWUP', { sortKeyBefore: `${today}~` })
}
