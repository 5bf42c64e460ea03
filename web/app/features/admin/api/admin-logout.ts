import { apiMethod, apiPath } from '~/lib/api/client'
import { adminHeaders } from './admin-request'

/**
 * POST /api/admin/logout with the token, so that the server refuses it from now on. Never rejects: the
 * dashboard forgets the token whatever the answer (an expired or already refused token, a network failure).
 * Sent with keepalive so that leaving the page does not cancel it.
 */
export async function adminLogout(token: string): Promise<boolean> {
  try {
    const response = await fetch(apiPath('admin-logout'), {
      method: apiMethod('admin-logout'),
      headers: adminHeaders(token),
      keepalive: true,
    })
    return response.ok
  } catch {
    return false
  }
}
