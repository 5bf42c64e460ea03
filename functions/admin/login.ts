import { loginSchema } from '@core/admin'
import { validate } from '@core/validation'
import { decoyPasswordHash, verifyPassword } from '../lib/auth/passwords'
import { issueToken } from '../lib/auth/tokens'
import { clientIp } from '../lib/client-ip'
import { getAdminUser } from '../lib/db/admin-users'
import { recordAudit, recordAuditOnce } from '../lib/db/audit'
import { clearLoginFailures, loginLockout, recordLoginFailure } from '../lib/db/login-attempts'
import { BadRequestError, TooManyRequestsError, UnauthorizedError } from '../lib/errors'
import { httpHandler, json } from '../lib/http'

const wrongCredentials = 'Invalid username or password.'

/**
 * POST /api/admin/login: check the scrypt hash, answer `{ token, expiresAt }` or 401 `{ error }` (the same for
 * an unknown user and a wrong password). After 5 failures for a username or 20 from an IP within 15 minutes,
 * answers 429 without checking the password.
 */
export const handler = httpHandler('admin-login', async ({ body, event }) => {
  const result = validate(loginSchema, body)
  if (!result.ok) throw new BadRequestError('Enter your username and password.', result.fields)
  const { username, password } = result.value
  const ip = clientIp(event)
  const lockout = await loginLockout(username, ip)
  if (lockout.locked) {
    const locked = { actor: username, action: 'login-locked', network: ip } as const
    await recordAuditOnce(`${username}\n${ip}`, lockout.retryAfterSeconds, locked)
    const minutes = Math.ceil(lockout.retryAfterSeconds / 60)
    throw new TooManyRequestsError(
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      lockout.retryAfterSeconds,
    )
  }
  const user = await getAdminUser(username)
  // An unknown user costs the same hash as a known one, so timing does not tell which usernames exist.
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()))
  if (!user || !matches) {
    await recordLoginFailure(username, ip)
    await recordAudit({ actor: username, action: 'login-failed', network: ip })
    throw new UnauthorizedError(wrongCredentials)
  }
  await clearLoginFailures(username)
  await recordAudit({ actor: user.username, action: 'login', network: ip })
  const issued = await issueToken(user.username)
  return json(200, { token: issued.token, expiresAt: issued.expiresAt.toISOString() })
})
