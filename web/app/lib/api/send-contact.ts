import type { ContactInput } from '@core/contact'

/** The contact form's message: exactly the five fields the API stores (spec §3). */
export type ContactRequest = ContactInput

export const sendContactPath = '/api/contacts'

/**
 * POST /api/contacts. Resolves `true` on a 2xx reply and `false` on any other status; a network failure
 * rejects (the caller logs it). Only the five fields are sent, whatever else the object holds.
 */
export async function sendContact(message: ContactRequest): Promise<boolean> {
  const { name, email, phone, subject, message: text } = message
  const response = await fetch(sendContactPath, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ name, email, phone, subject, message: text }),
  })
  return response.ok
}
