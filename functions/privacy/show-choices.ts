import type { ChoicesShown } from '@core/privacy-choices'
import { choicesShowSchema } from '@core/privacy-choices-schema'
import { validate } from '@core/validation'
import { consentStanding } from '../lib/db/consent-ledger'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { openChoicesLink, privacyHandler, standingReply } from '../lib/privacy/choices-http'

/**
 * POST /api/privacy/choices: where each consent stands for the person a choices link names. Opening only
 * shows: nothing is written (a mail scanner that follows the link changes nothing). The token travels in the
 * body, not the address, so it stays out of access logs.
 */
export const handler = privacyHandler('privacy-choices', async ({ body }) => {
  const result = validate(choicesShowSchema, body)
  if (!result.ok) throw new BadRequestError('The link is not valid.', result.fields)
  const contacts = await openChoicesLink(result.value.t)
  const reply: ChoicesShown = { standing: standingReply(await consentStanding(contacts)) }
  return json(200, reply)
})
