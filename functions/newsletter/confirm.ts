import { newsletterPurposeText } from '@core/consent-fields'
import { newsletterConfirmMessages } from '@core/newsletter'
import { clientNetwork } from '../lib/client-ip'
import { recordConsents } from '../lib/db/consent-ledger'
import { confirmNewsletterSignup } from '../lib/db/newsletter-signups'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { leadHandler } from '../lib/lead-http'
import { openPrivacyLink, privacyLinkDays } from '../lib/privacy/links'
import { auditVisitor } from '../lib/privacy/refusals'

/** What the ledger's confirmation entry records as shown: the newsletter's words, and how they were confirmed. */
export const confirmationShown = `${newsletterPurposeText} (confirmed with the link e-mailed to the address)`

/**
 * POST /api/newsletter/confirm `{ t }`: the button of the confirmation page (/newsletter/confirm?t=…). Opening
 * the link changes nothing (mail scanners follow links); this POST confirms the pending signup the signed
 * token names (`confirmedAt`) and appends a confirmation entry to the consent ledger. The signup's own entry,
 * written when the form was sent, records the choice made there, as the contact form's box does; this one
 * records that the owner of the address confirmed it, at its own time and network, so the ledger proves
 * both steps of the double opt-in and neither is rewritten. A bad, expired or other link, or a signup that is
 * gone or withdrawn since, is refused (400) with a message and nothing written but an entry in the activity
 * log (the route, the reason and the network, as the choices routes record theirs; never the address); a
 * confirmed one answers so.
 */
export const handler = leadHandler(
  'confirm-newsletter',
  async ({ body, event }) => {
    const token = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).t : undefined
    const now = new Date()
    const link = await openPrivacyLink(token, 'newsletter-confirm', now)
    if ('refused' in link) {
      await auditVisitor(event, 'privacy-refused', `link ${link.refused}`, 'confirm-newsletter')
      throw new BadRequestError(newsletterConfirmMessages[link.refused], { t: link.refused })
    }
    const email = link.contact.replace(/^email:/, '')
    const issuedAt = new Date(Date.parse(link.expiresAt) - privacyLinkDays['newsletter-confirm'] * 86_400_000)
    const result = await confirmNewsletterSignup(email, issuedAt, now)
    if (!('signup' in result)) {
      await auditVisitor(event, 'privacy-refused', `signup ${result.outcome}`, 'confirm-newsletter')
      throw new BadRequestError(newsletterConfirmMessages[result.outcome], { t: result.outcome })
    }
    const { signup, outcome } = result
    // Also when it was confirmed already: the entry is keyed by the confirmation's time, so a retry after a
    // failed write writes the missing entry and otherwise finds it there.
    await recordConsents({
      form: 'newsletter',
      choices: [{ purpose: 'newsletter', basis: 'consent', given: true, shown: confirmationShown }],
      contacts: { email },
      leadId: String(signup.id),
      at: String(signup.confirmedAt),
      network: clientNetwork(event),
    })
    return json(200, { state: outcome, message: newsletterConfirmMessages[outcome] })
  },
  { honeypotReply: () => ({ state: 'confirmed', message: newsletterConfirmMessages.confirmed }) },
)
