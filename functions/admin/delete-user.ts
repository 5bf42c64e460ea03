import { usernamePattern } from '@core/admin'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { deleteAdminUser } from '../lib/db/admin-users'
import { BadRequestError, NotFoundError } from '../lib/errors'

/**
 * DELETE /api/admin/users/{username} (owners): removes a staff member → 204; their tokens are refused from
 * then on and they leave the roster of the sales settings. 404 for no such user; an owner does not delete
 * themselves here, so the workspace always keeps an owner. Recorded in the audit trail.
 */
export const handler = adminHandler('admin-delete-user', async (request) => {
  const username = request.pathParameters.username ?? ''
  if (username === request.admin.username) {
    throw new BadRequestError('You cannot delete yourself: ask another owner.')
  }
  if (!usernamePattern.test(username) || !(await deleteAdminUser(username))) {
    throw new NotFoundError('No such user.')
  }
  await auditAdminAction(request, 'user-change', username, 'deleted')
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } }
})
