import { useCallback, useEffect, useRef, useState } from 'react'
import { type AdminRequestOptions, AdminSessionExpiredError } from '~/features/admin/api/admin-request'

export interface AdminLoadState<T> {
  /** `loading` from the start of each load until it settles; `failed` after a refusal other than a 401. */
  readonly status: 'loading' | 'ready' | 'failed'
  /** The last value loaded: kept while a reload is on its way, null before the first one and after a failure. */
  readonly value: T | null
  /** Loads again (a retry, or after a change). */
  reload(): void
}

/**
 * Loads one thing of the admin dashboard (the totals, the activity), again on every change of token and on
 * `reload()`. A 401 calls `onSessionExpired`. `load` must be stable (a module-level function);
 * `onSessionExpired` need not be.
 */
export function useAdminLoad<T>(
  load: (options: AdminRequestOptions) => Promise<T>,
  token: string | null,
  onSessionExpired: () => void,
): AdminLoadState<T> {
  const [status, setStatus] = useState<AdminLoadState<T>['status']>('loading')
  const [value, setValue] = useState<T | null>(null)
  const [version, setVersion] = useState(0)
  const onSessionExpiredRef = useRef(onSessionExpired)
  useEffect(() => {
    onSessionExpiredRef.current = onSessionExpired
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController()
    setStatus('loading')
    load({ token, signal: controller.signal }).then(
      (loaded) => {
        if (controller.signal.aborted) return
        setValue(loaded)
        setStatus('ready')
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        if (error instanceof AdminSessionExpiredError) {
          onSessionExpiredRef.current()
          return
        }
        setValue(null)
        setStatus('failed')
      },
    )
    return () => controller.abort()
  }, [load, token, version])

  const reload = useCallback(() => setVersion((current) => current + 1), [])
  return { status, value, reload }
}
