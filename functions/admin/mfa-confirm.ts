import { mfaConfirmSchema } from '@core/admin-schema'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { confirmEnrolment } from '../lib/auth/mfa-enrolment'
import { sessionCookie } from '../lib/auth/session-cookie'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'

/**
 * POST /api/admin/mfa/confirm `{ code }` (Bearer, the enrolment-only token too): confirms the caller's
 * pending enrolment → `{ token, expiresAt, username, role, recoveryCodes }`, the recovery codes shown this
 * once; 400 for a wrong, reused or expired code or no enrolment started, with nothing written
 * (functions/lib/auth/mfa-enrolment.ts). The new token is set as the session cookie as well.
 */
export const handler = adminHandler('admin-mfa-confirm', async ({ admin, body }) => {
  const result = validate(mfaConfirmSchema, body)
  if (!result.ok) throw new BadRequestError('Enter the 6-digit code from your app.', result.fields)
  const confirmed = await confirmEnrolment(admin, result.value.code)
  // The full token replaces the enrolment-only one in the session cookie too.
  return {
    ...json(200, confirmed, { 'cache-control': 'no-store' }),
    cookies: [sessionCookie(confirmed.token, new Date(confirmed.expiresAt))],
  }
})
