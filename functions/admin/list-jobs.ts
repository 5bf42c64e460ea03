import { adminContentList } from '../lib/list-handlers'

/** GET /api/admin/jobs?cursor=…: the newest jobs first, `{ items, nextCursor }`. */
export const handler = adminContentList('admin-list-jobs', 'JOB')
