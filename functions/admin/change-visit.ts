import { visitChangeSchema } from '@core/site-visit-schema'
import { visitIdPattern } from '@core/site-visits'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { leadWorkerRefusal } from '../lib/db/admin-users'
import { changeVisit } from '../lib/db/site-visits'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { tellEngineers } from '../lib/visit-alerts'
import { leadIdOf } from './get-lead'

/** The visit id of a request's path: 400 when it is not of the shape the API issues. */
export function visitIdOf(pathParameters: Readonly<Record<string, string | undefined>>): string {
  const id = pathParameters.visitId ?? ''
  if (!visitIdPattern.test(id)) throw new BadRequestError('This is not a visit id.')
  return id
}

/**
 * PATCH /api/admin/leads/{id}/visits/{visitId}: `{ action: 'reschedule', sequence, date, slot, engineer,
 * address?, notes? }` or `{ action: 'cancel', sequence, reason? }` → 200 `{ visit, lead }`; the timeline keeps
 * the slot before and after, who and when, and the engineers are told. 400 for a slot that has started or an
 * engineer who does not work leads; 404 for no such lead or visit; 409 for a cancelled visit or one changed
 * since `sequence`. Nothing is written on any of them.
 */
export const handler = adminHandler('admin-change-visit', async (request) => {
  const id = leadIdOf(request.pathParameters)
  const visitId = visitIdOf(request.pathParameters)
  const now = new Date()
  const result = validate(visitChangeSchema(now), request.body)
  if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
  const changed = await changeVisit(id, visitId, result.value, request.admin.username, leadWorkerRefusal, now)
  const { visit } = changed
  const what =
    result.value.action === 'cancel'
      ? `visit cancelled ${visitId}`
      : `visit rescheduled ${visit.date} ${visit.slot} ${visit.engineer}`
  await auditAdminAction(request, 'lead-update', `${changed.lead.kind} ${id}`, what)
  await tellEngineers(
    result.value.action === 'cancel' ? 'cancelled' : 'rescheduled',
    changed,
    request.requestId,
  )
  return json(200, { visit, lead: changed.lead })
})
