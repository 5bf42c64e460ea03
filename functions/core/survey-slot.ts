import { businessToday, isCalendarDate } from './business-days'

/**
 * The quote form's optional preferred survey slot: a day (not in the past, within surveyWindowDays in the
 * company's time zone) and a part of it (its labels live in quote.ts, which the pages load with the field
 * declarations; this module, with the date's rule, only the API does: quote-schema.ts).
 */

export { type SurveySlot, surveySlotLabels, surveySlots } from './quote'

/** How far ahead a visitor may ask for a survey, in days from today. */
export const surveyWindowDays = 60

/** The calendar date `days` after `date` (both `YYYY-MM-DD`). */
function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

/** The first and last day a survey may be asked for at `now` (today in the company's time zone). */
export function surveyDateBounds(now = new Date()): { readonly first: string; readonly last: string } {
  const first = businessToday(now)
  return { first, last: addDays(first, surveyWindowDays) }
}

/** What is wrong with a preferred survey date at `now`, or undefined for a date in the window. */
export function surveyDateProblem(date: string, now = new Date()): string | undefined {
  if (!isCalendarDate(date)) return 'Enter the date as YYYY-MM-DD'
  const { first, last } = surveyDateBounds(now)
  if (date < first) return 'Choose today or a later day'
  if (date > last) return `Choose a day within the next ${surveyWindowDays} days`
  return undefined
}
