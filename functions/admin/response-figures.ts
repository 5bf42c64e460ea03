import { businessDateOf, businessDayStart } from '@core/business-days'
import { figureWeeksOf, responseFigures, responseFiguresReply, weekStartOf } from '@core/response-figures'
import { adminHandler } from '../lib/admin-http'
import { countWaitingOver24h, readFigures } from '../lib/db/response-figures'
import { readAssignmentContext } from '../lib/db/sales-settings'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'

const day = 24 * 60 * 60_000

/**
 * GET /api/admin/response-figures?weeks=12 (owners and sales): how fast leads were first answered, in
 * business minutes (the settings' hours and holidays), over the last `weeks` weeks (1 to 12; 12 when
 * missing; anything else → 400): the median, the 90th percentile, the shares within 5 and 15 minutes and
 * the leads untouched after 24 hours, per week and per person, and the conversion by response-time band.
 * Owners see every colleague's line; a sales user sees their own and the team's totals (a colleague's pace
 * is the owners' to discuss). Three reads, never a Scan: the settings, one Query of the figures' key range
 * (response-figures.ts) and a count of the waiting list.
 */
export const handler = adminHandler('admin-response-figures', async ({ query, admin }) => {
  const weeks = figureWeeksOf(query.weeks)
  if (weeks === undefined) {
    throw new BadRequestError('Check the filters.', { weeks: 'Give a whole number of weeks from 1 to 12' })
  }
  const now = new Date()
  // The first week shown starts on a Monday, `weeks - 1` weeks before this one (company time zone).
  const thisWeek = weekStartOf(businessDateOf(now))
  const firstWeek = new Date(Date.parse(`${thisWeek}T00:00:00Z`) - (weeks - 1) * 7 * day)
    .toISOString()
    .slice(0, 10)
  const [context, leads, waitingOver24h] = await Promise.all([
    readAssignmentContext(),
    readFigures(new Date(businessDayStart(firstWeek))),
    countWaitingOver24h(now),
  ])
  const figures = responseFigures(leads, now, context.settings.calendar, weeks)
  return json(
    200,
    responseFiguresReply(figures, {
      weeks,
      now,
      waitingOver24h,
      onlyPerson: admin.role === 'owner' ? undefined : admin.username,
    }),
  )
})
