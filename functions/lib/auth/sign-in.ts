import { setTimeout as delay } from 'node:timers/promises'
import type { LoginInput } from '@core/admin'
import { roleRefusal, type StaffRole } from '@core/roles'
import { claimAdminMfaStep, getAdminUser } from '../db/admin-users'
import { recordAudit, recordAuditOnce } from '../db/audit'
import {
  recordLoginFailure,
  recordLoginSuccess,
  releaseLoginAttempt,
  reserveLoginAttempt,
} from '../db/login-attempts'
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../errors'
import { decoyPasswordHash, verifyPassword } from './passwords'
import { type IssuedToken, issueToken } from './tokens'
import { totpStep } from './totp'

export const wrongCredentialsMessage = 'Invalid username or password.'
export const mfaCodeMissingMessage = 'Enter the 6-digit code from your authenticator app.'
export const mfaCodeWrongMessage = 'That code is not right or was already used. Enter the current code.'

/** The wait before a password check; an object so tests can replace it. */
export const signInWaits = { sleep: (milliseconds: number): Promise<void> => delay(milliseconds) }

export type SignInResult =
  | { readonly ok: true; readonly issued: IssuedToken; readonly username: string; readonly role: StaffRole }
  /** The password matched, but the user is enrolled in MFA and the code is missing or wrong. */
  | { readonly ok: false; readonly mfaRequired: true; readonly error: string }

/**
 * Signs `input.username` in from the client network `network` (functions/lib/client-ip.ts):
 * 1. takes an attempt slot for the username from this network (functions/lib/db/login-attempts.ts): 429
 *    without any check when none is left;
 * 2. waits as long as the username's recent failures from anywhere say;
 * 3. checks the password (an unknown user costs the same hash): 401 and a failure counted when wrong;
 * 4. for a user enrolled in MFA, checks the TOTP code: none → mfaRequired (the attempt is given back, since
 *    the password was right); a wrong one, or one of a time step already used → mfaRequired, counted as a
 *    failure;
 * 5. forgets the username's failures and issues a token at the user's session version; a user without one
 *    of the four roles gets 403 instead (deny by default).
 * Each outcome goes to the audit trail (a refused attempt during a lockout once per lockout window).
 */
export async function signIn(input: LoginInput, network: string, now = new Date()): Promise<SignInResult> {
  const { username, password, code } = input
  const reservation = await reserveLoginAttempt(username, network, now)
  if (!reservation.allowed) {
    const locked = { actor: username, action: 'login-locked', network } as const
    await recordAuditOnce(`${username}\n${network}`, reservation.retryAfterSeconds, locked)
    const minutes = Math.ceil(reservation.retryAfterSeconds / 60)
    throw new TooManyRequestsError(
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      reservation.retryAfterSeconds,
    )
  }
  if (reservation.delayMs > 0) await signInWaits.sleep(reservation.delayMs)
  const user = await getAdminUser(username)
  // An unknown user costs the same hash as a known one, so timing does not tell which usernames exist.
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()))
  if (!user || !matches) {
    await recordLoginFailure(username, now)
    await recordAudit({ actor: username, action: 'login-failed', network })
    throw new UnauthorizedError(wrongCredentialsMessage)
  }
  if (user.mfaSecret) {
    if (code === undefined) {
      await releaseLoginAttempt(username, network, now)
      return { ok: false, mfaRequired: true, error: mfaCodeMissingMessage }
    }
    const step = totpStep(user.mfaSecret, code, now.getTime())
    if (step === undefined || !(await claimAdminMfaStep(user.username, step))) {
      await recordLoginFailure(username, now)
      await recordAudit({ actor: user.username, action: 'login-failed', detail: 'mfa', network })
      return { ok: false, mfaRequired: true, error: mfaCodeWrongMessage }
    }
  }
  await recordLoginSuccess(username, network, now)
  if (!user.role) {
    // Deny by default: a record without one of the four roles gets no token (403, recorded).
    await recordAudit({ actor: user.username, action: 'access-refused', detail: 'no role', network })
    throw new ForbiddenError(roleRefusal(undefined))
  }
  await recordAudit({ actor: user.username, action: 'login', network })
  return {
    ok: true,
    issued: await issueToken(user.username, user.sessionVersion, now),
    username: user.username,
    role: user.role,
  }
}
