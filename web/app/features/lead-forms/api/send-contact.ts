import type { ContactInput } from '@core/contact'
import { type LeadSendResult, sendLead } from '~/lib/api/send-lead'

/** The contact form's message: exactly the five fields the API stores. */
export type ContactRequest = ContactInput

/**
 * POST /api/contacts with the five fields, whatever else the object holds, and the fill's idempotency key.
 * A network failure rejects (the caller logs it).
 */
export function sendContact(
  message: ContactRequest,
  options: { idempotencyKey: string; honeypot?: string },
): Promise<LeadSendResult> {
  const { name, email, phone, subject, message: text } = message
  return sendLead('create-contact', { name, email, phone, subject, message: text }, options)
}
