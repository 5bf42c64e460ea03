/**
 * The kind of consent a newsletter signup records: single opt-in. The address is stored when the form is
 * sent and no confirmation e-mail goes out, so the record shows that someone asked, not that the owner of
 * the address did. A double opt-in would add a confirmation link and the time it was followed.
 */
export const newsletterConsentType = 'single-opt-in'

export type { NewsletterSignup } from './newsletter-schema'

/** The normalised form of an address: the key of its signup. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}
