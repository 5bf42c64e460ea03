import { parseReference } from './lead-reference'
import { normaliseEmail } from './newsletter'
import { phoneKey } from './phone'
import { type QuoteCategory, quoteCategories, quoteCategoryLabels } from './quote'

/**
 * How the staff find leads in the inbox: the kinds and segments it lists, its filters, and how a search text
 * is read (an e-mail, a phone number, a PIN code or the start of a name). The inbox's repository
 * (functions/lib/db/inbox.ts) indexes leads by the same keys.
 */

/** The kinds of lead the inbox lists, as the API names them. */
export const inboxKinds = ['quote', 'contact'] as const
export type InboxKind = (typeof inboxKinds)[number]

export const inboxKindLabels: Readonly<Record<InboxKind, string>> = { quote: 'Quote', contact: 'Contact' }

/** The segments of the inbox: a quote's category (a contact has none). */
export const leadSegments = quoteCategories
export type LeadSegment = QuoteCategory
export const leadSegmentLabels = quoteCategoryLabels

/** A lead id as the API issues it: a UUID. */
export const leadIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The filter names of the inbox, in the order the page shows them. */
export const inboxFilterNames = [
  'kind',
  'status',
  'segment',
  'assignee',
  'from',
  'to',
  'q',
  'due',
  'waiting',
  'source',
] as const

/**
 * The assignee filter's two words besides a username: `me`, the signed-in user (the handler puts their
 * username in its place), and `none`, the leads nobody has. `me` is shorter than any username; `none` is
 * refused as a username (admin.ts), so neither can mean a colleague.
 */
export const myLeadsFilter = 'me'
export const unassignedFilter = 'none'

/** The follow-up views: due today, or due on an earlier day and not done (in the company's time zone). */
export const followUpDueFilters = ['today', 'overdue'] as const
export type FollowUpDueFilter = (typeof followUpDueFilters)[number]

/** Drops empty query values, so `?status=` means no status filter. */
export function withoutEmptyFilters(
  query: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value.trim() !== '') kept[key] = value
  return kept
}

/** What a search text looks for: an e-mail, a phone number, a PIN code, a visitor's reference or the start of a name. */
export type LeadSearch =
  | { readonly by: 'email'; readonly value: string }
  | { readonly by: 'phone'; readonly value: string }
  | { readonly by: 'pincode'; readonly value: string }
  | { readonly by: 'reference'; readonly value: string }
  | { readonly by: 'name'; readonly value: string; readonly words: readonly string[] }

// The last 10 digits of a phone number: phone.ts, the forms' one phone rule.
export { phoneKey }

/** The words of a name as the search matches them: lower case, letters and digits only. */
export function nameWords(name: unknown): string[] {
  if (typeof name !== 'string') return []
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
}

/** How the inbox reads a search text (undefined for one with nothing to search by): `SE-7K3P9` is a reference. */
export function classifySearch(text: string): LeadSearch | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  if (trimmed.includes('@')) return { by: 'email', value: normaliseEmail(trimmed) }
  if (/^\d{6}$/.test(trimmed)) return { by: 'pincode', value: trimmed }
  const reference = parseReference(trimmed)
  if (reference) return { by: 'reference', value: reference }
  if (/^[+\d\s().-]+$/.test(trimmed)) {
    const phone = phoneKey(trimmed)
    if (phone) return { by: 'phone', value: phone }
  }
  const words = nameWords(trimmed)
  const first = words[0]
  return first === undefined ? undefined : { by: 'name', value: first, words }
}
