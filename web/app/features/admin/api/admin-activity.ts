import type { Page } from '@core/api-types'
import { type AuditEntry, auditEntryOf } from '@core/audit'
import { apiPath } from '~/lib/api/client'
import {
  AdminRequestError,
  type AdminRequestOptions,
  AdminSessionExpiredError,
  adminHeaders,
} from './admin-request'

/** The entries of a reply that have the shape of one; anything else is left out. */
function entriesOf(body: unknown): AuditEntry[] {
  const items = body && typeof body === 'object' && 'items' in body ? body.items : undefined
  if (!Array.isArray(items)) throw new AdminRequestError('The activity could not be read.', 200)
  return items.map(auditEntryOf).filter((entry) => entry !== undefined)
}

/**
 * GET /api/admin/activity: the latest entries of the audit trail, newest first. Unlike the lists, a failure
 * rejects (AdminRequestError) so the card can say the activity is unavailable rather than that there is
 * none; a 401 rejects with AdminSessionExpiredError.
 */
export async function fetchAdminActivity({
  token,
  signal,
  cursor,
}: AdminRequestOptions): Promise<Page<AuditEntry>> {
  const url = apiPath('admin-activity', undefined, { cursor })
  let response: Response
  try {
    response = await fetch(url, { method: 'GET', headers: adminHeaders(token), signal })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new AdminRequestError('The activity could not be read.', 0)
  }
  if (response.status === 401) throw new AdminSessionExpiredError()
  if (!response.ok) throw new AdminRequestError('The activity could not be read.', response.status)
  const body: unknown = await response.json().catch(() => null)
  const items = entriesOf(body)
  const nextCursor = (body as { nextCursor?: unknown }).nextCursor
  return typeof nextCursor === 'string' ? { items, nextCursor } : { items }
}
