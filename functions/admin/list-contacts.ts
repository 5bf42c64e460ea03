import { adminLeadList } from '../lib/list-handlers'

/** GET /api/admin/contacts?cursor=…: the most recent contacts first, `{ items, nextCursor }`. */
export const handler = adminLeadList('admin-list-contacts', 'CONTACT')
