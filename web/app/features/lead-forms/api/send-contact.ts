import { type ContactInput, contactFields } from '@core/contact-fields'
import { sentFields } from '@core/field-declarations'
import { type LeadSendResult, sendLead } from '~/lib/api/send-lead'
import { leadOrigin } from '~/lib/landing-source'

/** The contact form's message: exactly its declared fields (lead-fields.ts), which the API stores. */
export type ContactRequest = ContactInput

/**
 * POST /api/contacts with the declared fields, whatever else the object holds (the page and the landing UTM
 * values from lib/landing-source.ts), and the fill's idempotency key. A network failure rejects (the caller logs it).
 */
export function sendContact(
  message: ContactRequest,
  options: { idempotencyKey: string; honeypot?: string },
): Promise<LeadSendResult> {
  return sendLead('create-contact', sentFields(contactFields, { ...message, ...leadOrigin() }), options)
}
