import { passwordChangeSchema } from '@core/admin-schema'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { changeOwnPassword } from '../lib/auth/password-change'
import { sessionCookie } from '../lib/auth/session-cookie'
import { clientNetwork } from '../lib/client-ip'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'

/**
 * POST /api/admin/password `{ password, currentPassword? }` (Bearer; the password-change-only token too):
 * replaces the caller's own password → `{ token, expiresAt, username, role, mfaEnrolmentRequired? }`, a
 * new session (also set as the session cookie) at a raised session version, so every earlier token and the
 * old password stop working. A full session must give `currentPassword`; the one-time password's token
 * need not. 400 for a password under the CLI's minimum, a wrong current password, or a new password equal
 * to the present one, nothing written (functions/lib/auth/password-change.ts).
 */
export const handler = adminHandler('admin-change-password', async ({ admin, body, event }) => {
  const result = validate(passwordChangeSchema, body)
  if (!result.ok) throw new BadRequestError('Please correct the highlighted fields.', result.fields)
  const reply = await changeOwnPassword(admin, result.value, clientNetwork(event))
  return {
    ...json(200, reply, { 'cache-control': 'no-store' }),
    cookies: [sessionCookie(reply.token, new Date(reply.expiresAt))],
  }
})
