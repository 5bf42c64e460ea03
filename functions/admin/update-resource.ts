import { resourceSchema } from '@core/jobs-and-resources-schema'
import { adminContentUpdate } from '../lib/list-handlers'
import { checkResourceFile } from '../lib/resource-files'

/**
 * PUT /api/admin/resources/{id}: the whole resource as on create, with `state`, `featured` and `order` → 200
 * with the stored resource; 404 when there is none. A file_url naming an upload of ours is checked as on
 * create (a file that fails the check is deleted and the request answered 400, nothing changed).
 */
export const handler = adminContentUpdate('admin-update-resource', 'RESOURCE', resourceSchema, (resource) =>
  checkResourceFile(resource.file_url),
)
