import type { PasswordChangeInput } from '@core/admin'
import type { LoginReply } from '@core/api-types'
import { requiredMfaRoles } from '../config'
import { changeAdminPassword, getAdminUser } from '../db/admin-users'
import { recordAudit } from '../db/audit'
import { BadRequestError, ConflictError, ForbiddenError, UnauthorizedError } from '../errors'
import { hashNewPassword, mayBeGeneratedPassword, verifyPassword } from './passwords'
import { forgetSessionState } from './sessions'
import { type AdminPrincipal, enrolmentScope, issueToken } from './tokens'

export const currentPasswordMissingMessage = 'Enter your current password'
export const currentPasswordWrongMessage = 'That is not your current password'
export const samePasswordMessage = 'Choose a password other than the one you have now'
export const passwordChangedMeanwhileMessage =
  'Your password was changed meanwhile (another tab or device). Sign in again.'

/**
 * Changes the caller's own password (POST /api/admin/password); the token says who, no body names a user.
 * - With the password-change-only token the sign-in gives a user still holding the one-time password an
 *   owner was shown (functions/lib/auth/tokens.ts passwordChangeScope): no current password is asked, the
 *   sign-in checked it minutes ago.
 * - With a full session: the current password is required and checked (a session left open on a shared
 *   computer does not let anyone lock its owner out).
 * The new password must differ from the present one (400 otherwise, nothing written). Then the hash is
 * replaced (on the condition that it is still the one checked), the one-time flag cleared and the session
 * version raised: every earlier token, the one-time password's included, is refused from then on, and the
 * one-time password itself no longer signs in. Answers a new session like the sign-in's: a full token, or,
 * when the role must use MFA and the user has not enrolled, an enrolment-only token (the order is: own
 * password first, then MFA enrolment, whose confirmation raises the version again).
 */
export async function changeOwnPassword(
  admin: AdminPrincipal,
  input: PasswordChangeInput,
  network: string,
  now = new Date(),
): Promise<LoginReply> {
  if (!admin.role) throw new ForbiddenError()
  const user = await getAdminUser(admin.username)
  if (!user?.role) throw new UnauthorizedError('Sign in to continue.')
  if (!admin.passwordChangeOnly) {
    if (input.currentPassword === undefined) {
      throw new BadRequestError(currentPasswordMissingMessage, {
        currentPassword: currentPasswordMissingMessage,
      })
    }
    if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
      await recordAudit({ actor: user.username, action: 'login-failed', detail: 'password-change', network })
      throw new BadRequestError(currentPasswordWrongMessage, { currentPassword: currentPasswordWrongMessage })
    }
  }
  // Each scrypt run costs 128 MiB and a good part of a second: a full session's current password was just
  // given, so sameness is a comparison; the one-time password was generated (generatePassword), so only a
  // new password of its shape can be it, and only then is the hash checked.
  const unchanged =
    input.currentPassword !== undefined && !admin.passwordChangeOnly
      ? input.password.normalize('NFKC') === input.currentPassword.normalize('NFKC')
      : mayBeGeneratedPassword(input.password) && (await verifyPassword(input.password, user.passwordHash))
  if (unchanged) throw new BadRequestError(samePasswordMessage, { password: samePasswordMessage })
  const sessionVersion = await changeAdminPassword(
    user.username,
    user.passwordHash,
    await hashNewPassword(input.password),
    now,
  )
  if (sessionVersion === undefined) throw new ConflictError(passwordChangedMeanwhileMessage)
  forgetSessionState(user.username)
  await recordAudit({
    actor: user.username,
    action: 'user-change',
    target: user.username,
    detail: user.passwordChangeRequired ? 'one-time password replaced' : 'password changed',
    network,
    role: user.role,
  })
  const mustEnrol = !user.mfaEnrolled && requiredMfaRoles().includes(user.role)
  const issued = await issueToken(user.username, sessionVersion, now, mustEnrol ? enrolmentScope : undefined)
  return {
    token: issued.token,
    expiresAt: issued.expiresAt.toISOString(),
    username: user.username,
    role: user.role,
    ...(mustEnrol ? { mfaEnrolmentRequired: true } : {}),
  }
}
