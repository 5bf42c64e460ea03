import { useEffect, useRef, useState } from 'react'
import type { PublicList } from '~/lib/api/public-list'

// The request (the API client and its route table) loads once the page has hydrated and asks, not with it.
const loadRequests = () => import('~/lib/api/public-list')

export interface ServerList<T> {
  readonly items: readonly T[]
  /** Whether the server has a further page (loadMore fetches it). */
  readonly more: boolean
  readonly loading: boolean
  /** Fetches the server's next page and appends it; does nothing without one or while one is loading. */
  readonly loadMore: () => void
}

/**
 * A public page's list (resources, jobs): the built-in samples at first (and in the prerendered HTML), then
 * the server's items, on load, if it answered a non-empty array (or an empty one once the company has
 * published items of its own: then the list is empty, and the page says so). Later pages on request.
 */
export function useServerList<T>(
  list: PublicList,
  samples: readonly T[],
  normalise: (item: unknown, position: number) => T,
): ServerList<T> {
  const [items, setItems] = useState<readonly T[]>(samples)
  const [cursor, setCursor] = useState<string | undefined>(undefined)
  const [loading, setLoading] = useState(false)
  const mounted = useRef<AbortController | undefined>(undefined)
  // biome-ignore lint/correctness/useExhaustiveDependencies: one load per mount; the samples and normaliser are module constants
  useEffect(() => {
    const controller = new AbortController()
    mounted.current = controller
    void loadRequests()
      .then((api) =>
        // Gone before its request loaded (another page, or unmounted): nothing to ask.
        controller.signal.aborted
          ? undefined
          : api.fetchPublicList(api.publicListPaths[list], normalise, controller.signal),
      )
      .then((loaded) => {
        if (!loaded || controller.signal.aborted) return
        setItems(loaded.items)
        setCursor(loaded.nextCursor)
      })
    return () => controller.abort()
  }, [list])
  const loadMore = () => {
    const signal = mounted.current?.signal
    if (cursor === undefined || loading || !signal) return
    setLoading(true)
    void loadRequests()
      .then((api) =>
        signal.aborted
          ? undefined
          : api.fetchPublicList(api.publicListPaths[list], normalise, signal, cursor),
      )
      .then((loaded) => {
        if (signal.aborted) return
        setLoading(false)
        if (!loaded) return
        setItems((shown) => [...shown, ...loaded.items])
        setCursor(loaded.nextCursor)
      })
  }
  return { items, more: cursor !== undefined, loading, loadMore }
}
