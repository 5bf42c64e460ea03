import { adminHandler } from '../lib/admin-http'
import { listAudit } from '../lib/db/audit'
import { json } from '../lib/http'
import { pageLimit } from '../lib/list-handlers'

/**
 * GET /api/admin/activity?cursor=&limit=: the audit trail, newest first, `{ items: [{ at, actor, action,
 * target?, detail?, network? }], nextCursor }`; 400 for a cursor or limit of the wrong shape.
 */
export const handler = adminHandler('admin-activity', async ({ query }) =>
  json(200, await listAudit({ limit: pageLimit(query.limit), cursor: query.cursor })),
)
