import { useEffect, useState } from 'react'
import { fetchPublicList } from '~/lib/api/public-list'

/**
 * A public page's list (resources, jobs): the built-in samples at first (and in the prerendered HTML), then
 * the server's items once, on load, if it answered a non-empty array.
 */
export function useServerList<T>(
  path: string,
  samples: readonly T[],
  normalise: (item: unknown, position: number) => T,
): readonly T[] {
  const [items, setItems] = useState<readonly T[]>(samples)
  // biome-ignore lint/correctness/useExhaustiveDependencies: one load per mount; the samples and normaliser are module constants
  useEffect(() => {
    const controller = new AbortController()
    void fetchPublicList(path, normalise, controller.signal).then((loaded) => {
      if (loaded && !controller.signal.aborted) setItems(loaded)
    })
    return () => controller.abort()
  }, [path])
  return items
}
