import { normaliseEmail } from './newsletter'
import { type QuoteCategory, quoteCategories, quoteCategoryLabels } from './quote'
import { businessTimeZone } from './time-zone'

/**
 * The sales pipeline's rules, defined once: the lead statuses and the moves between them, the reasons a lead
 * is lost, and the inbox's filters and search. The admin pages check and render with them; the Lambdas
 * enforce them. The bodies of the lead changes and notes and the inbox's query are schemas of their own
 * (pipeline.ts, which re-exports these rules for the pages): the lead repositories import this module in
 * every lead route, and only the routes that validate one of those load zod.
 */

/** The statuses of a lead, in pipeline order. A lead stored before the pipeline existed reads as `new`. */
export const leadStatuses = ['new', 'contacted', 'site-visit', 'proposal', 'won', 'lost'] as const
export type LeadStatus = (typeof leadStatuses)[number]

export const leadStatusLabels: Readonly<Record<LeadStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  'site-visit': 'Site visit',
  proposal: 'Proposal',
  won: 'Won',
  lost: 'Lost',
}

/** The statuses that close a lead; a closed lead is reopened by moving it to an open status. */
export const closedLeadStatuses: readonly LeadStatus[] = ['won', 'lost']
export const openLeadStatuses: readonly LeadStatus[] = leadStatuses.filter(
  (status) => !closedLeadStatuses.includes(status),
)

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (leadStatuses as readonly string[]).includes(value)
}

/** A stored lead's status, `new` for a lead stored before the pipeline existed. */
export function storedLeadStatus(value: unknown): LeadStatus {
  return isLeadStatus(value) ? value : 'new'
}

/**
 * The statuses a lead in `from` may move to. An open lead may move to any other status (a sale can skip the
 * site visit, a lead can fall back a step); a won or lost lead is closed and only reopens, to an open status
 * other than `new` (someone has spoken to it by then). Won never turns into lost directly, nor lost into won.
 */
export function nextLeadStatuses(from: LeadStatus): readonly LeadStatus[] {
  if (closedLeadStatuses.includes(from)) return openLeadStatuses.filter((status) => status !== 'new')
  return leadStatuses.filter((status) => status !== from)
}

export function canMoveLead(from: LeadStatus, to: LeadStatus): boolean {
  return nextLeadStatuses(from).includes(to)
}

/** Why a lead was lost: one of these, plus free text (required with `other`). */
export const lostReasons = [
  'price',
  'competitor',
  'no-response',
  'not-feasible',
  'financing',
  'other',
] as const
export type LostReason = (typeof lostReasons)[number]

export const lostReasonLabels: Readonly<Record<LostReason, string>> = {
  price: 'Price too high',
  competitor: 'Chose a competitor',
  'no-response': 'No response',
  'not-feasible': 'Site not feasible',
  financing: 'Financing fell through',
  other: 'Other',
}

/** A stored lost reason, undefined for anything else. */
export function storedLostReason(value: unknown): LostReason | undefined {
  return typeof value === 'string' && (lostReasons as readonly string[]).includes(value)
    ? (value as LostReason)
    : undefined
}

/** Limits of the staff's free text. */
export const pipelineLimits = {
  note: 2000,
  lostNote: 500,
  search: 100,
} as const

/** The kinds of lead the inbox lists, as the API names them. */
export const inboxKinds = ['quote', 'contact'] as const
export type InboxKind = (typeof inboxKinds)[number]

export const inboxKindLabels: Readonly<Record<InboxKind, string>> = { quote: 'Quote', contact: 'Contact' }

/** The segments of the inbox: a quote's category (a contact has none). */
export const leadSegments = quoteCategories
export type LeadSegment = QuoteCategory
export const leadSegmentLabels = quoteCategoryLabels

/** A calendar date, `YYYY-MM-DD`, that exists. */
export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/
export function isCalendarDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** Today's date in the company's time zone, `YYYY-MM-DD`. */
export function businessToday(now = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: businessTimeZone }).format(now)
}

/**
 * The UTC offset of the company's time zone on calendar date `date` (`+05:30`), read from businessTimeZone
 * when asked (ICU starts on first use, not at every function's start).
 */
function businessUtcOffset(date: string): string {
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: businessTimeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value
  // `GMT+05:30`; plain `GMT` where the zone is UTC itself.
  return !zone || zone === 'GMT' ? 'Z' : zone.slice(3)
}

/** The first instant of calendar date `date` in the company's time zone, as an ISO time (UTC). */
export function businessDayStart(date: string): string {
  return new Date(`${date}T00:00:00${businessUtcOffset(date)}`).toISOString()
}

/** The last millisecond of calendar date `date` in the company's time zone, as an ISO time (UTC). */
export function businessDayEnd(date: string): string {
  return new Date(`${date}T23:59:59.999${businessUtcOffset(date)}`).toISOString()
}

