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

/**
 * A number that passes indianMobilePattern in E.164, as SMS gateways take it: `+919876543210`; undefined for
 * anything else.
 */
export function indianMobileE164(phone: string): string | undefined {
  const local = indianMobilePattern.test(phone.trim()) ? phoneKey(phone) : undefined
  return local === undefined ? undefined : `+91${local}`
}

/**
 * An Indian mobile number as a form's field (the quote's WhatsApp number, the contact's phone): one rule and
 * one message, taken as people type it, stored as `+91 XXXXX XXXXX`. Each form gives it its label and says
 * whether it is required.
 */
export const mobileField = {
  kind: 'text',
  /** Room for +91 and separators around the 10 digits. */
  maxLength: 20,
  pattern: {
    regex: indianMobilePattern,
    message: 'Enter a 10-digit Indian mobile number',
    hint: 'A 10-digit Indian mobile number, optionally with +91',
  },
  mobile: true,
  personal: 'phone',
  inbox: 'phone',
  exportWidth: 16,
  notNotified: true,
  input: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
} as const
