import { businessTimeZone } from './time-zone'

/**
 * Dates and times as people in India read them, in the company's time zone: the lead page's, the staff
 * messages', the assignment reasons' and the breach drill's. A module of its own, so a public page that shows
 * a date loads none of the business calendar's rules (business-days.ts).
 */

/** An hour and a day in milliseconds, for the clocks counted from an instant (a deadline, a case's days). */
export const hourMs = 60 * 60 * 1000
export const dayMs = 24 * hourMs

let labelFormat: Intl.DateTimeFormat | undefined
let timeFormat: Intl.DateTimeFormat | undefined

/** The calendar date of an instant in the company's time zone as people read it: '12 Nov 2026'. */
export function businessDateLabel(at: number | Date): string {
  labelFormat ??= new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: businessTimeZone,
  })
  return labelFormat.format(at)
}

/** An instant as staff read it: `26 Nov 2026, 3:04 pm IST` (the company's time zone, made on first use). */
export function businessTimeLabel(at: string | Date): string {
  timeFormat ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: businessTimeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })
  return `${timeFormat.format(new Date(at))} IST`
}