/** Whether a follow-up date is due: today or past, in the company's time zone. */
export function isFollowUpDue(followUpOn: string | undefined, now = new Date()): boolean {
  return followUpOn !== undefined && followUpOn <= businessToday(now)
}

/** A lead id as the API issues it: a UUID. */
export const leadIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The filter names of the inbox, in the order the page shows them. */
export const inboxFilterNames = ['kind', 'status', 'segment', 'assignee', 'from', 'to', 'q'] as const

/** Drops empty query values, so `?status=` means no status filter. */
export function withoutEmptyFilters(
  query: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value.trim() !== '') kept[key] = value
  return kept
}

/** What a search text looks for: an e-mail, a phone number, a PIN code or the start of a name. */
export type LeadSearch =
  | { readonly by: 'email'; readonly value: string }
  | { readonly by: 'phone'; readonly value: string }
  | { readonly by: 'pincode'; readonly value: string }
  | { readonly by: 'name'; readonly value: string; readonly words: readonly string[] }

/** The last 10 digits of a phone number in any format (`+91 98765-43210` → `9876543210`), or undefined. */
export function phoneKey(phone: unknown): string | undefined {
  if (typeof phone !== 'string') return undefined
  const digits = phone.replace(/\D/g, '')
  return digits.length >= 10 ? digits.slice(-10) : undefined
}

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

/** How the inbox reads a search text (undefined for one with nothing to search by). */
export function classifySearch(text: string): LeadSearch | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  if (trimmed.includes('@')) return { by: 'email', value: normaliseEmail(trimmed) }
  if (/^\d{6}$/.test(trimmed)) return { by: 'pincode', value: trimmed }
  if (/^[+\d\s().-]+$/.test(trimmed)) {
    const phone = phoneKey(trimmed)
    if (phone) return { by: 'phone', value: phone }
  }
  const words = nameWords(trimmed)
  const first = words[0]
  return first === undefined ? undefined : { by: 'name', value: first, words }
}

/** One entry of a lead's timeline. */
export interface LeadEvent {
  readonly at: string
  readonly by: string
  readonly type: 'status' | 'assignee' | 'follow-up' | 'note'
  readonly from?: string | null
  readonly to?: string | null
  readonly text?: string
  readonly lostReason?: LostReason
}

/** The pipeline state every lead has (defaults for a lead stored before the pipeline existed). */
export interface LeadPipelineState {
  readonly status: LeadStatus
  /** Raised by every change; a change must name the version it was made on. */
  readonly version: number
  readonly assignee?: string
  readonly followUpOn?: string
  readonly lostReason?: LostReason
  readonly lostNote?: string
  readonly latestNote?: string
  readonly updatedAt?: string
}

/** A row of the inbox: what the list shows of a lead. */
export interface LeadSummary extends LeadPipelineState {
  readonly id: string
  readonly kind: InboxKind
  readonly createdAt: string
  readonly name?: string
  readonly email?: string
  readonly phone?: string
  readonly pincode?: string
  readonly segment?: LeadSegment
  /** The server's estimate of a quote, in rupees. */
  readonly estimateInr?: number
  /** The follow-up date is today or past. */
  readonly followUpDue: boolean
}

/** GET /api/admin/leads: a page of the inbox; `total` when the store knows it without counting. */
export interface InboxPage {
  readonly items: readonly LeadSummary[]
  readonly nextCursor?: string
  readonly total?: number
}

/** GET /api/admin/leads/{id}: every stored field of the lead, its pipeline state and its timeline. */
export interface LeadDetail {
  readonly lead: LeadSummary & { readonly fields: Readonly<Record<string, unknown>> }
  readonly events: readonly LeadEvent[]
}

/** The label of a status, for a value that may be missing (a lead stored before the pipeline). */
export function leadStatusLabel(status: unknown): string {
  return leadStatusLabels[storedLeadStatus(status)]
}

/** GET /api/admin/lead-stats: the dashboard's charts, from maintained counters (never by counting leads). */
export interface LeadStats {
  /** The last `leadStatsWeeks` weeks, oldest first, each from its Monday (company time zone). */
  readonly weeks: readonly { readonly start: string; readonly quote: number; readonly contact: number }[]
  /** Every status in pipeline order: how many leads are in it now and their estimates' sum in rupees. */
  readonly pipeline: readonly {
    readonly status: LeadStatus
    readonly count: number
    readonly valueInr: number
  }[]
  /** This month's closed leads: won ÷ (won + lost), null when none closed yet. */
  readonly month: {
    readonly month: string
    readonly won: number
    readonly lost: number
    readonly winRate: number | null
  }
  /** Quotes received per segment. */
  readonly segments: readonly { readonly segment: LeadSegment; readonly count: number }[]
  /** Open leads whose follow-up is today or past. */
  readonly followUpsDue: number
}

/** How many weeks the dashboard's leads-per-week chart shows. */
export const leadStatsWeeks = 12
