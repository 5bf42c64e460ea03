import { type LeadAttempt, leadAttemptOf, leadAttemptSchema } from '@core/lead-attempt-schema'
import {
  attemptChannelLabels,
  attemptOutcomeLabels,
  mayOfferOnWhatsapp,
  offerWithoutConsentMessage,
} from '@core/lead-attempts'
import { leadStatusLabels } from '@core/pipeline-rules'
import { validate } from '@core/validation'
import { type AdminRequest, adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { findLead, logLeadAttempt } from '../lib/db/lead-changes'
import { readMessageTemplates } from '../lib/db/sales-settings'
import { BadRequestError, ConflictError } from '../lib/errors'
import { json } from '../lib/http'
import { leadIdOf } from './get-lead'

/**
 * A WhatsApp message from a template owners marked an offer goes only to a person who agreed to updates and
 * offers and has not withdrawn it: 409 otherwise, audited, nothing written. A reply (the default) always goes.
 */
async function refuseOfferWithoutConsent(
  request: AdminRequest,
  id: string,
  attempt: LeadAttempt,
): Promise<void> {
  if (attempt.channel !== 'whatsapp' || attempt.template === undefined) return
  const template = (await readMessageTemplates()).find((known) => known.name === attempt.template)
  if (template?.kind !== 'offer') return
  const { item, summary } = await findLead(id)
  if (mayOfferOnWhatsapp(item)) return
  await auditAdminAction(
    request,
    'lead-attempt',
    `${summary.kind} ${id}`,
    'refused: an offer without WhatsApp consent',
  )
  throw new ConflictError(offerWithoutConsentMessage)
}

/**
 * POST /api/admin/leads/{id}/attempts: `{ channel, outcome, note?, callbackAt?, status?, followUpAt? }` → 201
 * `{ attempt, firstContactAt, lead }` (`template`: the owners' template a WhatsApp message came from). 400 with the fields for an unknown channel or outcome, a call-back
 * without its time, a time in the past or a move the pipeline does not allow; 404 when there is no such lead;
 * 409 for an offer to a person without WhatsApp consent; nothing is written on any of them. The audit trail records the channel, the outcome and the next step,
 * not the note.
 */
export const handler = adminHandler('admin-add-lead-attempt', async (request) => {
  const id = leadIdOf(request.pathParameters)
  const now = new Date()
  const result = validate(leadAttemptSchema(now), request.body)
  if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
  const attempt = leadAttemptOf(result.value)
  await refuseOfferWithoutConsent(request, id, attempt)
  const logged = await logLeadAttempt(id, attempt, request.admin.username, now)
  const what = [
    `${attemptChannelLabels[attempt.channel]}: ${attemptOutcomeLabels[attempt.outcome]}`,
    attempt.status ? `status ${leadStatusLabels[attempt.status]}` : '',
    attempt.followUpAt ? `follow-up ${attempt.followUpAt}` : '',
  ].filter(Boolean)
  await auditAdminAction(request, 'lead-attempt', `${logged.lead.kind} ${id}`, what.join(', '))
  return json(201, logged)
})
