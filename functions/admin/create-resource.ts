import { resourceSchema } from '@core/jobs-and-resources-schema'
import { adminContentCreate } from '../lib/list-handlers'
import { checkResourceFile } from '../lib/resource-files'

/**
 * POST /api/admin/resources: title, resource_type, file_url, description → 201 with the stored resource. A
 * file_url naming an upload of ours is checked first (stored, allowed type, first bytes matching it); a file
 * that fails the check is deleted and the request answered 400, nothing stored.
 */
export const handler = adminContentCreate('admin-create-resource', 'RESOURCE', resourceSchema, (resource) =>
  checkResourceFile(resource.file_url),
)
