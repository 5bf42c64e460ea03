import { usernamePattern } from '@core/admin'
import { staffUserChangeSchema } from '@core/staff-user-schema'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { setAdminDisabled, setAdminEmail, setAdminRole } from '../lib/db/admin-users'
import { BadRequestError, NotFoundError } from '../lib/errors'
import { json } from '../lib/http'
import { syncAlertSubscription } from '../lib/staff-subscriptions'

/**
 * PATCH /api/admin/users/{username} `{ role?, email?, disabled? }` (owners): changes a staff member's role
 * (their open sessions end, as with `npm run admin -- set-role`) or the e-mail their alerts go to, or
 * disables the account (it cannot sign in, its sessions end, it is given no leads) or enables it again
 * → 200 `{ username, role?, email?, disabled? }`; 404 for no such user. An owner does not change their own
 * role nor disable themselves here, so the workspace always keeps an owner. Each change is recorded in the
 * audit trail, and the user's alert subscription follows it (staff-subscriptions.ts: moved to a new
 * e-mail, its filter set for the role; a disabled account receives nothing).
 */
export const handler = adminHandler('admin-update-user', async (request) => {
  const username = request.pathParameters.username ?? ''
  if (!usernamePattern.test(username)) throw new NotFoundError('No such user.')
  const result = validate(staffUserChangeSchema, request.body)
  if (!result.ok) throw new BadRequestError('Please correct the highlighted fields.', result.fields)
  const { role, email, disabled } = result.value
  if (role !== undefined && username === request.admin.username && role !== request.admin.role) {
    throw new BadRequestError('You cannot change your own role: ask another owner.', {
      role: 'You cannot change your own role: ask another owner.',
    })
  }
  if (disabled === true && username === request.admin.username) {
    throw new BadRequestError('You cannot disable yourself: ask another owner.', {
      disabled: 'You cannot disable yourself: ask another owner.',
    })
  }
  if (email !== undefined) {
    if ((await setAdminEmail(username, email)) === 'not-found') throw new NotFoundError('No such user.')
    await auditAdminAction(request, 'user-change', username, 'email changed')
  }
  if (role !== undefined) {
    if ((await setAdminRole(username, role)) === 'not-found') throw new NotFoundError('No such user.')
    await auditAdminAction(request, 'user-change', username, `role-${role}`)
  }
  if (disabled !== undefined) {
    if ((await setAdminDisabled(username, disabled)) === 'not-found') throw new NotFoundError('No such user.')
    await auditAdminAction(request, 'user-change', username, disabled ? 'disabled' : 'enabled')
  }
  await syncAlertSubscription(username, request.requestId)
  return json(200, {
    username,
    ...(role ? { role } : {}),
    ...(email ? { email } : {}),
    ...(disabled !== undefined ? { disabled } : {}),
  })
})
