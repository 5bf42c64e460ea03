import { adminContentList } from '../lib/list-handlers'

/** GET /api/admin/resources?cursor=…: the newest resources first, `{ items, nextCursor }`. */
export const handler = adminContentList('admin-list-resources', 'RESOURCE')
