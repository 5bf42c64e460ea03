import type { LeadStats } from '@core/pipeline'
import { type AdminRequestOptions, adminCall } from '~/features/admin/session/admin-client'
import { apiMethod, apiPath } from '~/lib/api/client'

/** GET /api/admin/lead-stats: the dashboard's figures. */
export async function fetchLeadStats({ signal }: AdminRequestOptions): Promise<LeadStats> {
  const response = await adminCall(apiPath('admin-lead-stats'), apiMethod('admin-lead-stats'), {
    signal,
    failure: 'The figures could not be loaded.',
  })
  return (await response.json()) as LeadStats
}
