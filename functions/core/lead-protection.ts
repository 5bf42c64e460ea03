/**
 * What the public forms and the lead API agree on to keep abuse out (shared by the page and the Lambdas).
 */

/**
 * The hidden honeypot field every public form sends. People never see it, so it stays empty; a bot that
 * fills every input fills it too, and the API then answers success and stores nothing.
 */
export const honeypotField = 'website'

/**
 * The request header carrying the client's idempotency key: one key per form fill, so a double click or a
 * retry of the same fill stores one lead.
 */
export const idempotencyKeyHeader = 'Idempotency-Key'
export const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,80}$/

/** The message the API sends with a 429 and the pages show. */
export const rateLimitMessage =
  'Too many submissions from your network. Please wait a few minutes and try again.'

/** The consent each kind of lead is stored with: the text the visitor accepted and its version. */
export const leadConsent = {
  /** The contact form has no checkbox: sending it asks to be contacted about the message. */
  contact: {
    text: 'Sent the contact form to be contacted about this message',
    version: 'contact-form-2026-11',
  },
  newsletter: {
    text: 'Subscribed to the newsletter with this e-mail address',
    version: 'newsletter-2026-11',
  },
} as const

/** A consent as stored with a lead. */
export interface ConsentRecord {
  readonly text: string
  readonly version: string
  /** Server time the consent was received, ISO 8601. */
  readonly givenAt: string
}
