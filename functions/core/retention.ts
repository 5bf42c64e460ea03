/**
 * How long a lead is kept, by where it stands in the pipeline, and when it is due for erasure: the rules the
 * retention sweep, the dashboard's "due and overdue" figure, the privacy notice and the settings page read
 * (shared by the page and the Lambdas). India's Digital Personal Data Protection Rules, 2025 (in force for
 * these duties from 13 May 2027) ask that personal data be erased once its purpose is served, and that the
 * record of its processing (the activity log) be kept at least one year.
 */
import type { LeadStatus } from './pipeline-rules'

/** The periods the settings may change, in months; each has a stated default and bounds. */
export interface RetentionPeriods {
  /** A lead marked lost (no sale): erased this long after it was closed. */
  readonly lostMonths: number
  /**
   * A lead won (a sale): kept while the business needs it (the invoice, the warranty, the subsidy's inspection
   * and the books of account the Companies Act, 2013 s. 128(5) asks to keep for eight years).
   */
  readonly wonMonths: number
  /** An open lead nobody has touched: the person is asked to confirm after this long, and erased if not. */
  readonly untouchedMonths: number
  /** The activity log: never less than the Rules' one year. */
  readonly activityLogMonths: number
}

/** The defaults, and the bounds a setting must stay within (the activity log's floor is the Rules' year). */
export const retentionDefaults: RetentionPeriods = {
  lostMonths: 12,
  wonMonths: 96,
  untouchedMonths: 12,
  activityLogMonths: 12,
}

export const retentionBounds: Readonly<Record<keyof RetentionPeriods, { min: number; max: number }>> = {
  lostMonths: { min: 1, max: 120 },
  wonMonths: { min: 12, max: 120 },
  untouchedMonths: { min: 3, max: 36 },
  activityLogMonths: { min: 12, max: 120 },
}

/** What the settings page and the notice say of each period. */
export const retentionLabels: Readonly<Record<keyof RetentionPeriods, string>> = {
  lostMonths: 'Lost leads (no sale)',
  wonMonths: 'Won leads (a sale: invoice, warranty, subsidy inspection, books of account)',
  untouchedMonths: 'Open leads nobody has touched (the person is asked to confirm first)',
  activityLogMonths: 'The activity log (at least one year)',
}

/** The refusal of a period outside its bounds, naming it; undefined when every period is within them. */
export function retentionRefusal(periods: RetentionPeriods): { field: string; message: string } | undefined {
  for (const [field, { min, max }] of Object.entries(retentionBounds) as [
    keyof RetentionPeriods,
    { min: number; max: number },
  ][]) {
    const value = periods[field]
    if (!Number.isInteger(value) || value < min || value > max) {
      return { field, message: `${retentionLabels[field]}: between ${min} and ${max} months.` }
    }
  }
  return undefined
}

/** What the retention rule needs of a lead. */
export interface RetainedLead {
  readonly status: LeadStatus
  /** When it arrived, ISO 8601. */
  readonly createdAt: string
  /** When it last changed (a move, a note, an attempt), ISO 8601; its arrival when never. */
  readonly updatedAt?: string | undefined
  /** When it was closed (won or lost), ISO 8601. */
  readonly closedAt?: string | undefined
  /**
   * When the retention sweep asked the person of an untouched open lead whether they still want to hear from
   * the company (ISO 8601). It counts while nobody has touched the lead since: any change restarts the clock.
   */
  readonly retentionAskedAt?: string | undefined
}

/**
 * Why a lead is due, as the activity log and the dashboard say it: `asked` is an untouched open lead whose
 * person was asked to confirm and has not answered (erased `retentionAskDays` after the ask).
 */
export type RetentionReason = 'lost' | 'won' | 'untouched' | 'asked'

/**
 * How long a person asked to confirm has to answer (the ask's link works as long): the lead is erased this
 * many days after the ask when nobody answered or touched it.
 */
export const retentionAskDays = 14

/** How long before an erasure the optional notice goes out (the sales setting `retentionNotice`). */
export const retentionNoticeHours = 48

/** Whether an ask is still pending: made, and nobody has touched the lead since (a touch restarts the clock). */
export function retentionAskPending(lead: RetainedLead): lead is RetainedLead & { retentionAskedAt: string } {
  if (lead.status === 'lost' || lead.status === 'won' || !lead.retentionAskedAt) return false
  return lead.retentionAskedAt >= (lead.updatedAt ?? lead.createdAt)
}

/**
 * What the retention index files a lead under: its reason and the time its clock runs from (its closing or
 * last change; the ask's time for an ask pending). retentionDue and the index's key both read it.
 */
export function retentionClock(lead: RetainedLead): { reason: RetentionReason; since: string } {
  const lastChange = lead.updatedAt ?? lead.createdAt
  if (lead.status === 'lost' || lead.status === 'won') return { reason: lead.status, since: lastChange }
  if (retentionAskPending(lead)) return { reason: 'asked', since: lead.retentionAskedAt }
  return { reason: 'untouched', since: lastChange }
}

export interface RetentionDue {
  /** When the lead is due for erasure (or, when untouched, for the person's confirmation), ISO 8601. */
  readonly dueAt: string
  readonly reason: RetentionReason
}

/** The date `months` calendar months after `from` (the last day of a shorter month when the day is past it). */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(from.getTime())
  const day = target.getUTCDate()
  target.setUTCDate(1)
  target.setUTCMonth(target.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(day, lastDay))
  return target
}

/**
 * When a lead falls due under the periods: a closed lead from its closing (its last change when no closing
 * was recorded), an open one from its last change (when due, its person is asked to confirm), an open one
 * whose person was asked and has not answered `retentionAskDays` after the ask. The retention index keys each lead by this date, so the
 * sweep reads only what is due (never a Scan); every change of the lead moves its entry.
 */
export function retentionDue(
  lead: RetainedLead,
  periods: RetentionPeriods = retentionDefaults,
): RetentionDue {
  const lastChange = new Date(lead.updatedAt ?? lead.createdAt)
  if (retentionAskPending(lead)) {
    const askedAt = new Date(lead.retentionAskedAt).getTime()
    return { dueAt: new Date(askedAt + retentionAskDays * 86_400_000).toISOString(), reason: 'asked' }
  }
  if (lead.status === 'lost' || lead.status === 'won') {
    const closed = new Date(lead.closedAt ?? lastChange.toISOString())
    const months = lead.status === 'lost' ? periods.lostMonths : periods.wonMonths
    return { dueAt: addMonths(closed, months).toISOString(), reason: lead.status }
  }
  return { dueAt: addMonths(lastChange, periods.untouchedMonths).toISOString(), reason: 'untouched' }
}

/** How long past its date an entry may wait: the sweep runs daily, so one a day past its date was missed. */
export const retentionGraceMs = 24 * 60 * 60 * 1000

/** Whether a due date has passed at `now`, and by how long: the dashboard's due and overdue figures. */
export function retentionState(dueAt: string, now: Date): 'kept' | 'due' | 'overdue' {
  const due = new Date(dueAt).getTime()
  if (now.getTime() < due) return 'kept'
  return now.getTime() - due <= retentionGraceMs ? 'due' : 'overdue'
}
