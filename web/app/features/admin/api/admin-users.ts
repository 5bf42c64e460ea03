import type { StaffUser } from '@core/api-types'
import { isStaffRole } from '@core/roles'
import { type ApiResponse, apiMethod, apiPath } from '~/lib/api/client'
import { AdminRequestError, type AdminRequestOptions, adminCall } from './admin-request'

const failure = 'The users could not be loaded.'

/** A user of the reply, or undefined for anything without the shape of one. */
function staffUserOf(value: unknown): StaffUser | undefined {
  if (!value || typeof value !== 'object') return undefined
  const { username, role, createdAt, mfa } = value as Record<string, unknown>
  if (typeof username !== 'string' || !isStaffRole(role)) return undefined
  return { username, role, createdAt: typeof createdAt === 'string' ? createdAt : '', mfa: mfa === true }
}

/**
 * GET /api/admin/users: the staff with their roles, by username. A failure rejects with AdminRequestError (so
 * the page can say the list is unavailable rather than empty); a 401 with AdminSessionExpiredError.
 */
export async function fetchAdminUsers({
  token,
}: AdminRequestOptions): Promise<ApiResponse<'admin-list-users'>> {
  const response = await adminCall(apiPath('admin-list-users'), apiMethod('admin-list-users'), {
    token,
    failure,
  })
  const body: unknown = await response.json().catch(() => null)
  if (!Array.isArray(body)) throw new AdminRequestError(failure, response.status)
  return body.map(staffUserOf).filter((user) => user !== undefined)
}
