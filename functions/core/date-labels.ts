import { businessTimeZone } from './time-zone'

/**
 * Dates as people in India read them, in the company's time zone: the lead page's, the staff messages' and the
 * assignment reasons'. A module of its own, so a public page that shows a date loads none of the business
 * calendar's rules (business-days.ts).
 */

let labelFormat: Intl.DateTimeFormat | undefined

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
