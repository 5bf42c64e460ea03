import type * as z from 'zod/mini'
import { declaredSchema } from './field-schemas'
import { newsletterFields } from './newsletter-fields'

/** A newsletter signup: the e-mail only (lead-fields.ts), trimmed and lower-cased so one address is one signup. */
export const newsletterSchema = /* @__PURE__ */ declaredSchema(newsletterFields)

/**
 * The kind of consent a newsletter signup records: single opt-in. The address is stored when the form is
 * sent and no confirmation e-mail goes out, so the record shows that someone asked, not that the owner of
 * the address did. A double opt-in would add a confirmation link and the time it was followed.
 */
export const newsletterConsentType = 'single-opt-in'

export type NewsletterSignup = z.output<typeof newsletterSchema>

/** The normalised form of an address: the key of its signup. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}
