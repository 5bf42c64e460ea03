/**
 * The short reference a visitor can quote for a quote or contact (`SE-7K3P9`): made by the server from the
 * lead's id, stored on the lead, returned by the API, and found by the inbox's search. The alphabet leaves out
 * what reads alike on a phone or over a call (0/O, 1/I/L).
 */

export const referenceAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const referencePrefix = 'SE'
/** Characters after the prefix: 31^5, about 28.6 million references. */
export const referenceLength = 5
/** How many references one lead may try before it is stored without one (each try is a different one). */
export const referenceAttempts = 5

const referencePattern = new RegExp(`^${referencePrefix}-[${referenceAlphabet}]{${referenceLength}}$`)

/** Whether `text` is a reference in its stored form. */
export const isReference = (text: string): boolean => referencePattern.test(text)

/** A 32-bit FNV-1a hash of `text`. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/**
 * The reference of lead `id` at try `attempt` (0 first): the same for the same id and try, so a retried
 * request (same id, from its idempotency key) gets the same reference; another try when a reference is
 * another lead's.
 */
export function referenceOf(id: string, attempt = 0): string {
  let value = fnv1a(`${id}#${attempt}`)
  let code = ''
  for (let index = 0; index < referenceLength; index += 1) {
    code += referenceAlphabet[value % referenceAlphabet.length]
    value = Math.floor(value / referenceAlphabet.length)
  }
  return `${referencePrefix}-${code}`
}

/**
 * A reference as someone typed it (any case, with a space or no hyphen after the prefix: `se 7k3p9`), in its
 * stored form; undefined for text that is no reference.
 */
export function parseReference(text: string): string | undefined {
  const compact = text.trim().toUpperCase().replace(/\s+/g, '')
  const body = compact.startsWith(`${referencePrefix}-`)
    ? compact.slice(referencePrefix.length + 1)
    : compact.startsWith(referencePrefix)
      ? compact.slice(referencePrefix.length)
      : undefined
  if (body === undefined) return undefined
  const reference = `${referencePrefix}-${body}`
  return isReference(reference) ? reference : undefined
}
