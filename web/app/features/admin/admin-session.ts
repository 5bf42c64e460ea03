import { useCallback, useEffect, useState } from 'react'

/** Where the admin's token is kept: for this browser tab only. */
export const adminTokenKey = 'adminToken'

export const sessionExpiredMessage = 'Your session has expired. Please sign in again.'

function readToken(): string | null {
  try {
    return window.sessionStorage.getItem(adminTokenKey)
  } catch {
    return null
  }
}

function writeToken(token: string | null): void {
  try {
    if (token) window.sessionStorage.setItem(adminTokenKey, token)
    else window.sessionStorage.removeItem(adminTokenKey)
  } catch {
    // Storage refused (private mode, quota): the session lasts until the page is left.
  }
}

export interface AdminSession {
  /** False until the stored token has been read after hydration. */
  readonly ready: boolean
  readonly token: string | null
  /** Why the admin was signed out, e.g. an expired session; cleared by the next sign-in. */
  readonly notice: string | null
  signIn(token: string): void
  signOut(notice?: string): void
}

/**
 * The admin's session: logged out means no token. The stored token is read in an effect, not
 * during render, so the prerendered HTML and the first client render match.
 */
export function useAdminSession(): AdminSession {
  const [ready, setReady] = useState(false)
  const [token, setToken] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  useEffect(() => {
    setToken(readToken())
    setReady(true)
  }, [])

  const signIn = useCallback((newToken: string) => {
    writeToken(newToken)
    setNotice(null)
    setToken(newToken)
  }, [])

  const signOut = useCallback((reason?: string) => {
    writeToken(null)
    setNotice(reason ?? null)
    setToken(null)
  }, [])

  return { ready, token, notice, signIn, signOut }
}
