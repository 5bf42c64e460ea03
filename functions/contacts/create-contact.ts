import { leadReceipt } from '@core/api-types'
import { consentChoices } from '@core/consent-choices'
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
import { notifyNewLead } from '../lib/notify'

/**
 * POST /api/contacts: validate the contact form, store it once (idempotency key) with server time, its
 * consent, its consents in the ledger (one entry per purpose and way to reach the person) and its source (the form, the page, the landing URL's UTM values), assigned on arrival (a job application to the owners), tell the staff, answer 201 with its id (200 for a retry of a stored message).
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
