import { businessMinutesBetween } from './business-clock'
import { businessDateOf } from './business-days'
import type { LeadStatus } from './pipeline-rules'
import { type BusinessCalendar, responseClock } from './sales-settings'

/**
 * The response-time figures of the dashboard and its report: how fast leads are first answered, in business
 * minutes (business-clock.ts), overall, per person and per week; how many wait untouched; and how the speed
 * of the answer goes with winning. Pure: the caller reads the leads of the weeks it shows (a bounded query).
 */

/** What of a lead the figures read. */
export interface LeadResponse {
  readonly createdAt: string
  readonly firstContactAt?: string | undefined
  readonly assignee?: string | undefined
  readonly status: LeadStatus
  /** A site visit was booked at some time (the status may have moved on since). */
  readonly visited?: boolean | undefined
}

/** The speed bands of the conversion table, in business minutes to the first contact. */
export const responseBands = [
  { id: 'within-5', label: 'Within 5 minutes', upTo: responseClock.reminderMinutes },
  { id: 'within-15', label: '5 to 15 minutes', upTo: responseClock.escalationMinutes },
  { id: 'within-60', label: '15 to 60 minutes', upTo: 60 },
  { id: 'later', label: 'After an hour', upTo: Number.POSITIVE_INFINITY },
  { id: 'never', label: 'Not contacted', upTo: undefined },
] as const
export type ResponseBandId = (typeof responseBands)[number]['id']

/** The statuses that show a lead reached a site visit (a visit booked, or a later step of the pipeline). */
export const visitedStatuses: readonly LeadStatus[] = ['site-visit', 'proposal', 'won']

/** A lead untouched this long after arrival (wall-clock hours, as a customer counts them) is stale. */
export const untouchedAfterHours = 24

export interface ResponseSummary {
  readonly leads: number
  readonly answered: number
  /** Median and 90th percentile of business minutes to first contact; undefined with no answered lead. */
  readonly medianMinutes: number | undefined
  readonly p90Minutes: number | undefined
  /** Shares of all leads (not only the answered ones) first contacted within 5 and 15 business minutes. */
  readonly within5Share: number
  readonly within15Share: number
  /** Leads with no contact at all, `untouchedAfterHours` or more after they arrived. */
  readonly untouched: number
}

export interface BandConversion {
  readonly band: ResponseBandId
  readonly leads: number
  /** Reached a site visit (booked, or now at site visit, proposal or won). */
  readonly visits: number
  readonly won: number
}

export interface ResponseFigures {
  readonly overall: ResponseSummary
  readonly byPerson: Readonly<Record<string, ResponseSummary>>
  /** Per week (Monday to Sunday in the company's time zone), oldest first, `weeks` of them ending this week. */
  readonly byWeek: readonly (ResponseSummary & { readonly weekStart: string })[]
  readonly conversion: readonly BandConversion[]
}

