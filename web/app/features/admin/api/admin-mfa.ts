import type { MfaConfirmReply, MfaEnrolmentReply } from '@core/api-types'
import { apiMethod, apiPath } from '~/lib/api/client'
import { readErrorMessage } from '~/lib/api/read-error'
import { AdminSessionExpiredError, adminHeaders } from './admin-request'

/** What the enrolment screen shows when the server gives no reason (or cannot be reached). */
export const mfaSetupFailedMessage = 'MFA setup failed. Please try again.'

async function post<T>(
  route: 'admin-mfa-enrol' | 'admin-mfa-confirm',
  token: string,
  body?: unknown,
): Promise<T> {
  let response: Response
  try {
    response = await fetch(apiPath(route), {
      method: apiMethod(route),
      headers: adminHeaders(token),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  } catch {
    throw new Error(mfaSetupFailedMessage)
  }
  if (response.status === 401) throw new AdminSessionExpiredError()
  if (!response.ok) throw new Error((await readErrorMessage(response)) ?? mfaSetupFailedMessage)
  return (await response.json()) as T
}

/** POST /api/admin/mfa/enrol: a new secret for the signed-in user, as a QR code and an otpauth:// URI. */
export function startMfaEnrolment(token: string): Promise<MfaEnrolmentReply> {
  return post('admin-mfa-enrol', token)
}

/**
 * POST /api/admin/mfa/confirm with the app's code: the recovery codes (shown once) and a full token. Rejects
 * with the server's message for a wrong, reused or expired code; AdminSessionExpiredError on 401.
 */
export function confirmMfaEnrolment(token: string, code: string): Promise<MfaConfirmReply> {
  return post('admin-mfa-confirm', token, { code })
}

/**
 * POST /api/admin/users/{username}/unlock (owners): clears the user's failed sign-ins and MFA lock → how many
 * records were cleared. Rejects with the server's message (404 for no such user); AdminSessionExpiredError on
 * 401.
 */
export async function unlockStaffUser(token: string, username: string): Promise<number> {
  let response: Response
  try {
    response = await fetch(apiPath('admin-unlock-user', { username }), {
      method: apiMethod('admin-unlock-user'),
      headers: adminHeaders(token),
    })
  } catch {
    throw new Error(unlockFailedMessage)
  }
  if (response.status === 401) throw new AdminSessionExpiredError()
  if (!response.ok) throw new Error((await readErrorMessage(response)) ?? unlockFailedMessage)
  const body = (await response.json().catch(() => ({}))) as { cleared?: unknown }
  return typeof body.cleared === 'number' ? body.cleared : 0
}

/** What the Users page says when an unlock fails without a reason. */
export const unlockFailedMessage = 'The user could not be unlocked. Try again later.'
