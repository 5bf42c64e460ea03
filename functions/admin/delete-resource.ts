import { adminContentDelete } from '../lib/list-handlers'

/** DELETE /api/admin/resources/{id}: 204, or 404 when no such resource exists. The uploaded file stays. */
export const handler = adminContentDelete('admin-delete-resource', 'RESOURCE')
