import { contactSchema } from '@core/contact'
import { contactFields, isJobApplicationSubject } from '@core/contact-fields'
import { leadConsent } from '@core/lead-protection'
import { validate } from '@core/validation'
import { storeLead } from '../lib/db/leads'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { leadHandler } from '../lib/lead-http'
import { notifyNewLead } from '../lib/notify'

/**
 * POST /api/contacts: validate the contact form, store it once (idempotency key) with server time and its
 * consent, assigned on arrival (a job application to the owners), tell the staff, answer 201 with its id (200 for a retry of a stored message).
 */
export const handler = leadHandler('create-contact', async ({ body, idempotencyKey, requestId }) => {
  const result = validate(contactSchema, body)
  if (!result.ok) throw new BadRequestError('Please correct the highlighted fields.', result.fields)
  const now = new Date()
  const message = result.value
  const { lead, created } = await storeLead(
    'CONTACT',
    { ...message, consent: { ...leadConsent.contact, givenAt: now.toISOString() } },
    { now, idempotencyKey, assign: { jobApplication: isJobApplicationSubject(message.subject) } },
  )
  if (created) {
    await notifyNewLead(
      `New contact message: ${message.subject}`,
      contactFields,
      message,
      lead,
      [],
      requestId,
    )
  }
  return json(created ? 201 : 200, { id: lead.id, createdAt: lead.createdAt })
})
