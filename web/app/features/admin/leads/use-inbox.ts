import type { LeadSummary } from '@core/pipeline'
import { useCallback, useEffect, useRef, useState } from 'react'
import { fetchInbox, type InboxFilters } from '~/features/admin/api/admin-leads'
import { AdminRequestError, AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import type { FieldErrors } from '~/lib/field-errors'

export interface InboxState {
  readonly status: 'loading' | 'ready' | 'failed'
  readonly items: readonly LeadSummary[]
  readonly total: number | undefined
  readonly nextCursor: string | undefined
  /** Loading the next page. */
  readonly loadingMore: boolean
  /** The server's message of a refusal, and its messages by filter name (a 400). */
  readonly error: { readonly message: string; readonly fields: FieldErrors } | null
  loadMore(): void
  reload(): void
}

/**
 * The inbox's pages for a set of filters (`query`, their query string, is the dependency): the first page
 * again on every change, the next ones appended on `loadMore`.
 */
export function useInbox(filters: InboxFilters, query: string): InboxState {
  const [status, setStatus] = useState<InboxState['status']>('loading')
  const [items, setItems] = useState<readonly LeadSummary[]>([])
  const [total, setTotal] = useState<number | undefined>(undefined)
  const [nextCursor, setNextCursor] = useState<string | undefined>(undefined)
  const [loadingMore, setLoadingMore] = useState(false)
  const [error, setError] = useState<InboxState['error']>(null)
  const [version, setVersion] = useState(0)
  const latest = useRef(filters)
  useEffect(() => {
    latest.current = filters
  })

  const fail = useCallback((failure: unknown) => {
    // A 401 has ended the session: the login form takes the page's place.
    if (failure instanceof AdminSessionExpiredError) return
    setError({
      message: failure instanceof Error ? failure.message : '',
      fields: failure instanceof AdminRequestError ? failure.fields : {},
    })
    setStatus('failed')
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `query` stands for the filters; `version` reloads.
  useEffect(() => {
    const controller = new AbortController()
    setStatus('loading')
    setError(null)
    setItems([])
    setNextCursor(undefined)
    setTotal(undefined)
    fetchInbox(latest.current, { signal: controller.signal }).then(
      (page) => {
        if (controller.signal.aborted) return
        setItems(page.items)
        setNextCursor(page.nextCursor)
        setTotal(page.total)
        setStatus('ready')
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) fail(failure)
      },
    )
    return () => controller.abort()
  }, [query, version, fail])

  const loadMore = useCallback(() => {
    if (!nextCursor || loadingMore) return
    setLoadingMore(true)
    fetchInbox(latest.current, { cursor: nextCursor })
      .then(
        (page) => {
          setItems((current) => [...current, ...page.items])
          setNextCursor(page.nextCursor)
        },
        (failure: unknown) => fail(failure),
      )
      .finally(() => setLoadingMore(false))
  }, [nextCursor, loadingMore, fail])

  const reload = useCallback(() => setVersion((current) => current + 1), [])
  return { status, items, total, nextCursor, loadingMore, error, loadMore, reload }
}
