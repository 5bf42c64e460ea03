import type { CodeAskReply } from '@core/privacy-choices'
import { tooManyCodesMessage } from '@core/privacy-choices'
import { codeAskSchema } from '@core/privacy-choices-schema'
import { validate } from '@core/validation'
import { clientNetwork } from '../lib/client-ip'
import { codeMinutes, countCodeAsk, issueOneTimeCode } from '../lib/db/one-time-codes'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { notifyOwners } from '../lib/notify'
import { PrivacyRefusal, privacyHandler } from '../lib/privacy/choices-http'
import { phoneCodeChannel, sendPhoneCode } from '../lib/privacy/phone-codes'
import { sendVisitorMail } from '../lib/privacy/visitor-mail'

/**
 * POST /api/privacy/codes: the first step of the choices page. An e-mail address gets a one-time code by
 * e-mail, known to us or not, with the same answer either way (the answer must not tell who is on our
 * lists). A mobile number gets one by SMS or WhatsApp where the stack sets a sender (phone-codes.ts, off by
 * default), likewise; without one it gets no code: the owners are told to call the number back from the
 * company's number to confirm, and the answer says so. All count against the codes' limits
 * (one-time-codes.ts codeLimits: 3 an hour per person, 10 per network).
 */
export const handler = privacyHandler('privacy-codes', async ({ body, event, requestId }) => {
  const result = validate(codeAskSchema, body)
  if (!result.ok) throw new BadRequestError('Enter your e-mail address or your mobile number.', result.fields)
  const network = clientNetwork(event)
  const now = new Date()
  if ('phone' in result.value) {
    const phone = String(result.value.phone)
    const channel = phoneCodeChannel()
    if (channel) {
      const issued = await issueOneTimeCode('choices', `phone:${phone}`, network, now)
      if ('refused' in issued) {
        throw new PrivacyRefusal(429, tooManyCodesMessage, 'too many codes', issued.retryAfterSeconds)
      }
      await sendPhoneCode(phone, issued.code, codeMinutes, { requestId, now })
      return json(200, { channel: 'phone', sent: true, by: channel } satisfies CodeAskReply)
    }
    const refused = await countCodeAsk('choices', `phone:${phone}`, network, now)
    if (refused)
      throw new PrivacyRefusal(429, tooManyCodesMessage, 'too many codes', refused.retryAfterSeconds)
    await notifyOwners(
      {
        subject: 'Call back to confirm a withdrawal',
        body: [
          `Someone asked on the choices page to see or withdraw their consents for ${phone}.`,
          "Call the number back from the company's number to confirm it is theirs. Then, in the workspace, open a case by hand for that number (Rights requests) and record what they withdraw on its page.",
        ].join('\n'),
      },
      requestId,
    )
    return json(200, { channel: 'phone', callBack: true } satisfies CodeAskReply)
  }
  const email = String(result.value.email)
  const issued = await issueOneTimeCode('choices', `email:${email}`, network, now)
  if ('refused' in issued) {
    throw new PrivacyRefusal(429, tooManyCodesMessage, 'too many codes', issued.retryAfterSeconds)
  }
  const sent = await sendVisitorMail(
    {
      kind: 'one-time-code',
      to: email,
      subject: `Your code: ${issued.code}`,
      text: [
        `Your code for your privacy choices is ${issued.code}.`,
        `It works once, for ${codeMinutes} minutes. If you did not ask for it, ignore this e-mail: nothing changes.`,
      ].join('\n'),
    },
    { requestId, now },
  )
  return json(200, { channel: 'email', sent: sent !== 'not-configured' } as CodeAskReply)
})
