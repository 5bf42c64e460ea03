import type { LoginReply } from '@core/api-types'
import { adminRouteJson } from '~/features/admin/session/admin-client'

/** What the password screen shows when the server gives no reason (or cannot be reached). */
export const passwordChangeFailedMessage = 'Your password could not be changed. Please try again.'

/**
 * POST /api/admin/password: replaces the signed-in user's password → a new session (the server sets its
 * cookie), an enrolment-only one when the role must still set up MFA. `currentPassword` is for a full
 * session; the one-time password's session sends none. Rejects with AdminRequestError, its `fields` naming
 * the refused field.
 */
export async function changeOwnPassword(password: string, currentPassword?: string): Promise<LoginReply> {
  return adminRouteJson('admin-change-password', {
    body: currentPassword === undefined ? { password } : { password, currentPassword },
    failure: passwordChangeFailedMessage,
  })
}
