import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import {
  businessToday,
  closedLeadStatuses,
  type InboxKind,
  type LeadSegment,
  type LeadStats,
  type LeadStatus,
  leadSegments,
  leadStatsWeeks,
  leadStatuses,
} from '@core/pipeline'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../stores'
import { countAfterWrite, counterPartition } from './counters'
import type { StoredSummary } from './inbox'
import { queryPages } from './query-pages'

/**
 * The workspace's figures, kept as counters in the leads table's COUNTER partition beside the per-kind totals
 * (so the dashboard reads them with one Query, never by counting leads):
 * - `STATUS#<status>`: leads in the status now, `count` and `valueInr` (the sum of their server estimates);
 * - `WEEK#<Monday>#<kind>`: leads received in the week starting that Monday (company time zone);
 * - `SEGMENT#<segment>`: quotes received per segment;
 * - `CLOSED#<YYYY-MM>#<won|lost>`: leads closed in that month and still closed.
 * Each moves after the write it counts; a failed move is logged for an alarm, and
 * `npm run admin -- reindex-leads` recounts them all.
 */

const { partitionKey, sortKey } = tables.leads
const leadsTable = (): string => tableName('leads')

/** The Monday (YYYY-MM-DD) of the week of `now`, in the company's time zone. */
export function weekStart(now: Date): string {
  const today = new Date(`${businessToday(now)}T00:00:00Z`)
  const daysSinceMonday = (today.getUTCDay() + 6) % 7
  return new Date(today.getTime() - daysSinceMonday * 86_400_000).toISOString().slice(0, 10)
}

/** The month (YYYY-MM) of `now` in the company's time zone. */
export const monthOf = (now: Date): string => businessToday(now).slice(0, 7)

export const statKeys = {
  status: (status: LeadStatus) => `STATUS#${status}`,
  week: (monday: string, kind: InboxKind) => `WEEK#${monday}#${kind}`,
  segment: (segment: LeadSegment) => `SEGMENT#${segment}`,
  closed: (month: string, status: LeadStatus) => `CLOSED#${month}#${status}`,
} as const

/** Whether a counter of the COUNTER partition is one of the workspace's figures (not a per-kind total). */
export function isLeadStatKey(key: string): boolean {
  return /^(STATUS|WEEK|SEGMENT|CLOSED)#/.test(key)
}

function move(key: string, by: 1 | -1, valueInr = 0): Promise<void> {
  return countAfterWrite('leads', key, by, () =>
    dynamo().send(
      new UpdateCommand({
        TableName: leadsTable(),
        Key: { [partitionKey]: counterPartition, [sortKey]: key },
        UpdateExpression: 'ADD #count :by, valueInr :value',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':by': by, ':value': by * valueInr },
      }),
    ),
  )
}

/** Counts a new lead: in `new`, in its week, in its segment. */
export async function countNewLead(summary: StoredSummary, now: Date): Promise<void> {
  await Promise.all([
    move(statKeys.status(summary.status), 1, summary.estimateInr),
    move(statKeys.week(weekStart(now), summary.kind), 1),
    ...(summary.segment ? [move(statKeys.segment(summary.segment), 1)] : []),
  ])
}

const isClosed = (status: LeadStatus): boolean => closedLeadStatuses.includes(status)

/**
 * Moves a lead's counts from its old status to its new one. Closing it counts it in this month's closed
 * leads; reopening it takes it out of the month it was closed in (`closedAt`, its last status change).
 */
export async function countStatusMove(
  before: StoredSummary,
  after: StoredSummary,
  closedAt: string | undefined,
  now: Date,
): Promise<void> {
  await Promise.all([
    move(statKeys.status(before.status), -1, before.estimateInr),
    move(statKeys.status(after.status), 1, after.estimateInr),
    ...(isClosed(after.status) ? [move(statKeys.closed(monthOf(now), after.status), 1)] : []),
    ...(isClosed(before.status)
      ? [move(statKeys.closed(monthOf(closedAt ? new Date(closedAt) : now), before.status), -1)]
      : []),
  ])
}

/** A counter of the COUNTER partition: its key, count and value. */
export interface StoredStat {
  readonly key: string
  readonly count: number
  readonly valueInr: number
}

/** Every counter of the leads table (one paged Query of a partition of a few hundred items at most). */
export async function readLeadStats(): Promise<StoredStat[]> {
  const stats: StoredStat[] = []
  const pages = queryPages({
    TableName: leadsTable(),
    KeyConditionExpression: '#pk = :counter',
    ExpressionAttributeNames: { '#pk': partitionKey },
    ExpressionAttributeValues: { ':counter': counterPartition },
  })
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      stats.push({
        key: String(item[sortKey]),
        count: Math.max(0, Number(item.count) || 0),
        valueInr: Math.max(0, Number(item.valueInr) || 0),
      })
    }
  }
  return stats
}

/** The dashboard's charts from the stored counters (`today`'s week and month, company time zone). */
export function shapeLeadStats(stats: readonly StoredStat[], followUpsDue: number, now: Date): LeadStats {
  const byKey = new Map(stats.map((stat) => [stat.key, stat]))
  const count = (key: string) => byKey.get(key)?.count ?? 0
  const thisWeek = new Date(`${weekStart(now)}T00:00:00Z`).getTime()
  const weeks = Array.from({ length: leadStatsWeeks }, (_, index) => {
    const start = new Date(thisWeek - (leadStatsWeeks - 1 - index) * 7 * 86_400_000)
      .toISOString()
      .slice(0, 10)
    return {
      start,
      quote: count(statKeys.week(start, 'quote')),
      contact: count(statKeys.week(start, 'contact')),
    }
  })
  const month = monthOf(now)
  const won = count(statKeys.closed(month, 'won'))
  const lost = count(statKeys.closed(month, 'lost'))
  return {
    weeks,
    pipeline: leadStatuses.map((status) => ({
      status,
      count: count(statKeys.status(status)),
      valueInr: byKey.get(statKeys.status(status))?.valueInr ?? 0,
    })),
    month: { month, won, lost, winRate: won + lost === 0 ? null : won / (won + lost) },
    segments: leadSegments.map((segment) => ({ segment, count: count(statKeys.segment(segment)) })),
    followUpsDue,
  }
}
