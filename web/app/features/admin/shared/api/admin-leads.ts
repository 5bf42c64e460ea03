import type { StaffUser } from '@core/api-types'
import { inboxFilterNames, withoutEmptyFilters } from '@core/inbox-search'
import type { LeadAttemptInput } from '@core/lead-attempt-schema'
import type { InboxPage, LeadDetail, LeadEvent } from '@core/lead-views'
import type { LeadChangeInput } from '@core/pipeline'
import { adminCall, adminJson } from '~/features/admin/session/admin-client'
import { type ApiRequest, type ApiResponse, apiMethod, apiPath } from '~/lib/api/client'

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
  const path = apiPath('admin-list-leads', undefined, { ...filters, cursor })
  const response = await adminCall(path, apiMethod('admin-list-leads'), {
    signal,
    failure: leadMessages.listFailed,
  })
  return adminJson<InboxPage>(response, leadMessages.listFailed)
}

/** GET /api/admin/leads/{id}: the lead with every stored field, and its timeline. */
export async function fetchLead(id: string, { signal }: CallOptions = {}): Promise<LeadDetail> {
  const response = await adminCall(apiPath('admin-get-lead', { id }), apiMethod('admin-get-lead'), {
    signal,
    failure: leadMessages.leadFailed,
  })
  return adminJson<LeadDetail>(response, leadMessages.leadFailed)
}

/**
 * PATCH /api/admin/leads/{id} with the version the page read: the changed lead. A 409 (someone changed it
 * since) rejects with AdminRequestError status 409; a refused value with status 400 and its `fields`.
 */
export async function updateLead(
  id: string,
  change: LeadChangeInput,
): Promise<ApiResponse<'admin-update-lead'>> {
  const response = await adminCall(apiPath('admin-update-lead', { id }), apiMethod('admin-update-lead'), {
    body: change,
    failure: leadMessages.updateFailed,
  })
  return adminJson<ApiResponse<'admin-update-lead'>>(response, leadMessages.updateFailed)
}

/** POST /api/admin/leads/{id}/notes: the timeline entry of the note. */
export async function addLeadNote(id: string, text: string): Promise<LeadEvent> {
  const response = await adminCall(apiPath('admin-add-lead-note', { id }), apiMethod('admin-add-lead-note'), {
    body: { text },
    failure: leadMessages.noteFailed,
  })
  return adminJson<LeadEvent>(response, leadMessages.noteFailed)
}

/** POST /api/admin/leads/{id}/attempts: the attempt as the timeline keeps it, and the lead after it. */
export async function addLeadAttempt(
  id: string,
  attempt: LeadAttemptInput,
): Promise<ApiResponse<'admin-add-lead-attempt'>> {
  const response = await adminCall(
    apiPath('admin-add-lead-attempt', { id }),
    apiMethod('admin-add-lead-attempt'),
    { body: attempt, failure: leadMessages.attemptFailed },
  )
  return adminJson<ApiResponse<'admin-add-lead-attempt'>>(response, leadMessages.attemptFailed)
}

/**
 * POST /api/admin/leads: a lead added by hand → `{ id, createdAt, reference?, assignee? }`. A refused field rejects with
 * AdminRequestError status 400 and its `fields`.
 */
export async function createLead(
  lead: ApiRequest<'admin-create-lead'>,
): Promise<ApiResponse<'admin-create-lead'>> {
  const response = await adminCall(apiPath('admin-create-lead'), apiMethod('admin-create-lead'), {
    body: lead,
    failure: leadMessages.createFailed,
  })
  return adminJson<ApiResponse<'admin-create-lead'>>(response, leadMessages.createFailed)
}

/** POST /api/admin/leads/{id}/merge: the lead `from` joins the lead `id`; the survivor's page. */
export async function mergeLead(id: string, from: string): Promise<ApiResponse<'admin-merge-leads'>> {
  const response = await adminCall(apiPath('admin-merge-leads', { id }), apiMethod('admin-merge-leads'), {
    body: { from },
    failure: leadMessages.mergeFailed,
  })
  return adminJson<ApiResponse<'admin-merge-leads'>>(response, leadMessages.mergeFailed)
}

/** GET /api/admin/users: the staff (a lead's assignee is one of them). */
export async function fetchStaffUsers({ signal }: CallOptions = {}): Promise<readonly StaffUser[]> {
  const response = await adminCall(apiPath('admin-list-users'), apiMethod('admin-list-users'), {
    signal,
    failure: leadMessages.usersFailed,
  })
  const body = await adminJson<unknown>(response, leadMessages.usersFailed)
  return Array.isArray(body) ? (body as StaffUser[]) : []
}
