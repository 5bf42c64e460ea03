import { businessTimeZone } from './time-zone'

/**
 * Calendar dates in the company's day (time-zone.ts): what "today" is for a follow-up, whether one is due,
 * and the instants a date's day starts and ends (the inbox's from/to filters).
 */

/** A calendar date, `YYYY-MM-DD`, that exists. */
export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/
export function isCalendarDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

let dateFormat: Intl.DateTimeFormat | undefined

/**
 * The calendar date of an instant in the company's time zone, `YYYY-MM-DD`. The formatter is made on first
 * use (ICU starts then, not at a function's start) and kept: the response clock's sweep asks often.
 */
export function businessDateOf(at: number | Date): string {
  // en-CA formats as YYYY-MM-DD.
  dateFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: businessTimeZone })
  return dateFormat.format(at)
}

/** Today's date in the company's time zone, `YYYY-MM-DD`. */
export function businessToday(now = new Date()): string {
  return businessDateOf(now)
}

/**
 * The UTC offset of the company's time zone on calendar date `date` (`+05:30`), read from businessTimeZone
 * when asked (ICU starts on first use, not at every function's start).
 */
function businessUtcOffset(date: string): string {
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: businessTimeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value
  // `GMT+05:30`; plain `GMT` where the zone is UTC itself.
  return !zone || zone === 'GMT' ? 'Z' : zone.slice(3)
}

/** The first instant of calendar date `date` in the company's time zone, as an ISO time (UTC). */
export function businessDayStart(date: string): string {
  return new Date(`${date}T00:00:00${businessUtcOffset(date)}`).toISOString()
}

/** The last millisecond of calendar date `date` in the company's time zone, as an ISO time (UTC). */
export function businessDayEnd(date: string): string {
  return new Date(`${date}T23:59:59.999${businessUtcOffset(date)}`).toISOString()
}

/**
 * A date and time on the company's clock (`2026-11-27T10:00`, as a datetime-local input gives it, whatever the
 * browser's own zone) with the zone's offset: `2026-11-27T10:00+05:30`, an instant the API reads.
 */
export function withBusinessOffset(local: string): string {
  return `${local}${businessUtcOffset(local.slice(0, 10))}`
}

let minuteFormat: Intl.DateTimeFormat | undefined

/** The company's clock at `at`, to the minute, as a datetime-local input reads it (`2026-11-27T10:00`). */
export function businessLocalDateTime(at: Date): string {
  minuteFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: businessTimeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
  const part = Object.fromEntries(minuteFormat.formatToParts(at).map((piece) => [piece.type, piece.value]))
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`
}

/** Whether a follow-up date is due: today or past, in the company's time zone. */
export function isFollowUpDue(followUpOn: string | undefined, now = new Date()): boolean {
  return followUpOn !== undefined && followUpOn <= businessToday(now)
}
