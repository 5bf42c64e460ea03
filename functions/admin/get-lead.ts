import { leadIdPattern } from '@core/inbox-search'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { leadDetail } from '../lib/db/lead-changes'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'

/** The lead id of a request's path: 400 when it is not of the shape the API issues. */
export function leadIdOf(pathParameters: Readonly<Record<string, string | undefined>>): string {
  const id = pathParameters.id ?? ''
  if (!leadIdPattern.test(id)) throw new BadRequestError('This is not a lead id.')
  return id
}

/**
 * GET /api/admin/leads/{id}: `{ lead, events }`, every stored field and the timeline; 404 when none. Each
 * opening is recorded in the audit trail (`lead-view`, the lead's id only, never its contents).
 */
export const handler = adminHandler('admin-get-lead', async (request) => {
  const id = leadIdOf(request.pathParameters)
  const detail = await leadDetail(id)
  await auditAdminAction(request, 'lead-view', id)
  return json(200, detail)
})
