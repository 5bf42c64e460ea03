import { useSyncExternalStore } from 'react'
import { currentNote, currentSession, type StaffSession, subscribe } from './session-store'

// The React side of session-store.ts, apart from it: the route loaders and the admin client read the
// store without loading React's hooks.

/** Before hydration there is no tab storage: the prerendered page shows that the session is being checked. */
const notYetKnown = (): undefined => undefined
const currentNotice = (): string | null => currentNote().notice
const noNotice = (): null => null

export interface AdminSession {
  /** False until the stored session has been read (after hydration). */
  readonly ready: boolean
  readonly session: StaffSession | null
  /** Why the staff member was signed out, e.g. an expired session; cleared by the next sign-in. */
  readonly notice: string | null
}

/**
 * The staff session of this tab, shared by every workspace page: signed out means none. The prerendered
 * HTML and the hydrating render show "not ready" (the server snapshot); the stored session is read right
 * after, and at once on a later page of the workspace.
 */
export function useAdminSession(): AdminSession {
  const session = useSyncExternalStore(subscribe, currentSession, notYetKnown)
  const shownNotice = useSyncExternalStore(subscribe, currentNotice, noNotice)
  return { ready: session !== undefined, session: session ?? null, notice: shownNotice }
}
