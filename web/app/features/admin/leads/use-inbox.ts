import type { InboxPage, LeadSummary } from '@core/pipeline'
import { useCallback, useEffect, useRef, useState } from 'react'
import { AdminRequestError, AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import { fetchInbox, type InboxFilters } from '~/features/admin/shared/api/admin-leads'
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
  /** Leads a refresh found that the list does not show yet (0 when none). */
  readonly newLeads: number
  loadMore(): void
  reload(): void
  /** Puts the leads the refresh found into the list. */
  showNewLeads(): void
}

/** How often the inbox looks for changes while the page is visible. */
export const inboxRefreshMs = 30_000

/**
 * The refresh interval: 30 s, unless a test set `window.__inboxRefreshMs` before the page loaded (the
 * end-to-end suite, which cannot wait half a minute per check).
 */
export function refreshInterval(): number {
  const knob = (globalThis as { __inboxRefreshMs?: unknown }).__inboxRefreshMs
  return typeof knob === 'number' && Number.isFinite(knob) && knob > 0 ? knob : inboxRefreshMs
}

/**
 * The inbox's pages for a set of filters (`query`, their query string, is the dependency): the first page
 * again on every change, the next ones appended on `loadMore`. While the page is visible the first page is
 * read again every 30 s and when the window gets the focus: rows already shown take their new values in
 * place, and leads not shown yet wait behind `newLeads` until `showNewLeads`, so nothing moves under the
 * reader's finger.
 */
export function useInbox(filters: InboxFilters, query: string): InboxState {
  const [status, setStatus] = useState<InboxState['status']>('loading')
  const [items, setItems] = useState<readonly LeadSummary[]>([])
  const [total, setTotal] = useState<number | undefined>(undefined)
  const [nextCursor, setNextCursor] = useState<string | undefined>(undefined)
  const [loadingMore, setLoadingMore] = useState(false)
  const [error, setError] = useState<InboxState['error']>(null)
  const [version, setVersion] = useState(0)
  /** A newer first page holding leads the list does not show. */
  const [fresh, setFresh] = useState<{ readonly page: InboxPage; readonly count: number } | null>(null)
  const latest = useRef(filters)
  const shown = useRef({ status, items, pagesLoaded: 1 })
  useEffect(() => {
    latest.current = filters
    shown.current = { ...shown.current, status, items }
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
    setFresh(null)
    shown.current.pagesLoaded = 1
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

  // The refresh: on an interval while the page is visible, at once when it shows again or gets the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `query` and `version` start a new list.
  useEffect(() => {
    const controller = new AbortController()
    let reading = false
    const refresh = () => {
      if (reading || shown.current.status !== 'ready' || document.visibilityState !== 'visible') return
      reading = true
      fetchInbox(latest.current, { signal: controller.signal })
        .then(
          (page) => {
            if (controller.signal.aborted) return
            const byId = new Map(page.items.map((lead) => [lead.id, lead]))
            setItems((current) => current.map((lead) => byId.get(lead.id) ?? lead))
            const known = new Set(shown.current.items.map((lead) => lead.id))
            const count = page.items.filter((lead) => !known.has(lead.id)).length
            setFresh(count > 0 ? { page, count } : null)
            // The count moves with the rows: with new leads waiting, when they are shown.
            if (count === 0 && page.total !== undefined) setTotal(page.total)
          },
          // A failed refresh changes nothing on the page: the next one tries again (a 401 signs out).
          () => undefined,
        )
        .finally(() => {
          reading = false
        })
    }
    const timer = window.setInterval(refresh, refreshInterval())
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh()
    }
    document.addEventListener('visibilitychange', onVisible)
    window.addEventListener('focus', refresh)
    return () => {
      controller.abort()
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('focus', refresh)
    }
  }, [query, version])

  const showNewLeads = useCallback(() => {
    if (!fresh) return
    const { page } = fresh
    if (shown.current.pagesLoaded === 1) {
      // Only the first page was shown: the newer one takes its place, with its own cursor.
      setItems(page.items)
      setNextCursor(page.nextCursor)
    } else {
      // Pages further down stay as they are (their cursor still follows the last row shown).
      const ids = new Set(page.items.map((lead) => lead.id))
      setItems((current) => [...page.items, ...current.filter((lead) => !ids.has(lead.id))])
    }
    if (page.total !== undefined) setTotal(page.total)
    setFresh(null)
  }, [fresh])

  const loadMore = useCallback(() => {
    if (!nextCursor || loadingMore) return
    setLoadingMore(true)
    fetchInbox(latest.current, { cursor: nextCursor })
      .then(
        (page) => {
          shown.current.pagesLoaded += 1
          setItems((current) => {
            // A lead that a shown refresh moved up may come again on the next page: once is enough.
            const ids = new Set(current.map((lead) => lead.id))
            return [...current, ...page.items.filter((lead) => !ids.has(lead.id))]
          })
          setNextCursor(page.nextCursor)
        },
        (failure: unknown) => fail(failure),
      )
      .finally(() => setLoadingMore(false))
  }, [nextCursor, loadingMore, fail])

  const reload = useCallback(() => setVersion((current) => current + 1), [])
  return {
    status,
    items,
    total,
    nextCursor,
    loadingMore,
    error,
    newLeads: fresh?.count ?? 0,
    loadMore,
    reload,
    showNewLeads,
  }
}
