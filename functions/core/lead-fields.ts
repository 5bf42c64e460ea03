import { contactFields } from './contact-fields'
import type { FieldDeclarations } from './field-declarations'
import { newsletterFields } from './newsletter-fields'
import { quoteFields } from './quote-fields'

/**
 * The declared fields (field-declarations.ts) of each kind of lead, by the kind's stored partition: what the
 * inbox summary and erasure read, whatever the kind.
 */
export const leadFieldsOfKind = {
  QUOTE: quoteFields,
  CONTACT: contactFields,
  NEWSLETTER: newsletterFields,
} as const satisfies Readonly<Record<string, FieldDeclarations>>
