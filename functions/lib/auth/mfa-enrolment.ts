import type { MfaConfirmReply, MfaEnrolmentReply } from '@core/api-types'
import { companyFacts } from '@core/company'
import { toDataURL } from 'qrcode'
import { claimAdminMfaStep, markAdminMfaEnrolled } from '../db/admin-users'
import { recordAudit } from '../db/audit'
import {
  completeMfaEnrolment,
  getMfaSecret,
  mfaEnrolmentMinutes,
  pendingMfaEnrolment,
  startMfaEnrolment,
} from '../db/mfa-secrets'
import { BadRequestError, ConflictError, ForbiddenError } from '../errors'
import { forgetSessionState } from './sessions'
import { type AdminPrincipal, issueToken } from './tokens'
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep, totpUri } from './totp'

/**
 * Self-service MFA enrolment in the workspace (POST /api/admin/mfa/enrol, then /confirm), for the signed-in
 * user only: the token says who, no body names a user, so nobody can enrol (or read the secret of) anyone
 * else. Either a full token or the enrolment-only token the sign-in gives a user whose role must use MFA.
 */

/** The issuer an authenticator app shows beside the code: the company, as the pages name it. */
export const mfaIssuer = companyFacts.name

export const alreadyEnrolledMessage =
  'MFA is already set up for your account. To set it up again, ask an owner to turn it off first.'
export const noEnrolmentMessage = 'Start the MFA setup first: there is no code to confirm.'
export const enrolmentExpiredMessage = `This MFA setup has expired (after ${mfaEnrolmentMinutes} minutes). Start again for a new QR code.`
export const enrolmentCodeWrongMessage = 'That code is not right. Enter the 6-digit code your app shows now.'
export const enrolmentCodeUsedMessage = 'That code was already used. Wait for the next code in your app.'

/**
 * Starts an enrolment: a new secret, pending until confirmed (db/mfa-secrets.ts), as a URI and a QR code.
 * 409 with nothing written when the user already is enrolled.
 */
export async function startEnrolment(admin: AdminPrincipal, now = new Date()): Promise<MfaEnrolmentReply> {
  if (await getMfaSecret(admin.username)) throw new ConflictError(alreadyEnrolledMessage)
  const secret = newTotpSecret()
  if ((await startMfaEnrolment(admin.username, secret, now)) === 'enrolled') {
    throw new ConflictError(alreadyEnrolledMessage)
  }
  const uri = totpUri(secret, mfaIssuer, admin.username)
  return {
    uri,
    qrCode: await toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
    secret,
    expiresAt: new Date(now.getTime() + mfaEnrolmentMinutes * 60_000).toISOString(),
  }
}

/**
 * Confirms the pending enrolment with a code of the new secret: refused with nothing written (400) when
 * there is none, it expired, or the code is wrong; 400 when the code's time step was already used (a
 * replay, or the same code sent twice at once). Then stores the secret with the hashes of new recovery codes,
 * raises the session version (every other session of the user ends) and answers a full token at the new
 * version with the recovery codes, shown this once.
 */
export async function confirmEnrolment(
  admin: AdminPrincipal,
  code: string,
  now = new Date(),
): Promise<MfaConfirmReply> {
  if (!admin.role) throw new ForbiddenError()
  const pending = await pendingMfaEnrolment(admin.username, now)
  if (pending.state !== 'pending') {
    if (pending.state === 'enrolled') throw new ConflictError(alreadyEnrolledMessage)
    throw new BadRequestError(pending.state === 'none' ? noEnrolmentMessage : enrolmentExpiredMessage)
  }
  const step = totpStep(pending.secret, code, now.getTime())
  if (step === undefined)
    throw new BadRequestError(enrolmentCodeWrongMessage, { code: enrolmentCodeWrongMessage })
  if (!(await claimAdminMfaStep(admin.username, step, now.getTime()))) {
    throw new BadRequestError(enrolmentCodeUsedMessage, { code: enrolmentCodeUsedMessage })
  }
  const recoveryCodes = newRecoveryCodes()
  if (
    !(await completeMfaEnrolment(admin.username, pending.secret, recoveryCodes.map(recoveryCodeHash), now))
  ) {
    // Confirmed by a parallel request, or restarted meanwhile.
    throw new ConflictError(noEnrolmentMessage)
  }
  const sessionVersion = await markAdminMfaEnrolled(admin.username, now)
  if (sessionVersion === undefined) throw new ForbiddenError()
  forgetSessionState(admin.username)
  await recordAudit({
    actor: admin.username,
    action: 'user-change',
    target: admin.username,
    detail: 'mfa-enabled',
    role: admin.role,
  })
  const issued = await issueToken(admin.username, sessionVersion, now)
  return {
    token: issued.token,
    expiresAt: issued.expiresAt.toISOString(),
    username: admin.username,
    role: admin.role,
    recoveryCodes,
  }
}
