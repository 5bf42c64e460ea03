import { visitBookingSchema } from '@core/site-visit-schema'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { leadWorkerRefusal } from '../lib/db/admin-users'
import { bookVisit } from '../lib/db/site-visits'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { tellEngineers } from '../lib/visit-alerts'
import { leadIdOf } from './get-lead'

/**
 * POST /api/admin/leads/{id}/visits: `{ date, slot, engineer, address?, notes? }` → 201 `{ visit, lead }`: the
 * visit is booked (the address the lead's site address when none is given), the lead moves to Site visit, and
 * the engineer is told. 400 with the fields for a slot that has started, an unknown slot or an engineer who does
 * not work leads; 404 when there is no such lead; nothing is written on any of them. Audited as a lead update
 * (the slot and the engineer, not the address or notes).
 */
export const handler = adminHandler('admin-book-visit', async (request) => {
  const id = leadIdOf(request.pathParameters)
  const now = new Date()
  const result = validate(visitBookingSchema(now), request.body)
  if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
  const booked = await bookVisit(id, result.value, request.admin.username, leadWorkerRefusal, now)
  const { visit } = booked
  await auditAdminAction(
    request,
    'lead-update',
    `${booked.lead.kind} ${id}`,
    `visit booked ${visit.date} ${visit.slot} ${visit.engineer}`,
  )
  await tellEngineers('booked', booked, request.requestId)
  return json(201, { visit, lead: booked.lead })
})
