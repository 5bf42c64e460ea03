import { DeleteCommand } from '@aws-sdk/lib-dynamodb'
import {
  addMonths,
  type RetentionPeriods,
  type RetentionReason,
  retentionAskDays,
  retentionDue,
  retentionState,
} from '@core/retention'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import type { StoredSummary } from './inbox'
import { queryPages } from './partition-io'

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

/** The latest clock start (the key's time) of an entry of `reason` that can be due by `by`. */
function clockCutoff(reason: RetentionReason, by: Date, periods: RetentionPeriods): Date {
  if (reason === 'asked') return new Date(by.getTime() - retentionAskDays * 24 * 60 * 60 * 1000)
  return new Date(addMonths(by, -periods[retentionPeriodOf[reason]]).getTime() + monthEndSlackMs)
}

/** One entry of the index: the lead's summary, its key in the index, and when it falls due. */
export interface RetainedEntry {
  readonly sk: string
  readonly reason: RetentionReason
  readonly summary: StoredSummary
  readonly dueAt: string
}

const { partitionKey, sortKey } = tables.leads

/**
 * Month ends make "a month before" and "a month after" differ by up to three days (31 March + 1 month is
 * 30 April): the key range reaches this far past the cut-off, and each entry's own due date decides.
 */
const monthEndSlackMs = 3 * 24 * 60 * 60 * 1000

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
    const cutoff = clockCutoff(reason, by, periods)
    const pages = queryPages({
      TableName: tableName('leads'),
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :low AND :high',
      ExpressionAttributeNames: { '#pk': partitionKey, '#sk': sortKey },
      // `~` sorts after every character of an ISO time: the whole of the cut-off's instant is in.
      ExpressionAttributeValues: {
        ':pk': retentionPartition,
        ':low': `${reason}#`,
        ':high': `${reason}#${cutoff.toISOString()}~`,
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

function retainedEntryOf(
  reason: RetentionReason,
  item: Record<string, unknown>,
  periods: RetentionPeriods,
): RetainedEntry | undefined {
  const { [partitionKey]: _pk, [sortKey]: sk, ...rest } = item
  const summary = rest as unknown as StoredSummary
  if (typeof sk !== 'string' || typeof summary.id !== 'string') return undefined
  // The key's time, not the summary's: the key is what the entry is filed under (the last change, or the ask).
  const since = sk.split('#')[1] ?? summary.createdAt
  // An entry written by hand or by an older version, whose key holds no time: not one the sweep can date.
  if (Number.isNaN(Date.parse(since)) || Number.isNaN(Date.parse(String(summary.createdAt)))) return undefined
  const status = reason === 'lost' || reason === 'won' ? reason : 'new'
  const { dueAt } = retentionDue(
    {
      status,
      createdAt: summary.createdAt,
      updatedAt: since,
      ...(reason === 'asked' ? { retentionAskedAt: since } : {}),
    },
    periods,
  )
  return { sk, reason, summary, dueAt }
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

/** The dashboard's retention figures at `now` (core/retention.ts retentionState), from the index alone. */
export async function retentionFigures(now: Date, periods: RetentionPeriods): Promise<RetentionFigures> {
  const horizon = new Date(now.getTime() + retentionHorizonDays * 24 * 60 * 60 * 1000)
  let due = 0
  let overdue = 0
  for await (const entries of retainedDueBy(horizon, periods)) {
    for (const entry of entries) {
      if (retentionState(entry.dueAt, now) === 'overdue') overdue += 1
      else due += 1
    }
  }
  return { due, overdue }
}
