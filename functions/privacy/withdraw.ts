import type { ChoicesShown } from '@core/privacy-choices'
import { choicesWithdrawSchema } from '@core/privacy-choices-schema'
import { validate } from '@core/validation'
import { clientNetwork } from '../lib/client-ip'
import { recordAudit } from '../lib/db/audit'
import { applyWithdrawal } from '../lib/db/consent-effects'
import { consentStanding, recordWithdrawals } from '../lib/db/consent-ledger'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { openChoicesLink, privacyHandler, standingReply, visitorActor } from '../lib/privacy/choices-http'

/**
 * POST /api/privacy/choices/withdraw: withdraws the chosen consents of the person a choices link names. The
 * ledger gets an entry per purpose (recordWithdrawals, via the choices page), the person's leads and signup
 * change at once (consent-effects.ts applyWithdrawal), and the activity log records the purposes and how
 * many leads changed, never who. The answer is the new standing.
 */
export const handler = privacyHandler('privacy-withdraw', async ({ body, event }) => {
  const result = validate(choicesWithdrawSchema, body)
  if (!result.ok) throw new BadRequestError('Choose a consent to withdraw.', result.fields)
  const contacts = await openChoicesLink(result.value.t)
  const { purposes } = result.value
  const at = new Date().toISOString()
  const network = clientNetwork(event)
  await recordWithdrawals({ purposes, contacts, via: 'choices-page', at, network })
  const changed = await applyWithdrawal(contacts, purposes, at)
  await recordAudit({
    actor: visitorActor,
    action: 'consent-withdrawal',
    target: purposes.join(','),
    detail: `choices page: ${changed.leads} lead(s)${changed.newsletter ? ', newsletter signup' : ''}`,
    network,
  })
  const reply: ChoicesShown = { standing: standingReply(await consentStanding(contacts)) }
  return json(200, reply)
})
