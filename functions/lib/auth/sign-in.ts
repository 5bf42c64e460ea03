import { setTimeout as delay } from 'node:timers/promises'
import type { LoginInput } from '@core/admin'
import { roleRefusal, type StaffRole } from '@core/roles'
import { requiredMfaRoles } from '../config'
import { claimAdminMfaStep, getAdminUser } from '../db/admin-users'
import { recordAudit, recordAuditOnce } from '../db/audit'
import {
  claimMfaLockNotice,
  loginLimits,
  recordLoginFailure,
  recordLoginSuccess,
  releaseLoginAttempt,
  releaseMfaAttempt,
  reserveLoginAttempt,
  reserveMfaAttempt,
} from '../db/login-attempts'
import { getMfaSecret, spendRecoveryCode } from '../db/mfa-secrets'
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../errors'
import { notifyOwners, type StaffNotification } from '../notify'
import { decoyPasswordHash, verifyPassword } from './passwords'
import { enrolmentScope, type IssuedToken, issueToken, passwordChangeScope } from './tokens'
import { normaliseRecoveryCode, recoveryCodeHash, totpStep } from './totp'

export const wrongCredentialsMessage = 'Invalid username or password.'
export const mfaCodeMissingMessage = 'Enter the 6-digit code from your authenticator app.'
export const mfaCodeWrongMessage = 'That code is not right or was already used. Enter the current code.'
export const disabledAccountMessage = 'This account is disabled. Ask an owner to enable it.'
export const mfaLockedMessage =
  'Too many wrong codes for this account: its MFA step is locked for an hour. An owner can unlock it sooner.'

/** The wait before a password check; an object so tests can replace it. */
export const signInWaits = { sleep: (milliseconds: number): Promise<void> => delay(milliseconds) }

export type SignInResult =
  | {
      readonly ok: true
      readonly issued: IssuedToken
      readonly username: string
      readonly role: StaffRole
      /** The user's role must use MFA and it has not enrolled: `issued` is an enrolment-only token. */
      readonly mfaEnrolmentRequired?: true
      /** The password is a one-time password: `issued` is a password-change-only token. */
      readonly passwordChangeRequired?: true
    }
  /** The password matched, but the user is enrolled in MFA and the code is missing or wrong. */
  | { readonly ok: false; readonly mfaRequired: true; readonly error: string }

/**
 * Signs `input.username` in from the client network `network` (functions/lib/client-ip.ts):
 * 1. takes an attempt slot for the username from this network (functions/lib/db/login-attempts.ts): 429
 *    without any check when none is left;
 * 2. waits as long as the username's recent failures from anywhere say;
 * 3. checks the password (an unknown user costs the same hash): 401 and a failure counted when wrong;
 * 4. for a user enrolled in MFA, checks the code (a TOTP code or a recovery code, checkMfaCode): none →
 *    mfaRequired (the attempt is given back, since the password was right); the account's MFA step locked
 *    (10 wrong codes an hour, from anywhere) → 429; a wrong code, or one of a time step already used, or a
 *    recovery code already used → mfaRequired, counted as a failure;
 * 5. forgets the username's failures and issues a token at the user's session version: a
 *    password-change-only token when the password is a one-time password an owner's "add user" gave
 *    (passwordChangeRequired; the change comes first, then MFA enrolment if the role needs it:
 *    functions/lib/auth/password-change.ts), else an enrolment-only token when the user's role must use
 *    MFA, REQUIRE_MFA, and it has not enrolled; a user without one of the four roles, or a disabled
 *    account, gets 403 instead (deny by default).
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
  // The secret lives in its own item (db/mfa-secrets.ts); an earlier version kept it on the record.
  const mfaSecret = (await getMfaSecret(user.username)) ?? user.mfaSecret
  if (mfaSecret) {
    if (code === undefined) {
      await releaseLoginAttempt(username, network, now)
      return { ok: false, mfaRequired: true, error: mfaCodeMissingMessage }
    }
    try {
      await checkMfaCode(user.username, mfaSecret, code, network, now)
    } catch (error) {
      if (error instanceof MfaCodeRefused) return { ok: false, mfaRequired: true, error: mfaCodeWrongMessage }
      throw error
    }
  }
  await recordLoginSuccess(username, network, now)
  if (user.disabled) {
    // Told only after the right password (and code), so the reply says nothing of the account to others.
    await recordAudit({ actor: user.username, action: 'access-refused', detail: 'disabled', network })
    throw new ForbiddenError(disabledAccountMessage)
  }
  if (!user.role) {
    // Deny by default: a record without one of the four roles gets no token (403, recorded).
    await recordAudit({ actor: user.username, action: 'access-refused', detail: 'no role', network })
    throw new ForbiddenError(roleRefusal(undefined))
  }
  // The one-time password an owner was shown opens the password change and nothing else; a role that must use
  // MFA and has not enrolled gets a token for the enrolment routes only; anyone else the full token.
  const limit = user.passwordChangeRequired
    ? ({
        detail: 'password-change',
        scope: passwordChangeScope,
        reply: { passwordChangeRequired: true },
      } as const)
    : !mfaSecret && requiredMfaRoles().includes(user.role)
      ? ({ detail: 'mfa-enrolment', scope: enrolmentScope, reply: { mfaEnrolmentRequired: true } } as const)
      : undefined
  await recordAudit({
    actor: user.username,
    action: 'login',
    network,
    ...(limit ? { detail: limit.detail } : {}),
  })
  return {
    ok: true,
    issued: await issueToken(user.username, user.sessionVersion, now, limit?.scope),
    username: user.username,
    role: user.role,
    ...limit?.reply,
  }
}

/**
 * Checks the MFA code of a user whose password matched: a TOTP code (of a step not used before) or an unused
 * recovery code. First takes a slot of the account's hard cap of wrong codes (db/login-attempts.ts): 429 when
 * the MFA step is locked, whatever the network. A right code gives the slot back; a wrong one keeps it, is
 * counted as a failed sign-in, and answers mfaRequired (thrown as MfaCodeRefused); the wrong code that
 * reaches the cap locks the account's MFA step and tells the owners (functions/lib/notify.ts).
 */
