/**
 * One phone rule for every public form (the quote's WhatsApp number, the contact form's phone): an Indian
 * mobile number however people type it (`098765 43210`, `+91 98765-43210`, `9876543210`), stored in one
 * form (`+91 98765 43210`) so the staff read, search and dial every lead's number alike. No imports: the
 * pages read the pattern with the field declarations.
 */

/**
 * An Indian mobile number: 10 digits starting 6-9, optionally after +91, 0091, 91 or the trunk 0; spaces and
 * hyphens allowed. Written so that its source without the anchors is also a valid HTML `pattern` (the
 * browser compiles it with the `v` flag, where a hyphen in a class is escaped).
 */
// biome-ignore lint/complexity/noUselessEscapeInRegex: the HTML pattern (the v flag) needs the hyphen escaped
export const indianMobilePattern = /^(?:(?:\+|00)?91[\s\-]?|0)?[6-9](?:[\s\-]?\d){9}$/

/** The last 10 digits of a phone number in any format (`+91 98765-43210` → `9876543210`), or undefined. */
export function phoneKey(phone: unknown): string | undefined {
  if (typeof phone !== 'string') return undefined
  const digits = phone.replace(/\D/g, '')
  return digits.length >= 10 ? digits.slice(-10) : undefined
}

/**
 * The stored form of a number that passes indianMobilePattern: `+91 98765 43210`. Anything else is returned
 * as it was (the pattern refuses it first).
 */
export function normaliseIndianMobile(phone: string): string {
  const trimmed = phone.trim()
  const local = indianMobilePattern.test(trimmed) ? phoneKey(trimmed) : undefined
  return local === undefined ? trimmed : `+91 ${local.slice(0, 5)} ${local.slice(5)}`
}
