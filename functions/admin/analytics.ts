import type { AnalyticsTotals } from '@core/api-types'
import { adminHandler } from '../lib/admin-http'
import { readCounters } from '../lib/db/counters'
import { json } from '../lib/http'

/**
 * GET /api/admin/analytics: the totals tiles, `{ quotes, contacts, newsletter, jobs, resources }`, read from
 * the counters of both tables (two small Queries, never a Scan).
 */
export const handler = adminHandler('admin-analytics', async () => {
  const [leads, content] = await Promise.all([readCounters('leads'), readCounters('content')])
  const totals: AnalyticsTotals = {
    quotes: leads.QUOTE ?? 0,
    contacts: leads.CONTACT ?? 0,
    newsletter: leads.NEWSLETTER ?? 0,
    jobs: content.JOB ?? 0,
    resources: content.RESOURCE ?? 0,
  }
  return json(200, totals)
})
