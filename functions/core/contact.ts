import * as z from 'zod/mini'
import { contactFields, contactWayMessage } from './contact-fields'
import { declaredSchema } from './field-schemas'

/** Whether a message (as sent, or as checked) gives a phone number or an e-mail address, not blank. */
function hasContactWay(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false
  const { phone, email } = message as { phone?: unknown; email?: unknown }
  const given = (value: unknown) => typeof value === 'string' && value.trim() !== ''
  return given(phone) || given(email)
}

/** The one-of rule on one of its two fields: checked even when other fields are wrong, so all show at once. */
const contactWay = (path: 'phone' | 'email') =>
  z.refine(hasContactWay, {
    message: contactWayMessage,
    path: [path],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })

/**
 * A message sent through the contact form: its declared fields (contact-fields.ts), and a way to answer it:
 * a phone number or an e-mail address (either is enough; the message names both fields).
 */
export const contactSchema = /* @__PURE__ */ (() =>
  declaredSchema(contactFields).check(contactWay('phone'), contactWay('email')))()

export type ContactMessage = z.output<typeof contactSchema>
