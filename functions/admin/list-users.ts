import type { StaffUser } from '@core/api-types'
import { adminHandler } from '../lib/admin-http'
import { listAdminUsers } from '../lib/db/admin-users'
import { json } from '../lib/http'

/**
 * GET /api/admin/users: the staff by username, with their roles (none for a record without one of the four:
 * no access until an owner sets one); never a password hash or MFA secret, which it does not even read
 * (listAdminUsers' projection).
 */
export const handler = adminHandler('admin-list-users', async () => {
  const users: StaffUser[] = (await listAdminUsers()).map(({ username, role, createdAt, mfa, disabled }) => ({
    username,
    ...(role ? { role } : {}),
    createdAt,
    mfa,
    ...(disabled ? { disabled: true as const } : {}),
  }))
  return json(200, users)
})
