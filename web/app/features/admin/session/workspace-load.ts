import { type RouteId, roleMayCall } from '~/lib/api/client'
import { AdminSessionExpiredError } from './admin-client'
import type { StaffSession } from './session-store'
import { currentSession } from './session-store'

/**
 * What a workspace route's clientLoader answers: the data of its page, read for one session. `loadedFor` is
 * that session's id, so the frame (StaffWorkspace) can tell data read for the signed-in staff member from
 * data read before a sign-in, a sign-out or a change of role, and load again. `data` is absent when nobody
 * whose role may open the page was signed in, or when the session ended during the load (a 401).
 */
export interface WorkspaceLoad<T> {
  readonly loadedFor: string | null
  readonly data?: T
}

/**
 * Runs a workspace page's load through the admin client for the tab's session, when someone whose role may
 * call `needs` is signed in (and not only enrolling in MFA or choosing a password); otherwise answers no data without asking the
 * API. A 401 has already signed the tab out (the client's rule): the page shows the login form.
 */
export async function loadWorkspace<T>(
  needs: RouteId,
  load: (session: StaffSession) => Promise<T>,
): Promise<WorkspaceLoad<T>> {
  const session = currentSession()
  if (!session || session.enrolmentOnly || session.passwordChangeOnly || !roleMayCall(session.role, needs)) {
    return { loadedFor: session?.id ?? null }
  }
  try {
    return { loadedFor: session.id, data: await load(session) }
  } catch (error) {
    if (error instanceof AdminSessionExpiredError) return { loadedFor: null }
    throw error
  }
}
