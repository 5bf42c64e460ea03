import type { AnalyticsTotals } from '@core/api-types'
import { useCallback, useEffect, useRef, useState } from 'react'
import { fetchAdminAnalytics } from '~/features/admin/api/admin-lists'
import { AdminSessionExpiredError } from '~/features/admin/api/admin-request'

export interface AdminTotalsState {
  /** The totals, or null until they have loaded (or when they failed to). */
  readonly totals: AnalyticsTotals | null
  reload(): void
}

/** The analytics totals, loaded on every change of token and on `reload()`; a 401 ends the session. */
export function useAdminTotals(token: string | null, onSessionExpired: () => void): AdminTotalsState {
  const [totals, setTotals] = useState<AnalyticsTotals | null>(null)
  const [version, setVersion] = useState(0)
  const onSessionExpiredRef = useRef(onSessionExpired)
  useEffect(() => {
    onSessionExpiredRef.current = onSessionExpired
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController()
    fetchAdminAnalytics({ token, signal: controller.signal }).then(
      (value) => {
        if (!controller.signal.aborted) setTotals(value)
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        if (error instanceof AdminSessionExpiredError) onSessionExpiredRef.current()
        else setTotals(null)
      },
    )
    return () => controller.abort()
  }, [token, version])

  const reload = useCallback(() => setVersion((value) => value + 1), [])
  return { totals, reload }
}
