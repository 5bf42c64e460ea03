import { type AdminSessionState, getAdminSessionState, revokeAdminToken } from '../db/admin-users'
import { UnauthorizedError } from '../errors'

/**
 * Revocable sessions. Every token carries its user's session version (`ver`) and its own id (`jti`);
 * verification compares them with the user's record:
 * - no such user (deleted) → refused;
 * - a version below the record's (the password was reset since) → refused;
 * - a token signed out on its own (POST /api/admin/logout) → refused; other devices stay signed in;
 * - a disabled account → refused (disabling also raises the version).
 * A function instance keeps what it read of a user for at most sessionCacheMs, so a revocation made
 * elsewhere takes effect on warm instances within that time; the instance that signed a token out refuses
 * it at once.
 */
export const sessionCacheMs = 30_000

interface Cached {
  readonly state: AdminSessionState
  readonly readAt: number
}
const cache = new Map<string, Cached>()

/**
 * Keeps `state` as what this instance knows of `username`, as if read at `readAt` (handler tests whose
 * store is mocked, or holds no such user, use it; `Infinity` keeps it until resetSessionCache).
 */
export function rememberSessionState(username: string, state: AdminSessionState, readAt = Date.now()): void {
  cache.set(username, { state, readAt })
}

/**
 * Forgets what this instance knows of `username`'s session, after a change it made itself (a new session
 * version at enrolment): the next check reads the record again.
 */
export function forgetSessionState(username: string): void {
  cache.delete(username)
}

/** Forgets every cached session state (tests). */
export function resetSessionCache(): void {
  cache.clear()
}

async function sessionState(
  username: string,
  now: number,
  fresh = false,
): Promise<AdminSessionState | undefined> {
  const cached = cache.get(username)
  if (!fresh && cached && now - cached.readAt < sessionCacheMs) return cached.state
  const state = await getAdminSessionState(username)
  // Only users that exist are kept: a deleted user's tokens are looked up again each time.
  if (state) cache.set(username, { state, readAt: now })
  else cache.delete(username)
  return state
}

/** What identifies one token for revocation: `<exp>:<jti>`. */
export const revocationEntry = (expiresAt: number, tokenId: string) => `${expiresAt}:${tokenId}`

export interface SessionClaims {
  readonly username: string
  readonly sessionVersion: number
  readonly tokenId: string
  /** Epoch seconds. */
  readonly expiresAt: number
}

const endedMessage = 'Your session has ended. Please sign in again.'

/** Throws UnauthorizedError unless the token's session is still open (see above); else its user's state. */
export async function checkSession(claims: SessionClaims, now = Date.now()): Promise<AdminSessionState> {
  let state = await sessionState(claims.username, now)
  // A token newer than what this instance knows (issued after a change elsewhere: an MFA enrolment, a
  // password reset) means the cache is stale, not the token: read the record again.
  if (state && claims.sessionVersion > state.sessionVersion)
    state = await sessionState(claims.username, now, true)
  if (!state) throw new UnauthorizedError('Sign in to continue.')
  if (claims.sessionVersion !== state.sessionVersion || state.disabled)
    throw new UnauthorizedError(endedMessage)
  if (state.revokedTokens.has(revocationEntry(claims.expiresAt, claims.tokenId))) {
    throw new UnauthorizedError(endedMessage)
  }
  return state
}

/** Signs one token out: recorded on its user until it expires, and refused by this instance at once. */
export async function endSession(claims: SessionClaims, now = Date.now()): Promise<void> {
  const entry = revocationEntry(claims.expiresAt, claims.tokenId)
  await revokeAdminToken(claims.username, entry, Math.floor(now / 1000))
  const cached = cache.get(claims.username)
  if (cached) {
    cache.set(claims.username, {
      state: { ...cached.state, revokedTokens: new Set([...cached.state.revokedTokens, entry]) },
      readAt: cached.readAt,
    })
  }
}
