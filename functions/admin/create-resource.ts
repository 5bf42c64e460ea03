import { resourceSchema } from '@core/content'
import { adminContentCreate } from '../lib/list-handlers'

/** POST /api/admin/resources: title, resource_type, file_url, description. */
export const handler = adminContentCreate('admin-create-resource', 'RESOURCE', resourceSchema)
