import type { StaffUser } from '@core/api-types'
import { inboxFilterNames, withoutEmptyFilters } from '@core/inbox-search'
import type { LeadAttemptInput } from '@core/lead-attempt-schema'
import type { InboxPage, LeadDetail, LeadEvent } from '@core/lead-views'
import type { LeadChangeInput } from '@core/pipeline'
import { adminRouteJson } from '~/features/admin/session/admin-client'
import type { ApiRequest, ApiResponse } from '~/lib/api/client'

/** The inbox's filters as the page's URL and the API's query both name them (`inboxFilterNames`). */
export type InboxFilters = Partial<Record<(typeof inboxFilterNames)[number], string>>

/** The filters of a query string: only the inbox's names, empty values dropped. */
export function inboxFiltersOf(search: URLSearchParams): InboxFilters {
  const filters: Record<string, string | undefined> = {}
  for (const name of inboxFilterNames) filters[name] = search.get(name) ?? undefined
  return withoutEmptyFilters(filters) as InboxFilters
}

/** The query string of a set of filters, in the inbox's order, without the empty ones ('' for none). */
export function inboxQueryString(filters: InboxFilters): string {
  const search = new URLSearchParams()
  for (const name of inboxFilterNames) {
    const value = filters[name]
    if (value !== undefined && value.trim() !== '') search.set(name, value)
  }
  return search.toString()
}

export const leadMessages = {
  listFailed: 'The leads could not be loaded.',
  leadFailed: 'The lead could not be loaded.',
  updateFailed: 'The lead was not changed.',
  noteFailed: 'The note was not added.',
  attemptFailed: 'The attempt was not logged.',
  mergeFailed: 'The leads were not merged.',
  usersFailed: 'The colleagues could not be loaded.',
  createFailed: 'The lead was not added.',
} as const

interface CallOptions {
  readonly signal?: AbortSignal | undefined
}

/**
 * GET /api/admin/leads with the filters and the cursor of the page before: `{ items, nextCursor?, total? }`.
 * A refused filter rejects with AdminRequestError (status 400, `fields` by filter name).
 */
export async function fetchInbox(
  filters: InboxFilters,
  { signal, cursor }: CallOptions & { readonly cursor?: string | undefined } = {},
): Promise<InboxPage> {
  return adminRouteJson('admin-list-leads', {
    query: { ...filters, cursor },
    signal,
    failure: leadMessages.listFailed,
  })
}

/** GET /api/admin/leads/{id}: the lead with every stored field, and its timeline. */
export async function fetchLead(id: string, { signal }: CallOptions = {}): Promise<LeadDetail> {
  return adminRouteJson('admin-get-lead', { params: { id }, signal, failure: leadMessages.leadFailed })
}

/**
 * PATCH /api/admin/leads/{id} with the version the page read: the changed lead. A 409 (someone changed it
 * since) rejects with AdminRequestError status 409; a refused value with status 400 and its `fields`.
 */
export async function updateLead(
  id: string,
  change: LeadChangeInput,
): Promise<ApiResponse<'admin-update-lead'>> {
  return adminRouteJson('admin-update-lead', {
    params: { id },
    body: change,
    failure: leadMessages.updateFailed,
  })
}

/** POST /api/admin/leads/{id}/notes: the timeline entry of the note. */
export async function addLeadNote(id: string, text: string): Promise<LeadEvent> {
  return adminRouteJson('admin-add-lead-note', {
    params: { id },
    body: { text },
    failure: leadMessages.noteFailed,
  })
}

/** POST /api/admin/leads/{id}/attempts: the attempt as the timeline keeps it, and the lead after it. */
export async function addLeadAttempt(
  id: string,
  attempt: LeadAttemptInput,
): Promise<ApiResponse<'admin-add-lead-attempt'>> {
  return adminRouteJson('admin-add-lead-attempt', {
    params: { id },
    body: attempt,
    failure: leadMessages.attemptFailed,
  })
}

/**
 * POST /api/admin/leads: a lead added by hand → `{ id, createdAt, reference?, assignee? }`. A refused field rejects with
 * AdminRequestError status 400 and its `fields`.
 */
export async function createLead(
  lead: ApiRequest<'admin-create-lead'>,
): Promise<ApiResponse<'admin-create-lead'>> {
  return adminRouteJson('admin-create-lead', { body: lead, failure: leadMessages.createFailed })
}

/** POST /api/admin/leads/{id}/merge: the lead `from` joins the lead `id`; the survivor's page. */
export async function mergeLead(id: string, from: string): Promise<ApiResponse<'admin-merge-leads'>> {
  return adminRouteJson('admin-merge-leads', {
    params: { id },
    body: { from },
    failure: leadMessages.mergeFailed,
  })
}

/** GET /api/admin/users: the staff (a lead's assignee is one of them). */
export async function fetchStaffUsers({ signal }: CallOptions = {}): Promise<readonly StaffUser[]> {
  const body: unknown = await adminRouteJson('admin-list-users', {
    signal,
    failure: leadMessages.usersFailed,
  })
  return Array.isArray(body) ? (body as StaffUser[]) : []
}
