import { privacyContact } from '@core/company'
import { consentChoices } from '@core/consent-choices'
import { leadConsent } from '@core/lead-protection'
import { newsletterSignupMessages } from '@core/newsletter'
import { newsletterFields } from '@core/newsletter-fields'
import { newsletterSchema } from '@core/newsletter-schema'
import { validate } from '@core/validation'
import { clientNetwork } from '../lib/client-ip'
import { recordConsents } from '../lib/db/consent-ledger'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { leadHandler } from '../lib/lead-http'
import { signUpForNewsletter } from '../lib/newsletter-signup'
import { visitorMailConfigured } from '../lib/privacy/visitor-mail'

/** What the form shows: check your e-mail, or (e-mail not set up here) that no confirmation could be sent. */
const signupReply = (confirmation: 'sent' | 'not-configured') => ({
  subscribed: true,
  confirmation,
  message:
    confirmation === 'sent'
      ? newsletterSignupMessages.sent
      : newsletterSignupMessages.notConfigured(privacyContact.email),
})

/**
 * POST /api/newsletter: store the e-mail once, as a pending signup with its consent and its entry in the
 * consent ledger (consent-ledger.ts), and send the address a confirmation link (double opt-in,
 * lib/newsletter-signup.ts): it becomes a subscriber only when its owner confirms (confirm.ts). A second
 * signup of the same address stores nothing new and answers exactly the same (200), so the form cannot be
 * used to learn who is subscribed; a pending address gets the confirmation again.
 */
export const handler = leadHandler(
  'subscribe-newsletter',
  async ({ body, event, requestId }) => {
    const result = validate(newsletterSchema, body)
    if (!result.ok) throw new BadRequestError('Please enter a valid email address.', result.fields)
    const now = new Date()
    const { lead } = await signUpForNewsletter(result.value, leadConsent.newsletter, { requestId, now })
    // A second signup keys the same entries as the first (its id and time): they stay as they are. The
    // ledger records the choice made on the form here; the confirmation adds its own entry (confirm.ts).
    await recordConsents({
      form: 'newsletter',
      choices: consentChoices('newsletter', newsletterFields, result.value),
      contacts: { email: lead.email },
      leadId: lead.id,
      at: lead.createdAt,
      network: clientNetwork(event),
    })
    // The same reply for a new, a pending and a confirmed address (which gets no second confirmation): the
    // reply must not tell who is subscribed. Whether e-mail is set up here is a setting, not a person's state.
    return json(200, signupReply(visitorMailConfigured() ? 'sent' : 'not-configured'))
  },
  { honeypotReply: () => signupReply(visitorMailConfigured() ? 'sent' : 'not-configured') },
)
