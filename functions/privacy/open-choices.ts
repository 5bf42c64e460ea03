import type { ChoicesOpened } from '@core/privacy-choices'
import { choicesOpenSchema } from '@core/privacy-choices-schema'
import { validate } from '@core/validation'
import { type ConsentContacts, consentStanding } from '../lib/db/consent-ledger'
import { codeCheckMessages, redeemOneTimeCode } from '../lib/db/one-time-codes'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { PrivacyRefusal, privacyHandler, standingReply } from '../lib/privacy/choices-http'
import { signPrivacyLink } from '../lib/privacy/links'

/**
 * POST /api/privacy/choices/open: the code sent to an address (by e-mail) or to a mobile number (by SMS or
 * WhatsApp, where a sender is set: ask-code.ts), redeemed once (one-time-codes.ts), opens the person's
 * choices: the answer is a choices link's token for the next steps (the same kind every message carries) and
 * where each consent stands under that contact. A wrong, expired or used code is refused with what to do.
 */
export const handler = privacyHandler('privacy-open-choices', async ({ body }) => {
  const result = validate(choicesOpenSchema, body)
  if (!result.ok)
    throw new BadRequestError(
      'Enter your e-mail address or mobile number and the 6-digit code.',
      result.fields,
    )
  const given: ConsentContacts =
    'phone' in result.value ? { phone: String(result.value.phone) } : { email: String(result.value.email) }
  const contact = given.phone === undefined ? `email:${given.email}` : `phone:${given.phone}`
  const check = await redeemOneTimeCode('choices', contact, result.value.code)
  if (check !== 'accepted') throw new PrivacyRefusal(400, codeCheckMessages[check], `code ${check}`)
  const reply: ChoicesOpened = {
    t: await signPrivacyLink('choices', contact),
    standing: standingReply(await consentStanding(given)),
  }
  return json(200, reply)
})
