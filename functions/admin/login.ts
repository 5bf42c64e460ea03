import { loginSchema } from '@core/admin'
import { validate } from '@core/validation'
import { decoyPasswordHash, verifyPassword } from '../lib/auth/passwords'
import { issueToken } from '../lib/auth/tokens'
import { getAdminUser } from '../lib/db/admin-users'
import { BadRequestError, UnauthorizedError } from '../lib/errors'
import { httpHandler, json } from '../lib/http'

const wrongCredentials = 'Invalid username or password.'

/** POST /api/admin/login: check the scrypt hash, answer `{ token, expiresAt }` or 401 `{ error }`. */
export const handler = httpHandler('admin-login', async ({ body }) => {
  const result = validate(loginSchema, body)
  if (!result.ok) throw new BadRequestError('Enter your username and password.', result.fields)
  const { username, password } = result.value
  const user = await getAdminUser(username)
  // An unknown user costs the same hash as a known one, so timing does not tell which usernames exist.
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()))
  if (!user || !matches) throw new UnauthorizedError(wrongCredentials)
  const issued = await issueToken(user.username)
  return json(200, { token: issued.token, expiresAt: issued.expiresAt.toISOString() })
})
