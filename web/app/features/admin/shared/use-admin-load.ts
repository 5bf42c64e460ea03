import { useCallback, useEffect, useState } from 'react'
import { type AdminRequestOptions, AdminSessionExpiredError } from '~/features/admin/session/admin-client'

export interface AdminLoadState<T> {
  /** `loading` from the start of each load until it settles; `failed` after a refusal other than a 401. */
  readonly status: 'loading' | 'ready' | 'failed'
  /** The last value loaded: kept while a reload is on its way, null before the first one and after a failure. */
  readonly value: T | null
  /** Loads again (a retry, or after a change). */
  reload(): void
}

/**
 * Loads one thing of the workspace (the totals, the staff list), again on `reload()`. A 401 has ended the
 * session (the admin client's rule): the page is about to give way to the login form. `load` must be stable
 * (a module-level function).
 */
export function useAdminLoad<T>(load: (options: AdminRequestOptions) => Promise<T>): AdminLoadState<T> {
  const [status, setStatus] = useState<AdminLoadState<T>['status']>('loading')
  const [value, setValue] = useState<T | null>(null)
  const [version, setVersion] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController()
    setStatus('loading')
    load({ signal: controller.signal }).then(
      (loaded) => {
        if (controller.signal.aborted) return
        setValue(loaded)
        setStatus('ready')
      },
      (error: unknown) => {
        if (controller.signal.aborted || error instanceof AdminSessionExpiredError) return
        setValue(null)
        setStatus('failed')
      },
    )
    return () => controller.abort()
  }, [load, version])

  const reload = useCallback(() => setVersion((current) => current + 1), [])
  return { status, value, reload }
}
