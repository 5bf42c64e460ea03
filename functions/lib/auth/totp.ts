import { createHash, randomBytes } from 'node:crypto'
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

/** How many recovery codes an enrolment gives (each usable once in place of a TOTP code). */
export const recoveryCodeCount = 10
/** A recovery code as shown: two groups of five lower-case letters and digits, `k7m2p-x9q4r`. */
export const recoveryCodePattern = /^[a-z0-9]{5}-[a-z0-9]{5}$/
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789'

/** `recoveryCodeCount` new random recovery codes (about 49 bits each), shown to the user once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const bytes = randomBytes(10)
    const letters = Array.from(bytes, (byte) => recoveryAlphabet[byte % recoveryAlphabet.length]).join('')
    return `${letters.slice(0, 5)}-${letters.slice(5)}`
  })
}

/** A recovery code as people may type it (spaces, upper case) in its stored shape, or undefined. */
export function normaliseRecoveryCode(text: string): string | undefined {
  const letters = text.toLowerCase().replace(/[\s-]+/g, '')
  const code = `${letters.slice(0, 5)}-${letters.slice(5)}`
  return recoveryCodePattern.test(code) ? code : undefined
}

/**
 * What is stored of a recovery code: its SHA-256, hex. The codes are random and long enough that a fast
 * hash is safe; only the sign-in compares them, one conditional write per use.
 */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code).digest('hex')
}
