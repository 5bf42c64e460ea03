import type { AnalyticsTotals } from '@core/api-types'
import { fetchAdminAnalytics } from '~/features/admin/shared/api/admin-lists'
import { useAdminLoad } from '../shared/use-admin-load'

export interface AdminTotalsState {
  /** The totals, or null until they have loaded (or when they failed to). */
  readonly totals: AnalyticsTotals | null
  reload(): void
}

/** The analytics totals, loaded with the page and again on `reload()`. */
export function useAdminTotals(): AdminTotalsState {
  const { value, reload } = useAdminLoad(fetchAdminAnalytics)
  return { totals: value, reload }
}
