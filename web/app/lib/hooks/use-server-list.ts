import { useEffect, useRef, useState } from 'react'
import { fetchPublicList } from '~/lib/api/public-list'

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
  path: string,
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
    void fetchPublicList(path, normalise, controller.signal).then((loaded) => {
      if (!loaded || controller.signal.aborted) return
      setItems(loaded.items)
      setCursor(loaded.nextCursor)
    })
    return () => controller.abort()
  }, [path])
  const loadMore = () => {
    const signal = mounted.current?.signal
    if (cursor === undefined || loading || !signal) return
    setLoading(true)
    void fetchPublicList(path, normalise, signal, cursor).then((loaded) => {
      if (signal.aborted) return
      setLoading(false)
      if (!loaded) return
      setItems((shown) => [...shown, ...loaded.items])
      setCursor(loaded.nextCursor)
    })
  }
  return { items, more: cursor !== undefined, loading, loadMore }
}
