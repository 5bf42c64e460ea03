import { visitDays, visitListQuerySchema } from '@core/site-visit-schema'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { listVisits } from '../lib/db/site-visits'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'

/**
 * GET /api/admin/visits?from=YYYY-MM-DD&days=N: the booked site visits of `days` days (1 to 31, 7 when
 * absent) from `from` (today in India when absent), in the order of each day: `{ items }` (one Query of the
 * visits' index, never a Scan). 400 for a date that does not exist or too many days.
 */
export const handler = adminHandler('admin-list-visits', async ({ query }) => {
  const result = validate(visitListQuerySchema, query)
  if (!result.ok) throw new BadRequestError('Check the dates.', result.fields)
  const { from, to } = visitDays(result.value, new Date())
  return json(200, { items: await listVisits(from, to) })
})
