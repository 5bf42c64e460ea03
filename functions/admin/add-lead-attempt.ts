import { leadAttemptOf, leadAttemptSchema } from '@core/lead-attempt-schema'
import { attemptChannelLabels, attemptOutcomeLabels } from '@core/lead-attempts'
import { leadStatusLabels } from '@core/pipeline-rules'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { logLeadAttempt } from '../lib/db/lead-changes'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { leadIdOf } from './get-lead'

/**
 * POST /api/admin/leads/{id}/attempts: `{ channel, outcome, note?, callbackAt?, status?, followUpAt? }` → 201
 * `{ attempt, firstContactAt, lead }`. 400 with the fields for an unknown channel or outcome, a call-back
 * without its time, a time in the past or a move the pipeline does not allow; 404 when there is no such lead;
 * nothing is written on any of them. The audit trail records the channel, the outcome and the next step,
 * not the note.
 */
export const handler = adminHandler('admin-add-lead-attempt', async (request) => {
  const id = leadIdOf(request.pathParameters)
  const now = new Date()
  const result = validate(leadAttemptSchema(now), request.body)
  if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
  const attempt = leadAttemptOf(result.value)
  const logged = await logLeadAttempt(id, attempt, request.admin.username, now)
  const what = [
    `${attemptChannelLabels[attempt.channel]}: ${attemptOutcomeLabels[attempt.outcome]}`,
    attempt.status ? `status ${leadStatusLabels[attempt.status]}` : '',
    attempt.followUpAt ? `follow-up ${attempt.followUpAt}` : '',
  ].filter(Boolean)
  await auditAdminAction(request, 'lead-attempt', `${logged.lead.kind} ${id}`, what.join(', '))
  return json(201, logged)
})
