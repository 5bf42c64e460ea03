import { adminLeadList } from '../lib/list-handlers'

/** GET /api/admin/newsletter?cursor=…: the most recent newsletter signups first, `{ items, nextCursor }`. */
export const handler = adminLeadList('admin-list-newsletter', 'NEWSLETTER')
