import { businessToday, isCalendarDate } from '@core/business-days'
import { maxVisitDays, type VisitPage } from '@core/site-visits'
import { fetchVisits } from '~/features/admin/leads/api/admin-visits'
import { readOrFailed } from '~/features/admin/session/admin-client'

/** The days the view shows by default: a week. */
export const defaultVisitDays = 7

/** The visits as the route's loader read them, with the days asked for. */
export type VisitsLoad =
  | { readonly status: 'ready'; readonly from: string; readonly days: number; readonly page: VisitPage }
  | { readonly status: 'failed'; readonly from: string; readonly days: number }

/** The days of the page's URL (`?from=YYYY-MM-DD&days=N`), today in India and a week when absent or odd. */
export function visitRange(search: URLSearchParams, now = new Date()): { from: string; days: number } {
  const from = search.get('from') ?? ''
  const days = Number(search.get('days') ?? defaultVisitDays)
  return {
    from: isCalendarDate(from) ? from : businessToday(now),
    days: Number.isInteger(days) && days >= 1 && days <= maxVisitDays ? days : defaultVisitDays,
  }
}

/** The visits of the URL's days for the route's clientLoader; a failure other than a 401 is shown with a retry. */
export async function loadVisits(request: Request): Promise<VisitsLoad> {
  const { from, days } = visitRange(new URL(request.url).searchParams)
  return readOrFailed<VisitsLoad>(
    async () => ({
      status: 'ready',
      from,
      days,
      page: await fetchVisits(from, days, { signal: request.signal }),
    }),
    request.signal,
    { status: 'failed', from, days },
  )
}

/** The calendar date `days` after `date`. */
export function dateAfter(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}
