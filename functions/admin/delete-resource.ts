import { adminContentDelete } from '../lib/list-handlers'
import { removeResourceFile } from '../lib/resource-files'

/**
 * DELETE /api/admin/resources/{id}: 204, or 404 when no such resource exists. The uploaded file it names
 * is deleted too, and its cached copy invalidated on CloudFront (a failure of either is logged, not
 * answered: the resource is gone).
 */
export const handler = adminContentDelete('admin-delete-resource', 'RESOURCE', (deleted, requestId) =>
  removeResourceFile(deleted.file_url, requestId),
)
