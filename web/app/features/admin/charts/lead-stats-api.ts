import type { LeadStats } from '@core/pipeline'
import { apiMethod, apiPath } from '~/lib/api/client'
import { adminCall } from '../api/admin-request'

/** GET /api/admin/lead-stats: the dashboard's figures. A 401 rejects with AdminSessionExpiredError. */
export async function fetchLeadStats(token: string | null): Promise<LeadStats> {
  const response = await adminCall(apiPath('admin-lead-stats'), apiMethod('admin-lead-stats'), {
    token,
    failure: 'The figures could not be loaded.',
  })
  return (await response.json()) as LeadStats
}
