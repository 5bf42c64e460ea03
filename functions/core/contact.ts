import * as z from 'zod/mini'
import { contactLimits } from './contact-limits'
import { requiredText } from './field-schemas'

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
