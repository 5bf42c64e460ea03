import type { LeadStats } from '@core/pipeline'
import { type AdminRequestOptions, adminRouteCall } from '~/features/admin/session/admin-client'

/** GET /api/admin/lead-stats: the dashboard's figures. */
export async function fetchLeadStats({ signal }: AdminRequestOptions): Promise<LeadStats> {
  const response = await adminRouteCall('admin-lead-stats', {
    signal,
    failure: 'The figures could not be loaded.',
  })
  return (await response.json()) as LeadStats
}
