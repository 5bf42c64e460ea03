import { leadConsent } from '@core/lead-protection'
import { newsletterConsentType } from '@core/newsletter'
import { newsletterSchema } from '@core/newsletter-schema'
import { validate } from '@core/validation'
import { subscribeNewsletter } from '../lib/db/leads'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { leadHandler } from '../lib/lead-http'

const subscribedReply = () => ({ subscribed: true })

/**
 * POST /api/newsletter: store the e-mail once, with its consent (single opt-in). A second signup of the same address stores nothing and
 * answers exactly the same success (200), so the form cannot be used to learn who is subscribed.
 */
export const handler = leadHandler(
  'subscribe-newsletter',
  async ({ body }) => {
    const result = validate(newsletterSchema, body)
    if (!result.ok) throw new BadRequestError('Please enter a valid email address.', result.fields)
    const now = new Date()
    await subscribeNewsletter(
      {
        ...result.value,
        // What the record proves: a single opt-in (no confirmation e-mail), its wording and its time.
        consent: { type: newsletterConsentType, ...leadConsent.newsletter, givenAt: now.toISOString() },
      },
      now,
    )
    // The same reply either way: the status must not tell who is subscribed.
    return json(200, subscribedReply())
  },
  { honeypotReply: () => subscribedReply() },
)
