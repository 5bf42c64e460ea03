import { businessDateOf, businessDayStart } from './business-days'
import { type BusinessCalendar, minutesOfDay } from './sales-settings'

/**
 * The response clock's arithmetic: business minutes in the company's time zone, counted only while it is
 * open (its week's hours, less its holidays). A lead that arrives after hours starts its clock at the next
 * opening. Pure functions of instants; nothing runs at load (the time zone's formatter starts on first use).
 */

const minute = 60_000
const day = 24 * 60 * minute
/** How far ahead the clock looks for an opening: beyond a year of closed days it treats time as open. */
const lookaheadDays = 400

const dayStarts = new Map<string, number>()

/** The first instant of a calendar date in the company's time zone (cached: the sweep asks often). */
function dayStartOf(date: string): number {
  let start = dayStarts.get(date)
  if (start === undefined) {
    if (dayStarts.size > 5000) dayStarts.clear()
    start = Date.parse(businessDayStart(date))
    dayStarts.set(date, start)
  }
  return start
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + day).toISOString().slice(0, 10)
}

/** The open stretch of a calendar date, as instants; undefined for a closed day or a holiday. */
function openWindow(date: string, calendar: BusinessCalendar): { open: number; close: number } | undefined {
  if (calendar.holidays.includes(date)) return undefined
  const hours = calendar.hours[new Date(`${date}T00:00:00Z`).getUTCDay()]
  if (!hours) return undefined
  const open = minutesOfDay(hours.open)
  const close = minutesOfDay(hours.close)
  if (open === undefined || close === undefined || close <= open) return undefined
  const start = dayStartOf(date)
  return { open: start + open * minute, close: start + close * minute }
}

/** The open stretches from the date of `from` on, in order, for up to a year; each clipped to begin at `from`. */
function* windowsFrom(from: number, calendar: BusinessCalendar): Generator<{ open: number; close: number }> {
  let date = businessDateOf(from)
  for (let days = 0; days < lookaheadDays; days += 1, date = nextDate(date)) {
    const window = openWindow(date, calendar)
    if (!window || window.close <= from) continue
    yield { open: Math.max(window.open, from), close: window.close }
  }
}

/** Whether the company is open at `at`. */
export function isOpen(at: Date, calendar: BusinessCalendar): boolean {
  const window = openWindow(businessDateOf(at.getTime()), calendar)
  return window !== undefined && window.open <= at.getTime() && at.getTime() < window.close
}

/** When the clock of something arriving at `arrival` starts: then if open, else the next opening. */
export function clockStart(arrival: Date, calendar: BusinessCalendar): Date {
  const first = windowsFrom(arrival.getTime(), calendar).next()
  // No opening within a year (every day closed): time counts as it passes.
  return first.done ? arrival : new Date(first.value.open)
}

/** The instant at which `minutes` business minutes have passed since `start` (closed time skipped). */
export function addBusinessMinutes(start: Date, minutes: number, calendar: BusinessCalendar): Date {
  let left = minutes * minute
  let last = start.getTime()
  for (const window of windowsFrom(start.getTime(), calendar)) {
    if (window.open + left <= window.close) return new Date(window.open + left)
    left -= window.close - window.open
    last = window.close
  }
  return new Date(last + left)
}

/** The business minutes between two instants (0 when `to` is not after `from`). */
export function businessMinutesBetween(from: Date, to: Date, calendar: BusinessCalendar): number {
  let total = 0
  const end = to.getTime()
  for (const window of windowsFrom(from.getTime(), calendar)) {
    if (window.open >= end) break
    total += Math.min(window.close, end) - window.open
  }
  return total / minute
}

/** Where a lead stands on the response clock: answered, or on time, due (reminder passed) or late. */
export type ResponseState = 'answered' | 'on-time' | 'due' | 'late'

export interface ResponseClock {
  readonly state: ResponseState
  /** When the clock started: the arrival, or the next opening after it. */
  readonly startedAt: Date
  /** When the assignee is reminded, and when the owners are alerted and the lead reassigned. */
  readonly remindAt: Date
  readonly escalateAt: Date
}

/** The response clock of a lead that arrived at `arrival`, at `now` (answered once `firstContactAt` is set). */
export function responseClockOf(
  arrival: Date,
  now: Date,
  firstContactAt: Date | undefined,
  calendar: BusinessCalendar,
  steps: { readonly reminderMinutes: number; readonly escalationMinutes: number },
): ResponseClock {
  const startedAt = clockStart(arrival, calendar)
  const remindAt = addBusinessMinutes(startedAt, steps.reminderMinutes, calendar)
  const escalateAt = addBusinessMinutes(startedAt, steps.escalationMinutes, calendar)
  const state: ResponseState =
    firstContactAt !== undefined
      ? 'answered'
      : now >= escalateAt
        ? 'late'
        : now >= remindAt
          ? 'due'
          : 'on-time'
  return { state, startedAt, remindAt, escalateAt }
}
