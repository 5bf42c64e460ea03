import { leadChangeSchema, leadStatusLabels } from '@core/pipeline'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { leadWorkerRefusal } from '../lib/db/admin-users'
import { changeLead } from '../lib/db/lead-changes'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { leadIdOf } from './get-lead'

/**
 * PATCH /api/admin/leads/{id}: `{ version, status?, lostReason?, lostNote?, assignee?, followUpOn? }` → the
 * updated lead. 400 with the fields for a value outside its list, a move the pipeline does not allow, a
 * Lost without a reason or an unknown colleague; 409 when the lead changed since `version` (nothing written).
 */
export const handler = adminHandler('admin-update-lead', async (request) => {
  const id = leadIdOf(request.pathParameters)
  const result = validate(leadChangeSchema, request.body)
  if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
  const change = result.value
  const lead = await changeLead(id, change, request.admin.username, leadWorkerRefusal)
  const what = [
    change.status ? `status ${leadStatusLabels[lead.status]}` : '',
    change.assignee !== undefined ? `assignee ${change.assignee ?? 'none'}` : '',
    change.followUpOn !== undefined ? `follow-up ${change.followUpOn ?? 'none'}` : '',
  ].filter(Boolean)
  await auditAdminAction(request, 'lead-update', `${lead.kind} ${id}`, what.join(', '))
  return json(200, lead)
})
