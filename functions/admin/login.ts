import { loginSchema } from '@core/admin-schema'
import type { LoginReply } from '@core/api-types'
import { validate } from '@core/validation'
import { sessionCookie } from '../lib/auth/session-cookie'
import { signIn } from '../lib/auth/sign-in'
import { clientNetwork } from '../lib/client-ip'
import { BadRequestError } from '../lib/errors'
import { httpHandler, json } from '../lib/http'

/**
 * POST /api/admin/login: `{ username, password, code? }` → `{ token, expiresAt, username, role }`; 401 `{ error }` for a wrong
 * password or unknown user (the same reply), 401 `{ error, mfaRequired: true }` when the password matched but
 * the user's TOTP code is missing or wrong, 429 when this client network has used up its attempts for the
 * username (functions/lib/auth/sign-in.ts) or the account's MFA step is locked; `mfaEnrolmentRequired: true`
 * with an enrolment-only token when the user's role must use MFA and it has not enrolled;
 * `passwordChangeRequired: true` with a password-change-only token when the password is the one-time
 * password an owner's "add user" answered (POST /api/admin/password replaces it). The token is also
 * set as the session cookie (functions/lib/auth/session-cookie.ts).
 */
export const handler = httpHandler('admin-login', async ({ body, event }) => {
  const result = validate(loginSchema, body)
  if (!result.ok) throw new BadRequestError('Enter your username and password.', result.fields)
  const signedIn = await signIn(result.value, clientNetwork(event))
  if (!signedIn.ok) {
    return json(401, { error: signedIn.error, mfaRequired: true }, { 'www-authenticate': 'Bearer' })
  }
  const reply: LoginReply = {
    token: signedIn.issued.token,
    expiresAt: signedIn.issued.expiresAt.toISOString(),
    username: signedIn.username,
    role: signedIn.role,
    ...(signedIn.mfaEnrolmentRequired ? { mfaEnrolmentRequired: true } : {}),
    ...(signedIn.passwordChangeRequired ? { passwordChangeRequired: true } : {}),
  }
  // The workspace keeps the session in an HttpOnly cookie shared by the browser's tabs; `token` stays in
  // the body for scripts that call the API with a Bearer header.
  return { ...json(200, reply), cookies: [sessionCookie(reply.token, signedIn.issued.expiresAt)] }
})