async function checkMfaCode(
  username: string,
  secret: string,
  code: string,
  network: string,
  now: Date,
): Promise<void> {
  const slot = await reserveMfaAttempt(username, now)
  if (!slot.allowed) {
    await releaseLoginAttempt(username, network, now)
    const locked = { actor: username, action: 'mfa-locked', network } as const
    await recordAuditOnce(`${username}\nmfa`, slot.retryAfterSeconds, locked)
    throw new TooManyRequestsError(mfaLockedMessage, slot.retryAfterSeconds)
  }
  const recovery = normaliseRecoveryCode(code)
  const right = recovery
    ? await spendRecoveryCode(username, recoveryCodeHash(recovery))
    : await totpCodeAccepted(username, secret, code, now)
  if (right) {
    await releaseMfaAttempt(username, now)
    if (recovery) await recordAudit({ actor: username, action: 'login', detail: 'recovery-code', network })
    return
  }
  await recordLoginFailure(username, now)
  await recordAudit({ actor: username, action: 'login-failed', detail: 'mfa', network })
  if (await claimMfaLockNotice(username, now)) {
    await recordAudit({ actor: username, action: 'mfa-locked', network })
    await notifyOwners(mfaLockedNotification(username, network), 'sign-in')
  }
  throw new MfaCodeRefused()
}

/** Whether `code` is the user's TOTP code now, of a time step not used before (claimed atomically). */
async function totpCodeAccepted(username: string, secret: string, code: string, now: Date): Promise<boolean> {
  const step = totpStep(secret, code, now.getTime())
  return step !== undefined && (await claimAdminMfaStep(username, step))
}

/** A wrong MFA code: signIn answers mfaRequired with mfaCodeWrongMessage. */
class MfaCodeRefused extends Error {}

/** What the owners read when an account's MFA step locks. */
export function mfaLockedNotification(username: string, network: string): StaffNotification {
  return {
    subject: `MFA locked for ${username}: ${loginLimits.mfaFailuresPerAccount} wrong codes`,
    body: [
      `The account "${username}" entered ${loginLimits.mfaFailuresPerAccount} wrong MFA codes within an hour, after the right password; the last came from ${network}.`,
      'Its MFA step is locked for an hour: someone may know its password.',
      'If it was not that person, reset the password (npm run admin -- reset-password). To let them in sooner,',
      `an owner can unlock the account on the Users page, or run: npm run admin -- unlock ${username}`,
    ].join('\n'),
  }
}
