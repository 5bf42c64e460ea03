import { businessToday } from '@core/business-days'
import { type InboxKind, type LeadSegment, leadSegments } from '@core/inbox-search'
import { type LeadStats, leadStatsWeeks } from '@core/lead-views'
import { closedLeadStatuses, type LeadStatus, leadStatuses } from '@core/pipeline-rules'
import { tables } from '../store-definitions'
import { counterPartition, countStored } from './counters'
import type { StoredSummary } from './inbox'
import { queryPartition } from './partition-io'

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

const { sortKey } = tables.leads

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

/** One figure a lead counts toward, and the value (INR) it adds to it. */
export interface LeadFigure {
  readonly key: string
  readonly valueInr: number
}

/**
 * The figures a lead with `summary` counts toward: its status (with its server estimate), the week it came
 * in, its segment, and, when it is closed, the month it was closed in (`closedAt`). What the live counts move
 * (countNewLead, countStatusMove) and what the repair recounts (reindex.ts), so the two agree.
 */
export function leadFigures(summary: StoredSummary, closedAt: Date): LeadFigure[] {
  const received: LeadFigure[] = [
    { key: statKeys.week(weekStart(new Date(summary.createdAt)), summary.kind), valueInr: 0 },
  ]
  if (summary.segment) received.push({ key: statKeys.segment(summary.segment), valueInr: 0 })
  // A lead merged into another was still received, but it is in no status any more: the survivor is.
  if (summary.mergedInto) return received
  const figures: LeadFigure[] = [
    { key: statKeys.status(summary.status), valueInr: summary.estimateInr ?? 0 },
    ...received,
  ]
  if (closedLeadStatuses.includes(summary.status)) {
    figures.push({ key: statKeys.closed(monthOf(closedAt), summary.status), valueInr: 0 })
  }
  return figures
}

const move = ({ key, valueInr }: LeadFigure, by: 1 | -1): Promise<void> =>
  countStored('leads', key, by, valueInr)

/** Counts a new lead: in its status (`new`), its week, its segment. */
export async function countNewLead(summary: StoredSummary, now: Date): Promise<void> {
  await Promise.all(leadFigures(summary, now).map((figure) => move(figure, 1)))
}

/**
 * Moves a lead's counts from its figures before a change of status to its figures after. Closing it counts
 * it in this month's closed leads; reopening it takes it out of the month it was closed in (`closedAt`, its
 * last status change). The figures it keeps (its week, its segment) are not written.
 */
export async function countStatusMove(
  before: StoredSummary,
  after: StoredSummary,
  closedAt: string | undefined,
  now: Date,
): Promise<void> {
  const same = (a: LeadFigure, b: LeadFigure) => a.key === b.key && a.valueInr === b.valueInr
  const was = leadFigures(before, closedAt ? new Date(closedAt) : now)
  const is = leadFigures(after, now)
  await Promise.all([
    ...was.filter((figure) => !is.some((kept) => same(figure, kept))).map((figure) => move(figure, -1)),
    ...is.filter((figure) => !was.some((kept) => same(figure, kept))).map((figure) => move(figure, 1)),
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
  for await (const items of queryPartition('leads', counterPartition)) {
    for (const item of items) {
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
export function shapeLeadStats(
  stats: readonly StoredStat[],
  followUpsDue: number,
  now: Date,
  retention: LeadStats['retention'],
): LeadStats {
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
    retention,
  }
}
