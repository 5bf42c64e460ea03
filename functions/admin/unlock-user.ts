import { usernamePattern } from '@core/admin'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { getAdminSessionState } from '../lib/db/admin-users'
import { clearLoginAttempts } from '../lib/db/login-attempts'
import { NotFoundError } from '../lib/errors'
import { json } from '../lib/http'

/**
 * POST /api/admin/users/{username}/unlock (owners): clears the user's failed sign-in attempts and its MFA
 * lock (functions/lib/db/login-attempts.ts), as `npm run admin -- unlock` does → `{ cleared }`; 404 for no
 * such user. Recorded in the audit trail.
 */
export const handler = adminHandler('admin-unlock-user', async (request) => {
  const username = request.pathParameters.username ?? ''
  if (!usernamePattern.test(username) || !(await getAdminSessionState(username))) {
    throw new NotFoundError('No such user.')
  }
  const cleared = await clearLoginAttempts(username)
  await auditAdminAction(request, 'user-change', username, 'unlocked')
  return json(200, { cleared })
})
