import { privacyReplySchema } from '@core/privacy-request-schema'
import { privacyDecisionLabels } from '@core/privacy-requests'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { closePrivacyCase } from '../lib/db/privacy-cases'
import { BadRequestError, ConflictError } from '../lib/errors'
import { json } from '../lib/http'
import { sendVisitorMail } from '../lib/privacy/visitor-mail'
import { privacyCaseOf } from './privacy-cases'

/** A case answered already, or changed by someone else since it was read. */
export const caseChangedMessage = 'This case was answered or changed meanwhile. Open it again.'

/**
 * POST /api/admin/privacy/cases/{id}/reply (owners) `{ decision, reason?, reply }`: the owner's decision
 * (a refusal, whole or in part, with its reason) and the reply, sent to the person by e-mail (visitor mail,
 * kind `privacy-reply`) when the case has an address, recorded as given by phone otherwise; the case closes
 * → 200 the case. A case whose erasure is done forgets the person as it closes (db/privacy-cases.ts). 400 for
 * a bad field, 404 for no case, 409 for a closed case or one changed meanwhile (nothing sent). Audited (the
 * reference and the decision).
 */
export const handler = adminHandler('admin-reply-privacy-case', async (request) => {
  const found = await privacyCaseOf(request.pathParameters)
  const result = validate(privacyReplySchema, request.body)
  if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
  if (found.status !== 'open') throw new ConflictError(caseChangedMessage)
  const { decision, reason, reply } = result.value
  const replyVia = found.email
    ? await sendVisitorMail(
        {
          kind: 'privacy-reply',
          to: found.email,
          subject: `Your request ${found.id}: ${privacyDecisionLabels[decision].toLowerCase()}`,
          text: reason ? `${reply}\n\nWhy: ${reason}` : reply,
        },
        { requestId: request.requestId },
      )
    : 'phone'
  const closed = await closePrivacyCase(found, {
    decision,
    reason,
    reply,
    replyVia,
    by: request.admin.username,
    at: new Date().toISOString(),
  })
  if (!closed) throw new ConflictError(caseChangedMessage)
  await auditAdminAction(request, 'privacy-reply', found.id, `${decision}, reply ${replyVia}`)
  return json(200, closed)
})
