import { adminContentDelete } from '../lib/list-handlers'

/** DELETE /api/admin/jobs/{id}: 204, or 404 when no such job exists. */
export const handler = adminContentDelete('admin-delete-job', 'JOB')
