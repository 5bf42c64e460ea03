import * as z from 'zod/mini'
import { contactLimits } from './contact-limits'

/** A required text field: trimmed, not empty, at most `max` characters. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    )

/** A message sent through the contact form: name, email, phone, subject, message. */
export const contactSchema = z.object({
  name: requiredText('Full name', contactLimits.name),
  email: z.pipe(requiredText('Email', contactLimits.email), z.email('Enter a valid email address')),
  phone: requiredText('Phone', contactLimits.phone).check(
    z.regex(/^[+()\d][\d\s()+-]{5,}$/, 'Enter a valid phone number'),
  ),
  subject: requiredText('Subject', contactLimits.subject),
  message: requiredText('Message', contactLimits.message),
})

export type ContactInput = z.input<typeof contactSchema>
export type ContactMessage = z.output<typeof contactSchema>
