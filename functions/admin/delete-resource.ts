import { adminHandler } from '../lib/admin-http'
import { deleteContent } from '../lib/db/content'
import { removeResourceFile } from '../lib/resource-files'

/**
 * DELETE /api/admin/resources/{id}: 204, or 404 when no such resource exists. The uploaded file it names
 * is deleted too, and its cached copy invalidated on CloudFront (a failure of either is logged, not
 * answered: the resource is gone).
 */
export const handler = adminHandler('admin-delete-resource', async ({ pathParameters, requestId }) => {
  const deleted = await deleteContent('RESOURCE', pathParameters.id ?? '')
  await removeResourceFile(deleted.file_url, requestId)
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } }
})
