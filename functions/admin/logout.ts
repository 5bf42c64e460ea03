import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { clearedSessionCookie } from '../lib/auth/session-cookie'
import { endSession } from '../lib/auth/sessions'

/**
 * POST /api/admin/logout (Bearer or the session cookie): signs this token out (refused from now on, in
 * every tab), removes the session cookie and answers 204.
 */
export const handler = adminHandler('admin-logout', async (request) => {
  await endSession(request.admin)
  await auditAdminAction(request, 'logout')
  return { statusCode: 204, headers: { 'cache-control': 'no-store' }, cookies: [clearedSessionCookie] }
})
