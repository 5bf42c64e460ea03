import type { LoginReply } from '@core/api-types'
import { isStaffRole, type StaffRole } from '@core/roles'
import { useCallback, useState, useSyncExternalStore } from 'react'

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
function currentSession(): StaffSession | null {
  const text = storageRefused ? unstoredSession : readStored()
  if (text !== snapshotText) {
    snapshotText = text
    snapshot = parseStaffSession(text)
  }
  return snapshot
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Before hydration there is no tab storage: the prerendered page shows that the session is being checked. */
const notYetKnown = (): undefined => undefined

export interface AdminSession {
  /** False until the stored session has been read (after hydration). */
  readonly ready: boolean
  readonly session: StaffSession | null
  readonly token: string | null
  /** Why the staff member was signed out, e.g. an expired session; cleared by the next sign-in. */
  readonly notice: string | null
  signIn(reply: Pick<LoginReply, 'token' | 'username' | 'role' | 'mfaEnrolmentRequired'>): void
  signOut(notice?: string): void
}

/**
 * The staff session of this tab, shared by every workspace page: signed out means none. The prerendered
 * HTML and the hydrating render show "not ready" (the server snapshot); the stored session is read right
 * after, and at once on a later page of the workspace.
 */
export function useAdminSession(): AdminSession {
  const session = useSyncExternalStore(subscribe, currentSession, notYetKnown)
  const [notice, setNotice] = useState<string | null>(null)

  const signIn = useCallback(
    (reply: Pick<LoginReply, 'token' | 'username' | 'role' | 'mfaEnrolmentRequired'>) => {
      setNotice(null)
      write({
        token: reply.token,
        username: reply.username,
        role: reply.role,
        ...(reply.mfaEnrolmentRequired ? { enrolmentOnly: true } : {}),
      })
    },
    [],
  )

  const signOut = useCallback((reason?: string) => {
    setNotice(reason ?? null)
    write(null)
  }, [])

  return {
    ready: session !== undefined,
    session: session ?? null,
    token: session?.token ?? null,
    notice,
    signIn,
    signOut,
  }
}
