import { DeleteCommand } from '@aws-sdk/lib-dynamodb'
import { dayMs } from '@core/date-labels'
import {
  addMonths,
  type RetentionPeriods,
  type RetentionReason,
  retentionAskDays,
  retentionDue,
  retentionGraceMs,
} from '@core/retention'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import type { RetainedSummary } from './inbox'
import { countPartition, queryPages, queryPartition } from './partition-io'

/**
 * The retention index (INBOX#RETAIN, written with the inbox's entries, inbox.ts): each quote and contact has
 * one entry, `<reason>#<last change>#<arrival>#<id>`, holding its summary. A lead is due its reason's period
 * after its last change (core/retention.ts), so "every lead due by t" is one key range per reason, up to t
 * less that reason's period: the sweep and the dashboard read only those entries, never a Scan. An open lead
 * whose person the sweep asked to confirm is filed as `asked#<ask>#…` until it is touched or erased: due
 * `retentionAskDays` after the ask.
 */
export const retentionPartition = 'INBOX#RETAIN'

/** The setting that holds each reason's period (an ask's answer time is fixed: retentionAskDays). */
export const retentionPeriodOf: Readonly<Record<Exclude<RetentionReason, 'asked'>, keyof RetentionPeriods>> =
  {
    lost: 'lostMonths',
    won: 'wonMonths',
    untouched: 'untouchedMonths',
  }

export const retentionReasons: readonly RetentionReason[] = ['lost', 'won', 'untouched', 'asked']

/** One entry of the index: the lead's summary, its key in the index, and when it falls due. */
export interface RetainedEntry {
  readonly sk: string
  readonly reason: RetentionReason
  readonly summary: RetainedSummary
  readonly dueAt: string
}

const { partitionKey, sortKey } = tables.leads

/**
 * The entries due at or before `by` under `periods` (each entry's due date computed as the sweep's), oldest
 * last change first, a Query of at most `pageSize` entries of each reason's key range at a time.
 */
export async function* retainedDueBy(
  by: Date,
  periods: RetentionPeriods,
  pageSize = 200,
): AsyncGenerator<RetainedEntry[]> {
  for (const reason of retentionReasons) {
    // Every entry that can be due by `by` started before the band's end (dueCountRanges).
    const { bandEnd } = dueCountRanges(reason, by, periods)
    const pages = queryPages({
      TableName: tableName('leads'),
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :low AND :high',
      ExpressionAttributeNames: { '#pk': partitionKey, '#sk': sortKey },
      // A key `<reason>#<time>#…` sorts before `<reason>#<band end>` when its time is before the band's end.
      ExpressionAttributeValues: {
        ':pk': retentionPartition,
        ':low': `${reason}#`,
        ':high': `${reason}#${bandEnd.toISOString()}`,
      },
      Limit: pageSize,
    })
    for await (const page of pages) {
      const entries = (page.Items ?? []).flatMap((item) => {
        const entry = retainedEntryOf(reason, item, periods)
        return entry && Date.parse(entry.dueAt) <= by.getTime() ? [entry] : []
      })
      if (entries.length > 0) yield entries
    }
  }
}

/** When an entry of `reason` filed under `since` (its key's time) falls due, as the sweep computes it. */
function entryDueAt(reason: RetentionReason, since: string, periods: RetentionPeriods): string {
  const status = reason === 'lost' || reason === 'won' ? reason : 'new'
  return retentionDue(
    {
      status,
      createdAt: since,
      updatedAt: since,
      ...(reason === 'asked' ? { retentionAskedAt: since } : {}),
    },
    periods,
  ).dueAt
}

function retainedEntryOf(
  reason: RetentionReason,
  item: Record<string, unknown>,
  periods: RetentionPeriods,
): RetainedEntry | undefined {
  const { [partitionKey]: _pk, [sortKey]: sk, ...rest } = item
  const summary = rest as unknown as RetainedSummary
  if (typeof sk !== 'string' || typeof summary.id !== 'string') return undefined
  // The key's time, not the summary's: the key is what the entry is filed under (the last change, or the ask).
  const since = sk.split('#')[1] ?? summary.createdAt
  // An entry written by hand or by an older version, whose key holds no time: not one the sweep can date.
  if (Number.isNaN(Date.parse(since)) || Number.isNaN(Date.parse(String(summary.createdAt)))) return undefined
  return { sk, reason, summary, dueAt: entryDueAt(reason, since, periods) }
}

/** Deletes one entry of the index (a stale one, or that of a lead just erased). */
export async function deleteRetainedEntry(sk: string): Promise<void> {
  await dynamo().send(
    new DeleteCommand({
      TableName: tableName('leads'),
      Key: { [partitionKey]: retentionPartition, [sortKey]: sk },
    }),
  )
}

