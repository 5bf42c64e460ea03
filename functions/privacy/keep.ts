import { choicesShowSchema } from '@core/privacy-choices-schema'
import { keepMessages } from '@core/retention-messages'
import { validate } from '@core/validation'
import { clientNetwork } from '../lib/client-ip'
import { recordAudit } from '../lib/db/audit'
import { keepLead } from '../lib/db/retention-keep'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { PrivacyRefusal, privacyHandler, visitorActor } from '../lib/privacy/choices-http'
import { openPrivacyLink } from '../lib/privacy/links'

/**
 * POST /api/privacy/keep `{ t }`: the button of the keep page (/privacy/keep?t=…), where the retention
 * sweep's ask leads (functions/lib/retention-sweep.ts). Opening the link changes nothing (mail scanners
 * follow links); this POST touches the lead the signed token names, so its retention clock restarts, and
 * records it in the activity log (the lead, never the address). A bad, expired or other link, or a lead that
 * is gone, is refused (400) with what to do, nothing written but the refusal in the activity log.
 */
export const handler = privacyHandler('privacy-keep', async ({ body, event }) => {
  const result = validate(choicesShowSchema, body)
  if (!result.ok) throw new BadRequestError(keepMessages.invalid, result.fields)
  const now = new Date()
  const link = await openPrivacyLink(result.value.t, 'keep-request', now)
  if ('refused' in link) throw new PrivacyRefusal(400, keepMessages[link.refused], `link ${link.refused}`)
  if (!link.lead || !link.contact.startsWith('email:')) {
    throw new PrivacyRefusal(400, keepMessages.invalid, 'link invalid')
  }
  const outcome = await keepLead(link.lead, link.contact.slice('email:'.length), now)
  if (outcome === 'gone') throw new PrivacyRefusal(400, keepMessages.gone, 'lead gone')
  await recordAudit({
    actor: visitorActor,
    action: 'retention-kept',
    target: link.lead,
    detail: 'keep page: asked us to keep the enquiry',
    network: clientNetwork(event),
  })
  return json(200, { state: 'kept', message: keepMessages.kept })
})
