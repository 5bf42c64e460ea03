import type { Page } from '@core/api-types'
import { useEffect, useRef, useState } from 'react'
import { type AdminRequestOptions, AdminSessionExpiredError } from './api/admin-request'

export type AdminListState<T> =
  | { readonly status: 'loading'; readonly items: readonly T[] }
  | { readonly status: 'ready'; readonly items: readonly T[] }

/**
 * Loads one admin list, again on every change of token (spec §4). A 401 calls `onSessionExpired`; a
 * failure shows as an empty list. `load` must be stable (a module-level function); `onSessionExpired` need not be.
 */
export function useAdminList<T>(
  load: (options: AdminRequestOptions) => Promise<Page<T>>,
  token: string | null,
  onSessionExpired: () => void,
): AdminListState<T> {
  const [state, setState] = useState<AdminListState<T>>({ status: 'loading', items: [] })
  const onSessionExpiredRef = useRef(onSessionExpired)
  useEffect(() => {
    onSessionExpiredRef.current = onSessionExpired
  })

  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading', items: [] })
    load({ token, signal: controller.signal }).then(
      (page) => {
        if (!controller.signal.aborted) setState({ status: 'ready', items: page.items })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        if (error instanceof AdminSessionExpiredError) onSessionExpiredRef.current()
        else setState({ status: 'ready', items: [] })
      },
    )
    return () => controller.abort()
  }, [load, token])

  return state
}
