import { leadReceipt } from '@core/api-types'
import { consentChoices } from '@core/consent-choices'
import { newsletterOffersField } from '@core/consent-fields'
import { contactSchema } from '@core/contact'
import { contactFields, isJobApplicationSubject } from '@core/contact-fields'
import { leadConsent } from '@core/lead-protection'
import { sourceLabel, utmValuesOf, withFormSource } from '@core/lead-source'
import { validate } from '@core/validation'
import { clientNetwork } from '../lib/client-ip'
import { recordConsents } from '../lib/db/consent-ledger'
import { storeLead } from '../lib/db/leads'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { leadHandler } from '../lib/lead-http'
import { loggedError, logger } from '../lib/logging'
import { signUpForNewsletter } from '../lib/newsletter-signup'
import { notifyNewLead } from '../lib/notify'

/**
 * POST /api/contacts: validate the contact form, store it once (idempotency key) with server time, its
 * consent, its consents in the ledger (one entry per purpose and way to reach the person) and its source (the form, the page, the landing URL's UTM values), assigned on arrival (a job application to the owners), tell the staff, answer 201 with its id (200 for a retry of a stored message).
 * A ticked newsletter box signs the address up as the footer's box does: pending, with a confirmation e-mail.
 */
export const handler = leadHandler('create-contact', async ({ body, event, idempotencyKey, requestId }) => {
  const result = validate(contactSchema, body)
  if (!result.ok) throw new BadRequestError('Please correct the highlighted fields.', result.fields)
  const now = new Date()
  // The page the form was sent from becomes the lead's source; the UTM values are kept as sent.
  const { source, ...message } = withFormSource('contact', result.value)
  const { lead, created } = await storeLead(
    'CONTACT',
    { ...message, source, consent: { ...leadConsent.contact, givenAt: now.toISOString() } },
    {
      now,
      idempotencyKey,
      assign: { jobApplication: isJobApplicationSubject(message.subject) },
      reference: true,
    },
  )
  // Also for a retry of a stored request: the same lead keys the same entries, which stay as they are, and
  // an entry a failed first attempt did not write is written now.
  await recordConsents({
    form: 'contact',
    choices: consentChoices('contact', contactFields, message),
    contacts: { phone: message.phone, email: message.email },
    leadId: lead.id,
    at: lead.createdAt,
    network: clientNetwork(event),
  })
  if (created && message.newsletterOffers === true && message.email) {
    await signUpFromContact(message.email, message.adult, requestId, now)
  }
  if (created) {
    await notifyNewLead(
      `New contact message: ${message.subject}`,
      contactFields,
      message,
      lead,
      [['Source', sourceLabel(source, utmValuesOf(message))]],
      requestId,
    )
  }
  return json(created ? 201 : 200, leadReceipt(lead))
})

/**
 * The newsletter box of the contact form: the same pending signup and confirmation e-mail as the footer's
 * box (double opt-in), so every address on the list was confirmed by its owner. The message is stored
 * already: a failed e-mail is logged, not answered as a failure of the message; the signup stays pending
 * and the person may sign up again from the footer.
 */
async function signUpFromContact(email: string, adult: boolean, requestId: string, now: Date): Promise<void> {
  try {
    await signUpForNewsletter(
      { email, adult },
      { text: newsletterOffersField.label, version: leadConsent.contact.version },
      { requestId, now },
    )
  } catch (error) {
    logger.error('The newsletter signup of a contact was not completed', {
      requestId,
      error: loggedError(error),
    })
  }
}
