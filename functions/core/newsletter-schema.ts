import type * as z from 'zod/mini'
import { declaredSchema } from './field-schemas'
import { newsletterFields } from './newsletter-fields'

/**
 * The signup's schema, apart from the consent type and the address's normal form in newsletter.ts: the lead
 * repositories (in every lead and inbox route) import those, and only the signup route, which validates a
 * body, loads zod.
 */

/** A newsletter signup: the e-mail only (newsletter-fields.ts), trimmed and lower-cased so one address is one signup. */
export const newsletterSchema = /* @__PURE__ */ declaredSchema(newsletterFields)

export type NewsletterSignup = z.output<typeof newsletterSchema>
