import { usernamePattern } from '@core/admin'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { leadsTopicArn } from '../lib/config'
import { deleteAdminUser, getAlertSubscription } from '../lib/db/admin-users'
import { deleteAllPushSubscriptions } from '../lib/db/push-subscriptions'
import { BadRequestError, NotFoundError } from '../lib/errors'
import { dropAlertSubscription } from '../lib/staff-subscriptions'

/**
 * DELETE /api/admin/users/{username} (owners): removes a staff member → 204; their tokens are refused from
 * then on, they leave the roster of the sales settings, and their Web Push devices and alert subscription
 * are deleted. 404 for no such user; an owner does not delete themselves here, so the workspace always keeps
 * an owner. Recorded in the audit trail.
 */
export const handler = adminHandler('admin-delete-user', async (request) => {
  const username = request.pathParameters.username ?? ''
  if (username === request.admin.username) {
    throw new BadRequestError('You cannot delete yourself: ask another owner.')
  }
  if (!usernamePattern.test(username)) throw new NotFoundError('No such user.')
  // The subscription is read before the record goes, so the alerts stop with the user.
  const subscriber = leadsTopicArn() ? await getAlertSubscription(username) : undefined
  if (!(await deleteAdminUser(username))) throw new NotFoundError('No such user.')
  await deleteAllPushSubscriptions(username)
  await auditAdminAction(request, 'user-change', username, 'deleted')
  await dropAlertSubscription(subscriber?.subscription, request.requestId)
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } }
})
