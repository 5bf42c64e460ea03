import type { MfaConfirmReply, MfaEnrolmentReply } from '@core/api-types'
import { adminRouteCall } from '~/features/admin/session/admin-client'

/** What the enrolment screen shows when the server gives no reason (or cannot be reached). */
export const mfaSetupFailedMessage = 'MFA setup failed. Please try again.'

/** What the Users page says when an unlock fails without a reason. */
export const unlockFailedMessage = 'The user could not be unlocked. Try again later.'

async function post<T>(route: 'admin-mfa-enrol' | 'admin-mfa-confirm', body?: unknown): Promise<T> {
  const response = await adminRouteCall(route, { body, failure: mfaSetupFailedMessage })
  return (await response.json()) as T
}

/** POST /api/admin/mfa/enrol: a new secret for the signed-in user, as a QR code and an otpauth:// URI. */
export function startMfaEnrolment(): Promise<MfaEnrolmentReply> {
  return post('admin-mfa-enrol')
}

/**
 * POST /api/admin/mfa/confirm with the app's code: the recovery codes (shown once) and a full token. Rejects
 * with the server's message for a wrong, reused or expired code.
 */
export function confirmMfaEnrolment(code: string): Promise<MfaConfirmReply> {
  return post('admin-mfa-confirm', { code })
}

/**
 * POST /api/admin/users/{username}/unlock (owners): clears the user's failed sign-ins and MFA lock → how many
 * records were cleared. Rejects with the server's message (404 for no such user).
 */
export async function unlockStaffUser(username: string): Promise<number> {
  const response = await adminRouteCall('admin-unlock-user', {
    params: { username },
    failure: unlockFailedMessage,
  })
  const body = (await response.json().catch(() => ({}))) as { cleared?: unknown }
  return typeof body.cleared === 'number' ? body.cleared : 0
}
