import { resourceSchema } from '@core/content'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { saveContent } from '../lib/db/content'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { checkResourceFile } from '../lib/resource-files'

/**
 * POST /api/admin/resources: title, resource_type, file_url, description → 201 with the stored resource. A
 * file_url naming an upload of ours is checked first (stored, allowed type, first bytes matching it); a file
 * that fails the check is deleted and the request answered 400, nothing stored.
 */
export const handler = adminHandler('admin-create-resource', async ({ body }) => {
  const result = validate(resourceSchema, body)
  if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
  await checkResourceFile(result.value.file_url)
  return json(201, await saveContent('RESOURCE', result.value))
})
