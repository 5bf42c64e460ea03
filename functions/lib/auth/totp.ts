import { Secret, TOTP } from 'otpauth'

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const totpSettings = { algorithm: 'SHA1', digits: 6, period: 30 } as const
/** A code of the step before or after the current one is accepted too (clocks drift, people type slowly). */
export const totpWindow = 1
/** The shape of a code as people type it. */
export const totpCodePattern = /^\d{6}$/

const totp = (secret: string, issuer = '', label = '') =>
  new TOTP({ ...totpSettings, issuer, label, secret: Secret.fromBase32(secret) })

/** A new random secret (160 bits, as RFC 4226 recommends), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The `otpauth://totp/…` URI an authenticator app enrols from (as text or a QR code). */
export function totpUri(secret: string, issuer: string, username: string): string {
  return totp(secret, issuer, username).toString()
}

/** The code of `secret` at `now` (for tests and the enrolment check). */
export function totpCode(secret: string, now = Date.now()): string {
  return totp(secret).generate({ timestamp: now })
}

/**
 * The time step (30-second counter) that `code` belongs to, within one step of `now`, or undefined when it
 * matches none. The caller refuses a step already used (a replayed code).
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!totpCodePattern.test(code)) return undefined
  const delta = totp(secret).validate({ token: code, timestamp: now, window: totpWindow })
  if (delta === null) return undefined
  return TOTP.counter({ period: totpSettings.period, timestamp: now }) + delta
}
