import { leadNoteSchema } from '@core/pipeline'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { addLeadNote } from '../lib/db/lead-changes'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { leadIdOf } from './get-lead'

/**
 * POST /api/admin/leads/{id}/notes: `{ text }` → 201 with the timeline entry; 400 for an empty or too long
 * note, 404 when there is no such lead. The audit trail records that a note was added, not its text.
 */
export const handler = adminHandler('admin-add-lead-note', async (request) => {
  const id = leadIdOf(request.pathParameters)
  const result = validate(leadNoteSchema, request.body)
  if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
  const event = await addLeadNote(id, result.value.text, request.admin.username)
  await auditAdminAction(request, 'lead-note', `lead ${id}`)
  return json(201, event)
})
