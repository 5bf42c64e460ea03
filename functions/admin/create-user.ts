import { newStaffUserSchema } from '@core/staff-user-schema'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { generatePassword, hashNewPassword } from '../lib/auth/passwords'
import { createAdminUser } from '../lib/db/admin-users'
import { BadRequestError, ConflictError } from '../lib/errors'
import { json } from '../lib/http'
import { syncAlertSubscription } from '../lib/staff-subscriptions'

/**
 * POST /api/admin/users `{ username, role, email }` (owners): adds a staff member with a generated password
 * → 201 `{ username, role, email, password }`, the password shown this once (only its hash is kept); 409 when
 * the username is taken, nothing written. Recorded in the audit trail (never the password). Their e-mail is
 * subscribed to their own alerts (staff-subscriptions.ts).
 */
export const handler = adminHandler('admin-create-user', async (request) => {
  const result = validate(newStaffUserSchema, request.body)
  if (!result.ok) throw new BadRequestError('Please correct the highlighted fields.', result.fields)
  const user = result.value
  const password = generatePassword()
  if (!(await createAdminUser(user, await hashNewPassword(password)))) {
    throw new ConflictError(`There is already a user named ${user.username}. Choose another username.`)
  }
  await auditAdminAction(request, 'user-change', user.username, `created (${user.role})`)
  await syncAlertSubscription(user.username, request.requestId)
  return json(201, { ...user, password })
})
