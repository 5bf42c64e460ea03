import type { LoginReply } from '@core/api-types'
import { isStaffRole, type StaffRole } from '@core/roles'
import { isStaffPath } from '~/content/staff-paths'

/** Where the signed-in staff member's session is kept: for this browser tab only. */
export const adminSessionKey = 'adminSession'

export const sessionExpiredMessage = 'Your session has expired. Please sign in again.'

/** Who is signed in, with what role, and the token of their calls (from the login reply). */
export interface StaffSession {
  readonly token: string
  readonly username: string
  readonly role: StaffRole
  /** The token is an enrolment-only one: the workspace shows the MFA enrolment screen and nothing else. */
  readonly enrolmentOnly?: true
}

/** The stored session, or null for none or one that is not complete (a token without its role). */
export function parseStaffSession(text: string | null): StaffSession | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as Partial<Record<keyof StaffSession, unknown>> | null
    if (
      typeof value?.token === 'string' &&
      value.token !== '' &&
      typeof value.username === 'string' &&
      isStaffRole(value.role)
    ) {
      return {
        token: value.token,
        username: value.username,
        role: value.role,
        ...(value.enrolmentOnly === true ? { enrolmentOnly: true } : {}),
      }
    }
  } catch {
    // Not JSON: no session.
  }
  return null
}

function readStored(): string | null {
  try {
    return window.sessionStorage.getItem(adminSessionKey)
  } catch {
    return null
  }
}

/** For a tab whose storage refuses writes (private mode, quota): the session lasts until the page is left. */
let storageRefused = false
let unstoredSession: string | null = null
const listeners = new Set<() => void>()

function write(session: StaffSession | null): void {
  const text = session ? JSON.stringify(session) : null
  try {
    if (text) window.sessionStorage.setItem(adminSessionKey, text)
    else window.sessionStorage.removeItem(adminSessionKey)
    storageRefused = false
  } catch {
    storageRefused = true
    unstoredSession = text
  }
  for (const listener of listeners) listener()
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

export function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
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

/** Signs the tab in with a login (or MFA confirmation) reply; forgets any sign-out notice. */
export function signIn(
  reply: Pick<LoginReply, 'token' | 'username' | 'role' | 'mfaEnrolmentRequired'>,
): void {
  writeNote(noNote)
  write({
    token: reply.token,
    username: reply.username,
    role: reply.role,
    ...(reply.mfaEnrolmentRequired ? { enrolmentOnly: true } : {}),
  })
}

/** Signs the tab out, with the reason the login form shows (none for a Logout). */
export function signOut(reason?: string): void {
  writeNote({ notice: reason ?? null, returnTo: null })
  write(null)
}

/**
 * A call was refused with `token` (HTTP 401): the tab signs out with sessionExpiredMessage and remembers the
 * page it was on. A reply for a token the tab no longer holds (signed out and in again since) changes nothing.
 */
export function expireSession(token: string | null): void {
  const session = currentSession()
  if (!session || session.token !== token) return
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
