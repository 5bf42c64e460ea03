import { businessMinutesBetween, type ResponseState, responseClockOf } from '@core/business-clock'
import { myLeadsFilter, unassignedFilter } from '@core/inbox-search'
import type { LeadSummary } from '@core/lead-views'
import { type BusinessCalendar, defaultSalesSettings, responseClock } from '@core/sales-settings'
import { inboxCopy } from '~/features/admin/leads/content'
import { type InboxFilters, inboxQueryString } from '~/features/admin/shared/api/admin-leads'

/** A view of the inbox one click away: a name and the filters it puts in the URL. */
export interface InboxView {
  readonly id: string
  readonly label: string
  readonly filters: InboxFilters
}

/** The views of the day, in the order the page offers them. */
export const inboxViews: readonly InboxView[] = [
  { id: 'all', label: inboxCopy.viewLabels.all, filters: {} },
  { id: 'mine', label: inboxCopy.viewLabels.mine, filters: { assignee: myLeadsFilter } },
  { id: 'unassigned', label: inboxCopy.viewLabels.unassigned, filters: { assignee: unassignedFilter } },
  { id: 'waiting', label: inboxCopy.viewLabels.waiting, filters: { waiting: '1' } },
  { id: 'due-today', label: inboxCopy.viewLabels['due-today'], filters: { due: 'today' } },
  { id: 'overdue', label: inboxCopy.viewLabels.overdue, filters: { due: 'overdue' } },
]

/** A colleague's list (owners see one per person who may work leads). */
export function colleagueView(username: string): InboxView {
  return { id: `assignee:${username}`, label: username, filters: { assignee: username } }
}

/** The query string of a view: what its link puts after `?`, and how the page knows it is showing it. */
export function viewQuery(view: InboxView): string {
  return inboxQueryString(view.filters)
}

/** The link of an inbox view, e.g. the dashboard's follow-ups tile to the follow-ups due today. */
export function inboxViewPath(path: string, view: InboxView): string {
  const query = viewQuery(view)
  return query === '' ? path : `${path}?${query}`
}

const minute = 60_000

/** How long ago `createdAt` was at `now`, as the row shows it: “12 min”, “3 h”, “2 days”. */
export function leadAge(createdAt: string, now: number): string {
  const at = Date.parse(createdAt)
  return inboxCopy.age(Number.isNaN(at) ? 0 : Math.max(0, (now - at) / minute))
}

/** Where a lead waiting for its first contact stands on the response clock, with the business minutes left. */
export interface WaitingClock {
  readonly state: Exclude<ResponseState, 'answered'>
  /** Business minutes to the next step (the reminder, then the escalation); 0 once late. */
  readonly minutesLeft: number
}

/**
 * The response clock of a row at `now`, when the lead waits (new, nobody has tried to reach it); undefined
 * otherwise. The workspace counts in the default business hours and steps unless it has the owners' own.
 */
export function waitingClockOf(
  lead: Pick<LeadSummary, 'status' | 'firstContactAt' | 'createdAt'>,
  now: number,
  calendar: BusinessCalendar = defaultSalesSettings.calendar,
  steps: { readonly reminderMinutes: number; readonly escalationMinutes: number } = responseClock,
): WaitingClock | undefined {
  if (lead.status !== 'new' || lead.firstContactAt !== undefined) return undefined
  const arrival = new Date(lead.createdAt)
  if (Number.isNaN(arrival.getTime())) return undefined
  const at = new Date(now)
  const clock = responseClockOf(arrival, at, undefined, calendar, steps)
  if (clock.state === 'answered' || clock.state === 'late') return { state: 'late', minutesLeft: 0 }
  const next = clock.state === 'on-time' ? clock.remindAt : clock.escalateAt
  return { state: clock.state, minutesLeft: Math.ceil(businessMinutesBetween(at, next, calendar)) }
}
