import { clientNetwork } from '../lib/client-ip'
import { recordAudit } from '../lib/db/audit'
import { applyWithdrawal } from '../lib/db/consent-effects'
import { recordWithdrawals } from '../lib/db/consent-ledger'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { openChoicesLink, privacyHandler, visitorActor } from '../lib/privacy/choices-http'

/** The body a mail client POSTs to a one-click List-Unsubscribe link (RFC 8058 section 3.1). */
const oneClickField = 'List-Unsubscribe'
const oneClickValue = 'One-Click'

/**
 * POST /api/privacy/one-click?t=: the List-Unsubscribe target of every message to a visitor
 * (visitor-mail.ts). A mail client's POST with the form body `List-Unsubscribe=One-Click` withdraws the
 * newsletter of the person the token names, as on the choices page but via the one-click link; the answer
 * holds nothing of the person. There is no GET of this path (the stand-in answers 405, the API 404): a
 * scanner that follows the link changes nothing.
 */
export const handler = privacyHandler(
  'privacy-one-click',
  async ({ body, event, query }) => {
    const form = (body ?? {}) as Record<string, string>
    if (form[oneClickField] !== oneClickValue) {
      throw new BadRequestError(`Send ${oneClickField}=${oneClickValue} to withdraw.`)
    }
    const contacts = await openChoicesLink(query.t)
    const at = new Date().toISOString()
    const network = clientNetwork(event)
    await recordWithdrawals({ purposes: ['newsletter'], contacts, via: 'one-click', at, network })
    const changed = await applyWithdrawal(contacts, ['newsletter'], at)
    await recordAudit({
      actor: visitorActor,
      action: 'consent-withdrawal',
      target: 'newsletter',
      detail: `one-click link: ${changed.leads} lead(s)${changed.newsletter ? ', newsletter signup' : ''}`,
      network,
    })
    return json(200, { withdrawn: ['newsletter'] })
  },
  { bodyEncoding: 'form' },
)
