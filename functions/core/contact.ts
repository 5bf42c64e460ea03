import type * as z from 'zod/mini'
import { contactFields } from './contact-fields'
import { declaredSchema } from './field-schemas'

/** A message sent through the contact form: its declared fields (lead-fields.ts), every one required. */
export const contactSchema = /* @__PURE__ */ declaredSchema(contactFields)

export type ContactMessage = z.output<typeof contactSchema>
