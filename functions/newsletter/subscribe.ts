import { consentChoices } from '@core/consent-choices'
import { leadConsent } from '@core/lead-protection'
import { newsletterConsentType } from '@core/newsletter'
import { newsletterFields } from '@core/newsletter-fields'
import { newsletterSchema } from '@core/newsletter-schema'
import { validate } from '@core/validation'
import { clientNetwork } from '../lib/client-ip'
import { recordConsents } from '../lib/db/consent-ledger'
import { subscribeNewsletter } from '../lib/db/leads'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { leadHandler } from '../lib/lead-http'

const subscribedReply = () => ({ subscribed: true })

/**
 * POST /api/newsletter: store the e-mail once, with its consent (single opt-in) and its entry in the consent
 * ledger (consent-ledger.ts). A second signup of the same address stores nothing and
 * answers exactly the same success (200), so the form cannot be used to learn who is subscribed.
 */
export const handler = leadHandler(
  'subscribe-newsletter',
  async ({ body, event }) => {
    const result = validate(newsletterSchema, body)
    if (!result.ok) throw new BadRequestError('Please enter a valid email address.', result.fields)
    const now = new Date()
    const { lead } = await subscribeNewsletter(
      {
        ...result.value,
        // What the record proves: a single opt-in (no confirmation e-mail), its wording and its time.
        consent: { type: newsletterConsentType, ...leadConsent.newsletter, givenAt: now.toISOString() },
      },
      now,
    )
    // A second signup keys the same entries as the first (its id and time): they stay as they are.
    await recordConsents({
      form: 'newsletter',
      choices: consentChoices('newsletter', newsletterFields, result.value),
      contacts: { email: lead.email },
      leadId: lead.id,
      at: lead.createdAt,
      network: clientNetwork(event),
    })
    // The same reply either way: the status must not tell who is subscribed.
    return json(200, subscribedReply())
  },
  { honeypotReply: () => subscribedReply() },
)
