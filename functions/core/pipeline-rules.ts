/**
 * The sales pipeline's rules, defined once: the lead statuses and the moves between them, the reasons a lead
 * is lost, and the limits of the staff's text. The admin pages check and render with them; the Lambdas
 * enforce them. Beside them, each its own concern: the inbox's kinds, segments, filters and search
 * (inbox-search.ts), the business days of follow-ups (business-days.ts) and the shapes of the lead routes'
 * replies (lead-views.ts). The bodies of the lead changes and notes and the inbox's query are schemas of
 * their own (pipeline.ts, which re-exports all four modules for the pages): the lead repositories import these
 * in every lead route, and only the routes that validate one of those load zod.
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

/** The label of a status, for a value that may be missing (a lead stored before the pipeline). */
export function leadStatusLabel(status: unknown): string {
  return leadStatusLabels[storedLeadStatus(status)]
}
