import type { LoginReply } from '@core/api-types'
import { isStaffRole, type StaffRole } from '@core/roles'
import { isStaffPath } from '~/content/staff-paths'

/**
 * Where the browser keeps who is signed in: localStorage, shared by every tab of the site, so a lead link
 * opened in a new tab (or from an alert e-mail) opens without signing in again. It holds no secret: the
 * token itself is in the HttpOnly session cookie the sign-in sets (functions/lib/auth/session-cookie.ts),
 * which scripts cannot read; the API checks that cookie on every call, so a stale entry here only lasts
 * until the next call answers 401.
 */
export const adminSessionKey = 'adminSession'

export const sessionExpiredMessage = 'Your session has expired. Please sign in again.'

/** Who is signed in and with what role (from the login reply); never the token. */
export interface StaffSession {
  /**
   * What tells this sign-in from the next one (the username and the token's expiry): the data a page
   * loaded is kept for the sign-in it was read for (workspace-load.ts).
   */
  readonly id: string
  readonly username: string
  readonly role: StaffRole
  /** The cookie holds an enrolment-only token: the workspace shows the MFA enrolment screen and nothing else. */
  readonly enrolmentOnly?: true
  /**
   * The cookie holds a password-change-only token (the sign-in used a one-time password): the workspace
   * shows "Choose your own password" and nothing else.
   */
  readonly passwordChangeOnly?: true
}

/** The stored session, or null for none or one that is not complete (a username without its role). */
export function parseStaffSession(text: string | null): StaffSession | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as Partial<Record<keyof StaffSession | 'token', unknown>> | null
    if (
      typeof value?.id === 'string' &&
      value.id !== '' &&
      // An entry written by an earlier version held the token itself: not kept, the person signs in again.
      value.token === undefined &&
      typeof value.username === 'string' &&
      isStaffRole(value.role)
    ) {
      return {
        id: value.id,
        username: value.username,
        role: value.role,
        ...(value.enrolmentOnly === true ? { enrolmentOnly: true } : {}),
        ...(value.passwordChangeOnly === true ? { passwordChangeOnly: true } : {}),
      }
    }
  } catch {
    // Not JSON: no session.
  }
  return null
}

/** An earlier version kept the token in the tab's sessionStorage: that copy goes at the first read. */
let tabCopyForgotten = false

function readStored(): string | null {
  try {
    if (!tabCopyForgotten) {
      tabCopyForgotten = true
      window.sessionStorage.removeItem(adminSessionKey)
    }
    return window.localStorage.getItem(adminSessionKey)
  } catch {
    return null
  }
}

/** For a browser whose storage refuses writes (private mode, quota): the session lasts until the page is left. */
let storageRefused = false
let unstoredSession: string | null = null
const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

function write(session: StaffSession | null): void {
  const text = session ? JSON.stringify(session) : null
  try {
    if (text) window.localStorage.setItem(adminSessionKey, text)
    else window.localStorage.removeItem(adminSessionKey)
    storageRefused = false
  } catch {
    storageRefused = true
    unstoredSession = text
  }
  notify()
}

let snapshotText: string | null = null
let snapshot: StaffSession | null = null

/** The current session; the same object while the stored text is the same (useSyncExternalStore needs it). */
export function currentSession(): StaffSession | null {
  const text = storageRefused ? unstoredSession : readStored()
  if (text !== snapshotText) {
    snapshotText = text
    snapshot = parseStaffSession(text)
  }
  return snapshot
}

/** A sign-in or sign-out in another tab changes this one too (the storage event). */
function onStorage(event: StorageEvent): void {
  if (event.key === adminSessionKey || event.key === null) notify()
}

export function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage)
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) window.removeEventListener('storage', onStorage)
  }
}

/** Where the tab keeps why it was signed out and the page to go back to (signOut, expireSession). */
export const adminSignOutKey = 'adminSignOut'

interface SignOutNote {
  /** Why the staff member was signed out, e.g. an expired session; cleared by the next sign-in. */
  readonly notice: string | null
  /** The workspace page open when the session expired: the staff member is brought back to it after signing in. */
  readonly returnTo: string | null
}

const noNote: SignOutNote = { notice: null, returnTo: null }
let unstoredNote: SignOutNote = noNote
let noteText: string | null = null
let note: SignOutNote = noNote

/** Kept in the tab's storage beside the session, so a reload of the login form still says why it shows. */
function writeNote(next: SignOutNote): void {
  unstoredNote = next
  try {
    if (next.notice === null && next.returnTo === null) window.sessionStorage.removeItem(adminSignOutKey)
    else window.sessionStorage.setItem(adminSignOutKey, JSON.stringify(next))
  } catch {
    // Storage refused: the note lasts until the page is left.
  }
}

/** Why the tab was signed out, and the page to return to. */
export function currentNote(): SignOutNote {
  let text: string | null
  try {
    text = window.sessionStorage.getItem(adminSignOutKey)
  } catch {
    return unstoredNote
  }
  if (text !== noteText) {
    noteText = text
    try {
      const value = JSON.parse(text ?? 'null') as Partial<SignOutNote> | null
      note = {
        notice: typeof value?.notice === 'string' ? value.notice : null,
        returnTo: typeof value?.returnTo === 'string' ? value.returnTo : null,
      }
    } catch {
      note = noNote
    }
  }
  return note
}

/**
 * Signs the browser in with a login (or MFA confirmation) reply, whose token the server has already set as
 * the session cookie (not kept here); forgets any sign-out notice.
 */
export function signIn(
  reply: Pick<
    LoginReply,
    'expiresAt' | 'username' | 'role' | 'mfaEnrolmentRequired' | 'passwordChangeRequired'
  >,
): void {
  writeNote(noNote)
  write({
    id: `${reply.username}@${reply.expiresAt}`,
    username: reply.username,
    role: reply.role,
    ...(reply.mfaEnrolmentRequired ? { enrolmentOnly: true } : {}),
    ...(reply.passwordChangeRequired ? { passwordChangeOnly: true } : {}),
  })
}

/** Signs the browser out (every tab), with the reason this tab's login form shows (none for a Logout). */
export function signOut(reason?: string): void {
  writeNote({ notice: reason ?? null, returnTo: null })
  write(null)
}

/**
 * A call made for the sign-in `sessionId` was refused (HTTP 401): the browser signs out, this tab with
 * sessionExpiredMessage and the page it was on. A reply for a sign-in no longer current (signed out and in
 * again since, in any tab) changes nothing.
 */
export function expireSession(sessionId: string | null): void {
  const session = currentSession()
  if (!session || session.id !== sessionId) return
  const { pathname, search } = window.location
  writeNote({
    notice: sessionExpiredMessage,
    returnTo: isStaffPath(pathname) ? `${pathname}${search}` : null,
  })
  write(null)
}

/** The page to go back to after signing in again (once: it is forgotten as it is read). */
export function takeReturnTo(): string | null {
  const { notice, returnTo } = currentNote()
  if (returnTo !== null) writeNote({ notice, returnTo: null })
  return returnTo
}
