import { privacyContact } from '@core/company'
import { privacyCodeRequestSchema } from '@core/privacy-request-schema'
import { validate } from '@core/validation'
import { clientNetwork } from '../lib/client-ip'
import { codeMinutes, issueOneTimeCode } from '../lib/db/one-time-codes'
import { BadRequestError, TooManyRequestsError } from '../lib/errors'
import { httpHandler, json } from '../lib/http'
import { auditVisitor } from '../lib/privacy/refusals'
import { sendVisitorMail } from '../lib/privacy/visitor-mail'

/** What the person reads when they (or their network) asked for codes too often this hour. */
export const tooManyCodesMessage = 'Too many codes were asked for this hour. Please try again later.'

/**
 * POST /api/privacy/request-codes `{ email }`: a one-time code (use `request`) to that address, proving it is
 * the person's before /privacy/request stores what they ask. The same reply whether the address is known or
 * not: `{ sent: true }`, or `{ sent: false }` where no sender is set (the page names the privacy contact).
 * 400 for a bad address; 429 past 3 codes per person or 10 per client network an hour (one-time-codes.ts).
 * A refusal of a well-formed request is audited with the network and the reason, never the address; a
 * malformed body is refused like every route's, unrecorded (anyone could fill the log with them).
 */
export const handler = httpHandler('privacy-request-code', async ({ body, event, requestId }) => {
  const result = validate(privacyCodeRequestSchema, body)
  if (!result.ok) throw new BadRequestError('Please enter a valid email address.', result.fields)
  const { email } = result.value
  const issued = await issueOneTimeCode('request', `email:${email}`, clientNetwork(event))
  if ('refused' in issued) {
    await auditVisitor(event, 'privacy-refused', 'code: too many asks this hour', 'privacy-request-code')
    throw new TooManyRequestsError(tooManyCodesMessage, issued.retryAfterSeconds)
  }
  const sent = await sendVisitorMail(
    {
      kind: 'one-time-code',
      to: email,
      subject: `Your code: ${issued.code}`,
      text: [
        `Your code for your request about your data is ${issued.code}.`,
        `It works for ${codeMinutes} minutes, once. If you did not ask for it, ignore this message: nothing happens without it.`,
        `Questions: ${privacyContact.name}, ${privacyContact.email}, ${privacyContact.phone}.`,
      ].join('\n\n'),
    },
    { requestId },
  )
  return json(200, { sent: sent !== 'not-configured' })
})
