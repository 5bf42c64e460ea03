import type { LeadDetail } from '@core/pipeline'
import { useCallback, useEffect, useState } from 'react'
import { fetchLead } from '~/features/admin/api/admin-leads'
import { AdminRequestError, AdminSessionExpiredError } from '~/features/admin/session/admin-client'

export interface LeadDetailState {
  readonly status: 'loading' | 'ready' | 'not-found' | 'failed'
  /** The last copy read: kept while a reload is on its way. */
  readonly detail: LeadDetail | null
  readonly reload: () => void
}

/** One lead with its timeline, read again on `reload()` (after every change). */
export function useLeadDetail(id: string): LeadDetailState {
  const [status, setStatus] = useState<LeadDetailState['status']>('loading')
  const [detail, setDetail] = useState<LeadDetail | null>(null)
  const [version, setVersion] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController()
    fetchLead(id, { signal: controller.signal }).then(
      (loaded) => {
        if (controller.signal.aborted) return
        setDetail(loaded)
        setStatus('ready')
      },
      (error: unknown) => {
        if (controller.signal.aborted || error instanceof AdminSessionExpiredError) return
        const missing = error instanceof AdminRequestError && (error.status === 404 || error.status === 400)
        setStatus(missing ? 'not-found' : 'failed')
      },
    )
    return () => controller.abort()
  }, [id, version])

  // A different lead starts from its own "loading", not from the last lead's copy.
  const shown = detail && detail.lead.id === id ? detail : null
  const reload = useCallback(() => setVersion((current) => current + 1), [])
  return { status: shown || status !== 'ready' ? status : 'loading', detail: shown, reload }
}
