import { adminLeadList } from '../lib/list-handlers'

/** GET /api/admin/quotes?cursor=…: the most recent quote requests first, `{ items, nextCursor }`. */
export const handler = adminLeadList('admin-list-quotes', 'QUOTE')
