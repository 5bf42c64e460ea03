import { privacyRequestSchema } from '@core/privacy-request-schema'
import { privacyClock, privacyReceipt } from '@core/privacy-requests'
import { validate } from '@core/validation'
import { codeCheckMessages, redeemOneTimeCode } from '../lib/db/one-time-codes'
import { openPrivacyCase } from '../lib/db/privacy-cases'
import { BadRequestError } from '../lib/errors'
import { httpHandler, json } from '../lib/http'
import { auditVisitor } from '../lib/privacy/refusals'

/**
 * POST /api/privacy/requests `{ email, code, kind, details?, nominee? }`: the code sent to that address
 * redeemed (once), then the request stored as an open case of the rights desk (db/privacy-cases.ts) →
 * 201 `{ reference, dueAt, message }`. 400 with the field's message for a missing or bad field (an address
 * is required: a request without a contact cannot be answered) and for a wrong, expired, spent or
 * exhausted code; nothing is stored. Every request and every refused code is audited (the case reference,
 * the kind or the reason, the network; never the address or the words); a malformed body is refused
 * unrecorded, like every route's.
 */
export const handler = httpHandler('privacy-create-request', async ({ body, event }) => {
  const result = validate(privacyRequestSchema, body)
  if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
  const { email, code, kind, details, nominee } = result.value
  const check = await redeemOneTimeCode('request', `email:${email}`, code)
  if (check !== 'accepted') {
    await auditVisitor(event, 'privacy-refused', `request: code ${check}`, 'privacy-create-request')
    throw new BadRequestError(codeCheckMessages[check], { code: codeCheckMessages[check] })
  }
  const stored = await openPrivacyCase({ kind, identity: 'one-time-code', email, details, nominee })
  await auditVisitor(event, 'privacy-request', kind, stored.id)
  return json(201, {
    reference: stored.id,
    dueAt: privacyClock(stored.receivedAt, new Date(stored.receivedAt)).dueAt,
    message: privacyReceipt(stored.id),
  })
})
