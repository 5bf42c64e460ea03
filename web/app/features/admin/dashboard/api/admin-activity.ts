import type { Page } from '@core/api-types'
import { type AuditEntry, auditEntryOf } from '@core/audit'
import {
  AdminRequestError,
  type AdminRequestOptions,
  adminCall,
  adminJson,
} from '~/features/admin/session/admin-client'
import { apiMethod, apiPath } from '~/lib/api/client'

const activityFailed = 'The activity could not be read.'

/** The entries of a reply that have the shape of one; anything else is left out. */
function entriesOf(body: unknown): AuditEntry[] {
  const items = body && typeof body === 'object' && 'items' in body ? body.items : undefined
  if (!Array.isArray(items)) throw new AdminRequestError(activityFailed, 200)
  return items.map(auditEntryOf).filter((entry) => entry !== undefined)
}

/**
 * GET /api/admin/activity: the latest entries of the audit trail, newest first. Unlike the lists, a failure
 * rejects (AdminRequestError) so the card can say the activity is unavailable rather than that there is
 * none.
 */
export async function fetchAdminActivity({ signal, cursor }: AdminRequestOptions): Promise<Page<AuditEntry>> {
  const response = await adminCall(
    apiPath('admin-activity', undefined, { cursor }),
    apiMethod('admin-activity'),
    {
      signal,
      failure: activityFailed,
    },
  )
  const body = await adminJson<unknown>(response, activityFailed)
  const items = entriesOf(body)
  const nextCursor = (body as { nextCursor?: unknown }).nextCursor
  return typeof nextCursor === 'string' ? { items, nextCursor } : { items }
}
