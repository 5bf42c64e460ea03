import { inboxQueryOf, inboxQuerySchema, withoutEmptyFilters } from '@core/pipeline'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { readCounters } from '../lib/db/counters'
import { listInbox, partitionOfKind } from '../lib/db/inbox'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { pageLimit } from '../lib/list-handlers'

/** The inbox's page size when the page does not ask for one. */
export const inboxPageSize = 25

/**
 * GET /api/admin/leads?kind=&status=&segment=&assignee=&from=&to=&q=&due=&waiting=&source=&cursor=&limit=: quotes
 * and contacts in one list, newest first (waiting and due views oldest first), `{ items, nextCursor?, total? }`
 * (functions/lib/db/inbox.ts reads one partition per page, never a Scan). `assignee=me` is the caller's own
 * leads, `assignee=none` the unassigned. `total` is given when the counters know it (no filter, or only the
 * kind). A value outside its list → 400 with the field.
 */
export const handler = adminHandler('admin-list-leads', async ({ query, admin }) => {
  // An empty filter is no filter (`?status=` from a cleared select); the cursor is checked as sent.
  const { limit, cursor, ...filters } = query
  const result = validate(inboxQuerySchema, { ...withoutEmptyFilters(filters), cursor })
  if (!result.ok) throw new BadRequestError('Check the filters.', result.fields)
  const size = limit === undefined || limit === '' ? inboxPageSize : pageLimit(limit)
  const { cursor: _cursor, kind, ...others } = result.value
  const countable = Object.values(others).every((value) => value === undefined)
  const [page, counters] = await Promise.all([
    listInbox(inboxQueryOf(result.value, admin.username), size),
    countable ? readCounters('leads') : undefined,
  ])
  if (!counters) return json(200, page)
  const total = kind
    ? (counters[partitionOfKind[kind]] ?? 0)
    : (counters.QUOTE ?? 0) + (counters.CONTACT ?? 0)
  return json(200, { ...page, total })
})
