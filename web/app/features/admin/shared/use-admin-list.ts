import { adminPageSize } from '@core/admin'
import type { Page } from '@core/api-types'
import { useCallback, useEffect, useRef, useState } from 'react'
import { type AdminRequestOptions, AdminSessionExpiredError } from '~/features/admin/session/admin-client'

export interface AdminListState<T> {
  readonly status: 'loading' | 'ready'
  /** True when the first page could not be read (the list then shows empty); `reload()` tries again. */
  readonly failed: boolean
  readonly items: readonly T[]
  /** True when the server said more items exist (`nextCursor`). */
  readonly hasMore: boolean
  /** True while the next page is on its way. */
  readonly loadingMore: boolean
  /** Reads the next page and appends it. */
  loadMore(): void
  /** Reads the list again from its first page (after adding an item). */
  reload(): void
  /** Drops an item from the list shown (after deleting it). */
  remove(predicate: (item: T) => boolean): void
  /** Puts `next` in place of the items that match (after saving a change), keeping their place. */
  replace(predicate: (item: T) => boolean, next: T): void
}

/**
 * Loads one admin list, again on `reload()`, and pages on with the server's cursor. At most adminPageSize
 * items show at first, however many the server sent; 'Show more' reveals the rest as many at a time, then
 * reads the next page. A failure shows as an empty list (a failed next page keeps what is shown); a 401 has
 * ended the session (the admin client's rule). `load` must be stable (a module-level function).
 */
export function useAdminList<T>(load: (options: AdminRequestOptions) => Promise<Page<T>>): AdminListState<T> {
  const [status, setStatus] = useState<'loading' | 'ready'>('loading')
  const [failed, setFailed] = useState(false)
  const [items, setItems] = useState<readonly T[]>([])
  /** Items the server sent beyond the page size, shown by the next 'Show more'. */
  const [buffer, setBuffer] = useState<readonly T[]>([])
  const [cursor, setCursor] = useState<string | undefined>(undefined)
  const [loadingMore, setLoadingMore] = useState(false)
  const [version, setVersion] = useState(0)
  const controllerRef = useRef<AbortController | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController()
    controllerRef.current = controller
    setStatus('loading')
    setFailed(false)
    setItems([])
    setBuffer([])
    setCursor(undefined)
    setLoadingMore(false)
    load({ signal: controller.signal }).then(
      (page) => {
        if (controller.signal.aborted) return
        setItems(page.items.slice(0, adminPageSize))
        setBuffer(page.items.slice(adminPageSize))
        setCursor(page.nextCursor)
        setStatus('ready')
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        setFailed(!(error instanceof AdminSessionExpiredError))
        setStatus('ready')
      },
    )
    return () => controller.abort()
  }, [load, version])

  const loadMore = useCallback(() => {
    const controller = controllerRef.current
    if (buffer.length > 0) {
      setItems((current) => [...current, ...buffer.slice(0, adminPageSize)])
      setBuffer(buffer.slice(adminPageSize))
      return
    }
    if (!controller || !cursor || loadingMore) return
    setLoadingMore(true)
    load({ signal: controller.signal, cursor }).then(
      (page) => {
        if (controller.signal.aborted) return
        setItems((current) => [...current, ...page.items])
        setCursor(page.nextCursor)
        setLoadingMore(false)
      },
      () => {
        if (!controller.signal.aborted) setLoadingMore(false)
      },
    )
  }, [buffer, cursor, load, loadingMore])

  const reload = useCallback(() => setVersion((value) => value + 1), [])
  const remove = useCallback((predicate: (item: T) => boolean) => {
    setItems((current) => current.filter((item) => !predicate(item)))
    setBuffer((current) => current.filter((item) => !predicate(item)))
  }, [])

  const replace = useCallback((predicate: (item: T) => boolean, next: T) => {
    setItems((current) => current.map((item) => (predicate(item) ? next : item)))
    setBuffer((current) => current.map((item) => (predicate(item) ? next : item)))
  }, [])

  const hasMore = buffer.length > 0 || Boolean(cursor)
  return { status, failed, items, hasMore, loadingMore, loadMore, reload, remove, replace }
}
