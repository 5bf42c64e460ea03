import { leadConsent } from '@core/lead-protection'
import { newsletterSchema } from '@core/newsletter'
import { validate } from '@core/validation'
import { subscribeNewsletter } from '../lib/db/leads'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { leadHandler } from '../lib/lead-http'

/**
 * POST /api/newsletter: store the e-mail once. A second signup of the same address stores nothing and
 * answers success too (200 instead of 201), so the form cannot be used to learn who is subscribed.
 */
export const handler = leadHandler('subscribe-newsletter', async ({ body }) => {
  const result = validate(newsletterSchema, body)
  if (!result.ok) throw new BadRequestError('Please enter a valid email address.', result.fields)
  const now = new Date()
  const { created } = await subscribeNewsletter(
    { ...result.value, consent: { ...leadConsent.newsletter, givenAt: now.toISOString() } },
    now,
  )
  return json(created ? 201 : 200, { subscribed: true })
})
