import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { endSession } from '../lib/auth/sessions'

/** POST /api/admin/logout (Bearer): signs this token out (refused from now on) and answers 204. */
export const handler = adminHandler('admin-logout', async (request) => {
  await endSession(request.admin)
  await auditAdminAction(request, 'logout')
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } }
})