/** What the dashboard shows of retention: leads falling due within `retentionHorizonDays`, and overdue. */
export interface RetentionFigures {
  /** Due within the horizon, or past their date by less than a day (the daily sweep erases them). */
  readonly due: number
  /** Past their date by more than a day: the sweep missed them (a failure it logged, or it did not run). */
  readonly overdue: number
}

export const retentionHorizonDays = 30

/** The UTC midnight of the day of `time` (ms). */
const dayStart = (time: number) => time - (((time % dayMs) + dayMs) % dayMs)

/**
 * Where the entries of `reason` due at or before `by` lie in the index, by their clock's start (the key's
 * time): every entry started before `certainBefore` is due, every one from `bandEnd` on is not, and those
 * between (the start days whose due date falls on `by`'s own day: none to four days, four at a month's end,
 * where 28 to 31 January all fall due on 28 February) are each decided by their own due date. A period in
 * months moves the date and keeps the time of day, and a later start day never falls due on an earlier day:
 * so the days split, and only the band needs its entries read. An ask falls due 14 days after it, to the
 * millisecond: it has no band.
 */
export function dueCountRanges(
  reason: RetentionReason,
  by: Date,
  periods: RetentionPeriods,
): { readonly certainBefore: Date; readonly bandEnd: Date } {
  if (reason === 'asked') {
    const after = new Date(by.getTime() - retentionAskDays * dayMs + 1)
    return { certainBefore: after, bandEnd: after }
  }
  const months = periods[retentionPeriodOf[reason]]
  const byDay = dayStart(by.getTime())
  const dueDay = (start: number) => dayStart(addMonths(new Date(start), months).getTime())
  let start = dayStart(addMonths(new Date(byDay), -months).getTime())
  while (dueDay(start - dayMs) >= byDay) start -= dayMs
  while (dueDay(start) < byDay) start += dayMs
  let end = start
  while (dueDay(end) === byDay) end += dayMs
  return { certainBefore: new Date(start), bandEnd: new Date(end) }
}

/**
 * How many entries of `reason` are due at or before each of `bys` (in ascending order): the key ranges that
 * are all due are counted (Select COUNT: no entry is sent, and each range is read once for all the dates),
 * and only the bands' keys are read and decided one by one.
 */
async function countDueBy(
  reason: RetentionReason,
  bys: readonly Date[],
  periods: RetentionPeriods,
): Promise<number[]> {
  const key = (time: Date) => `${reason}#${time.toISOString()}`
  const ranges = bys.map((by) => ({ by: by.getTime(), ...dueCountRanges(reason, by, periods) }))
  // Keys are `<reason>#<ISO time>#…`: a key sorts before `<reason>#<t>` when its time is before t.
  const segments = ranges.map((range, index) =>
    countPartition('leads', retentionPartition, {
      sortKeyBetween: [
        index === 0 ? `${reason}#` : key(ranges[index - 1]?.certainBefore ?? range.certainBefore),
        key(range.certainBefore),
      ],
    }),
  )
  const bands = ranges.map(async ({ by, certainBefore, bandEnd }) => {
    if (bandEnd.getTime() <= certainBefore.getTime()) return 0
    let due = 0
    for await (const items of queryPartition('leads', retentionPartition, {
      sortKeyBetween: [key(certainBefore), key(bandEnd)],
      projection: { expression: '#sk' },
    })) {
      for (const item of items) {
        const since = String(item[sortKey]).split('#')[1] ?? ''
        if (!Number.isNaN(Date.parse(since)) && Date.parse(entryDueAt(reason, since, periods)) <= by) due += 1
      }
    }
    return due
  })
  const [counted, decided] = await Promise.all([Promise.all(segments), Promise.all(bands)])
  let certain = 0
  return counted.map((segment, index) => {
    certain += segment
    return certain + (decided[index] ?? 0)
  })
}

/**
 * The dashboard's retention figures at `now` (core/retention.ts retentionState), from the index alone: how
 * many entries are due by the horizon, and how many of them were due before now less the sweep's day of
 * grace (overdue). Counted, not read: a store the sweep has not kept up with holds thousands of due entries,
 * and the dashboard must still open at once.
 */
export async function retentionFigures(now: Date, periods: RetentionPeriods): Promise<RetentionFigures> {
  const overdueBy = new Date(now.getTime() - retentionGraceMs - 1)
  const horizon = new Date(now.getTime() + retentionHorizonDays * dayMs)
  const counts = await Promise.all(
    retentionReasons.map((reason) => countDueBy(reason, [overdueBy, horizon], periods)),
  )
  const overdue = counts.reduce((sum, [early = 0]) => sum + early, 0)
  const total = counts.reduce((sum, [, late = 0]) => sum + late, 0)
  return { due: total - overdue, overdue }
}
