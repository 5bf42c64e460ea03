import type { AnalyticsTotals } from '@core/api-types'
import { fetchAdminAnalytics } from '~/features/admin/api/admin-lists'
import { useAdminLoad } from './use-admin-load'

export interface AdminTotalsState {
  /** The totals, or null until they have loaded (or when they failed to). */
  readonly totals: AnalyticsTotals | null
  reload(): void
}

/** The analytics totals, loaded on every change of token and on `reload()`; a 401 ends the session. */
export function useAdminTotals(token: string | null, onSessionExpired: () => void): AdminTotalsState {
  const { value, reload } = useAdminLoad(fetchAdminAnalytics, token, onSessionExpired)
  return { totals: value, reload }
}
