import { randomUUID } from 'node:crypto'
import type { StaffRole } from '@core/roles'
import { errors, type JWTHeaderParameters, jwtVerify, SignJWT } from 'jose'
import { UnauthorizedError } from '../errors'
import { currentSigningKey, minimumSecretBytes, resetSecrets, signingKeyFor } from '../secrets'
import { checkSession, type SessionClaims } from './sessions'

/** Claims every admin token carries; verification pins all of them. */
export const tokenIssuer = 'suryodaya-site'
export const tokenAudience = 'suryodaya-admin'
export const tokenAlgorithm = 'HS256'
/** Tokens last a working day, not days. */
export const tokenLifetimeSeconds = 8 * 60 * 60
export { minimumSecretBytes }

/** Forgets the cached signing keys (tests change the secret between cases). */
export function resetSigningKey(): void {
  resetSecrets()
}

/** The key that verifies a token: chosen by its `kid` among the current and previous keys (secrets.ts). */
async function verificationKey(header: JWTHeaderParameters): Promise<Uint8Array> {
  const found = await signingKeyFor(header.kid)
  if (!found) throw new errors.JWKSNoMatchingKey()
  return found.key
}

/**
 * The scope claim (`scp`) of an enrolment-only token: what the sign-in gives a user whose role must use MFA
 * (REQUIRE_MFA) and who has not enrolled. Only the enrolment routes accept it (verifyEnrolmentAuthorization);
 * every other route refuses it like a bad token.
 */
export const enrolmentScope = 'mfa-enrolment'
/** An enrolment-only token lasts long enough to set up an authenticator app, not a working day. */
export const enrolmentTokenLifetimeSeconds = 15 * 60
/** The reply of any other route to an enrolment-only token. */
export const enrolmentOnlyMessage = 'Set up two-step sign-in (MFA) first: this sign-in allows nothing else.'

/**
 * The scope claim of a password-change-only token: what the sign-in gives a user still holding the one-time
 * password an owner's "add user" answered (functions/lib/db/admin-users.ts passwordChangeRequired). Only
 * POST /api/admin/password accepts it (verifyPasswordChangeAuthorization); every other route refuses it.
 * It lasts as long as an enrolment-only token.
 */
export const passwordChangeScope = 'password-change'
/** The reply of any other route to a password-change-only token. */
export const passwordChangeOnlyMessage = 'Choose your own password first: this sign-in allows nothing else.'

/** The scopes a token may be limited to; a token without one is a full session. */
export type TokenScope = typeof enrolmentScope | typeof passwordChangeScope
const tokenScopes: readonly unknown[] = [enrolmentScope, passwordChangeScope]

export interface IssuedToken {
  readonly token: string
  readonly expiresAt: Date
}

/**
 * Issues an admin token for `username` at its current session version (`ver`, see ./sessions.ts), with its
 * own id (`jti`) so that it can be signed out alone; with `scope`, an enrolment-only token (see
 * enrolmentScope) or a password-change-only one (passwordChangeScope).
 */
export async function issueToken(
  username: string,
  sessionVersion: number,
  now = new Date(),
  scope?: TokenScope,
): Promise<IssuedToken> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  const expiresAt = issuedAt + (scope ? enrolmentTokenLifetimeSeconds : tokenLifetimeSeconds)
  const signing = await currentSigningKey()
  const token = await new SignJWT(scope ? { ver: sessionVersion, scp: scope } : { ver: sessionVersion })
    .setJti(randomUUID())
    .setProtectedHeader({ alg: tokenAlgorithm, typ: 'JWT', kid: signing.kid })
    .setSubject(username)
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(signing.key)
  return { token, expiresAt: new Date(expiresAt * 1000) }
}

export interface AdminPrincipal {
  readonly username: string
  /** The token's session version, id and expiry (epoch seconds): what signing it out needs. */
  readonly sessionVersion: number
  readonly tokenId: string
  readonly expiresAt: number
  /**
   * The user's role, read with the session state (not from the token: a change applies at once); undefined
   * when the record holds none of the four, and then every admin route refuses it (functions/lib/http.ts).
   */
  readonly role: StaffRole | undefined
  /** An enrolment-only token (enrolmentScope): accepted by the enrolment routes alone. */
  readonly enrolmentOnly: boolean
  /** A password-change-only token (passwordChangeScope): accepted by POST /api/admin/password alone. */
  readonly passwordChangeOnly: boolean
}

/**
 * Verifies an `Authorization` header value. Throws UnauthorizedError for a missing, malformed, expired or
 * otherwise invalid token, for one whose session has ended (./sessions.ts) and for a token limited to a scope
 * (enrolmentScope, passwordChangeScope); the reason goes to the message only in general terms.
 */
export async function verifyAuthorization(header: string | undefined): Promise<AdminPrincipal> {
  const principal = await verifyAnyToken(header)
  if (principal.enrolmentOnly) throw new UnauthorizedError(enrolmentOnlyMessage)
  if (principal.passwordChangeOnly) throw new UnauthorizedError(passwordChangeOnlyMessage)
  return principal
}

/**
 * Verifies the token of an enrolment route (POST /api/admin/mfa/enrol and /confirm): as verifyAuthorization,
 * and an enrolment-only token is accepted too.
 */
export async function verifyEnrolmentAuthorization(header: string | undefined): Promise<AdminPrincipal> {
  const principal = await verifyAnyToken(header)
  if (principal.passwordChangeOnly) throw new UnauthorizedError(passwordChangeOnlyMessage)
  return principal
}

/**
 * Verifies the token of POST /api/admin/password: as verifyAuthorization, and a password-change-only token
 * is accepted too.
 */
export async function verifyPasswordChangeAuthorization(header: string | undefined): Promise<AdminPrincipal> {
  const principal = await verifyAnyToken(header)
  if (principal.enrolmentOnly) throw new UnauthorizedError(enrolmentOnlyMessage)
  return principal
}

async function verifyAnyToken(header: string | undefined): Promise<AdminPrincipal> {
  const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header?.trim() ?? '')
  if (!match?.[1]) throw new UnauthorizedError('Sign in to continue.')
  let claims: SessionClaims
  let scope: unknown
  try {
    const { payload } = await jwtVerify(match[1], verificationKey, {
      algorithms: [tokenAlgorithm],
      issuer: tokenIssuer,
      audience: tokenAudience,
      requiredClaims: ['exp', 'sub', 'jti', 'ver'],
    })
    if (typeof payload.ver !== 'number' || typeof payload.jti !== 'string') {
      throw new UnauthorizedError('Sign in to continue.')
    }
    if (payload.scp !== undefined && !tokenScopes.includes(payload.scp)) {
      throw new UnauthorizedError('Sign in to continue.')
    }
    scope = payload.scp
    claims = {
      username: String(payload.sub),
      sessionVersion: payload.ver,
      tokenId: payload.jti,
      expiresAt: Number(payload.exp),
    }
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw new UnauthorizedError('Your session has expired. Please sign in again.')
    }
    if (error instanceof errors.JOSEError) throw new UnauthorizedError('Sign in to continue.')
    throw error
  }
  const { role } = await checkSession(claims)
  return {
    ...claims,
    role,
    enrolmentOnly: scope === enrolmentScope,
    passwordChangeOnly: scope === passwordChangeScope,
  }
}
