import type { StaffRole } from '@core/roles'
import { adminSessionKey } from '~/features/admin/session/session-store'

/**
 * Signs a staff member in for this browser, as the login does: who and with what role, under the sign-in's
 * id (the token itself is in the HttpOnly cookie, which the tests' fetch stubs stand in for).
 */
export function storeStaffSession(id = 'token-1', role: StaffRole = 'owner', username = 'asha'): void {
  window.localStorage.setItem(adminSessionKey, JSON.stringify({ id, username, role }))
}

/** The id of the sign-in the browser holds, or null when signed out. */
export function storedSessionId(): string | null {
  const text = window.localStorage.getItem(adminSessionKey)
  return text ? (JSON.parse(text) as { id: string }).id : null
}

/** The id a login reply with `expiresAt` signs `username` in under (session-store.ts). */
export const signedInId = (expiresAt: string, username = 'asha') => `${username}@${expiresAt}`

/**
 * Whether an admin call goes as the API expects of the workspace: the browser may add the session cookie
 * (same-origin credentials), the CSRF header the API requires of a change is there, and no token is sent
 * by the page itself (it cannot read one).
 */
export function sendsSessionCookie(init: RequestInit | Request | undefined): boolean {
  if (!init) return false
  const headers = new Headers(init.headers)
  const credentials = init.credentials ?? 'same-origin'
  return (
    credentials !== 'omit' && headers.get('x-requested-with') === 'fetch' && !headers.has('authorization')
  )
}

/**
 * The sign-in an admin call is sent for, as the server would tell it from the session cookie: the browser's
 * cookie is the one of the sign-in current now (call it from the fetch stub, or right after the call);
 * null when the call does not send the cookie as sendsSessionCookie says.
 */
export function sessionOfCall(init: RequestInit | Request | undefined): string | null {
  return sendsSessionCookie(init) ? storedSessionId() : null
}