/** The value at quantile `q` (0–1) of sorted values, by the nearest rank. */
function quantile(sorted: readonly number[], q: number): number | undefined {
  if (sorted.length === 0) return undefined
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

interface Measured {
  readonly lead: LeadResponse
  /** Business minutes to the first contact; undefined when there has been none. */
  readonly minutes: number | undefined
  readonly untouched: boolean
}

function summarise(measured: readonly Measured[]): ResponseSummary {
  const minutes = measured
    .map((item) => item.minutes)
    .filter((value): value is number => value !== undefined)
    .sort((a, b) => a - b)
  const share = (limit: number) =>
    measured.length === 0 ? 0 : minutes.filter((value) => value <= limit).length / measured.length
  return {
    leads: measured.length,
    answered: minutes.length,
    medianMinutes: quantile(minutes, 0.5),
    p90Minutes: quantile(minutes, 0.9),
    within5Share: share(responseClock.reminderMinutes),
    within15Share: share(responseClock.escalationMinutes),
    untouched: measured.filter((item) => item.untouched).length,
  }
}

function bandOf(minutes: number | undefined): ResponseBandId {
  if (minutes === undefined) return 'never'
  return (responseBands.find((band) => band.upTo !== undefined && minutes <= band.upTo) ?? responseBands[3])
    .id
}

const day = 24 * 60 * 60_000

/** The Monday that starts the week of a calendar date (`YYYY-MM-DD`). */
export function weekStartOf(date: string): string {
  const at = new Date(`${date}T00:00:00Z`)
  const sinceMonday = (at.getUTCDay() + 6) % 7
  return new Date(at.getTime() - sinceMonday * day).toISOString().slice(0, 10)
}

/** The figures of `leads` at `now`, with `weeks` weekly rows ending with the current week. */
export function responseFigures(
  leads: readonly LeadResponse[],
  now: Date,
  calendar: BusinessCalendar,
  weeks = 12,
): ResponseFigures {
  const measured: Measured[] = leads.map((lead) => {
    const arrived = new Date(lead.createdAt)
    const minutes =
      lead.firstContactAt === undefined
        ? undefined
        : businessMinutesBetween(arrived, new Date(lead.firstContactAt), calendar)
    const untouched =
      lead.firstContactAt === undefined &&
      now.getTime() - arrived.getTime() >= untouchedAfterHours * 3_600_000
    return { lead, minutes, untouched }
  })

  const people = new Map<string, Measured[]>()
  for (const item of measured) {
    if (!item.lead.assignee) continue
    const own = people.get(item.lead.assignee)
    if (own) own.push(item)
    else people.set(item.lead.assignee, [item])
  }

  const thisWeek = weekStartOf(businessDateOf(now.getTime()))
  const weekStarts = Array.from({ length: weeks }, (_, index) =>
    new Date(Date.parse(`${thisWeek}T00:00:00Z`) - (weeks - 1 - index) * 7 * day).toISOString().slice(0, 10),
  )
  const byWeekStart = new Map<string, Measured[]>(weekStarts.map((start) => [start, []]))
  for (const item of measured) {
    byWeekStart.get(weekStartOf(businessDateOf(Date.parse(item.lead.createdAt))))?.push(item)
  }

  const conversion = responseBands.map((band): BandConversion => {
    const inBand = measured.filter((item) => bandOf(item.minutes) === band.id)
    const visited = (lead: LeadResponse) => lead.visited === true || visitedStatuses.includes(lead.status)
    return {
      band: band.id,
      leads: inBand.length,
      visits: inBand.filter((item) => visited(item.lead)).length,
      won: inBand.filter((item) => item.lead.status === 'won').length,
    }
  })

  return {
    overall: summarise(measured),
    byPerson: Object.fromEntries([...people].map(([person, items]) => [person, summarise(items)])),
    byWeek: weekStarts.map((weekStart) => ({ weekStart, ...summarise(byWeekStart.get(weekStart) ?? []) })),
    conversion,
  }
}

/** The most weeks the report reads: its per-week partition reads stay bounded (GET ?weeks=1..12). */
export const maxFigureWeeks = 12

/**
 * The `weeks` parameter of GET /api/admin/response-figures: a whole number of weeks, 1 to maxFigureWeeks;
 * missing is the full 12. Undefined for anything else (the route answers 400).
 */
export function figureWeeksOf(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return maxFigureWeeks
  if (!/^\d{1,2}$/.test(value)) return undefined
  const weeks = Number(value)
  return weeks >= 1 && weeks <= maxFigureWeeks ? weeks : undefined
}

/** A summary as JSON carries it: no median without an answered lead is `null`. */
export type ResponseSummaryReply = Omit<ResponseSummary, 'medianMinutes' | 'p90Minutes'> & {
  readonly medianMinutes: number | null
  readonly p90Minutes: number | null
}

/** GET /api/admin/response-figures: the figures of the last `weeks` weeks, for the dashboard and the report. */
export interface ResponseFiguresReply {
  readonly weeks: number
  /** The instant they were worked out, ISO 8601. */
  readonly asOf: string
  /** The team's totals over every week. */
  readonly overall: ResponseSummaryReply
  /** One line per person (the first contact's assignee): every colleague for owners, their own for sales. */
  readonly byPerson: readonly (ResponseSummaryReply & { readonly username: string })[]
  readonly byWeek: readonly (ResponseSummaryReply & { readonly weekStart: string })[]
  readonly conversion: readonly BandConversion[]
  /** Leads waiting now for a first contact that arrived `untouchedAfterHours` or more ago, whatever week. */
  readonly waitingOver24h: number
}

const summaryReply = (summary: ResponseSummary): ResponseSummaryReply => ({
  ...summary,
  medianMinutes: summary.medianMinutes ?? null,
  p90Minutes: summary.p90Minutes ?? null,
})

/**
 * The reply of `figures`: each summary with `null` for no median, the people by name; `onlyPerson` keeps that
 * person's line alone (a sales user sees their own figures and the team's totals, not each colleague's).
 */
export function responseFiguresReply(
  figures: ResponseFigures,
  options: { weeks: number; now: Date; waitingOver24h: number; onlyPerson?: string | undefined },
): ResponseFiguresReply {
  const people = Object.entries(figures.byPerson)
    .filter(([username]) => options.onlyPerson === undefined || username === options.onlyPerson)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return {
    weeks: options.weeks,
    asOf: options.now.toISOString(),
    overall: summaryReply(figures.overall),
    byPerson: people.map(([username, summary]) => ({ username, ...summaryReply(summary) })),
    byWeek: figures.byWeek.map((week) => ({ ...summaryReply(week), weekStart: week.weekStart })),
    conversion: figures.conversion,
    waitingOver24h: options.waitingOver24h,
  }
}
