import { leadMergeSchema } from '@core/lead-merge'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { mergeLeads } from '../lib/db/lead-merge'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { leadIdOf } from './get-lead'

/**
 * POST /api/admin/leads/{id}/merge: `{ from, confirm? }` → 200 the surviving lead (as PATCH answers it;
 * its page reads the timeline again). The lead `from` joins the lead of the path and is closed as merged (lib/db/lead-merge.ts). 400
 * for a bad id or a lead with itself; 404 when either lead is missing; 409 for a lead merged already, a
 * closed lead of another person without `confirm: true`, or a change on either lead meanwhile; nothing is
 * kept on any of them. Audited with both ids.
 */
export const handler = adminHandler('admin-merge-leads', async (request) => {
  const id = leadIdOf(request.pathParameters)
  const result = validate(leadMergeSchema, request.body)
  if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
  const { from, confirm } = result.value
  const lead = await mergeLeads(id, from, {
    actor: request.admin.username,
    ...(confirm ? { confirm } : {}),
  })
  await auditAdminAction(request, 'lead-merge', `${lead.kind} ${id}`, `merged in lead ${from}`)
  return json(200, lead)
})
