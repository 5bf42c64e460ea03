import { businessToday } from '@core/business-days'
import { adminHandler } from '../lib/admin-http'
import { countFollowUpsDue } from '../lib/db/inbox'
import { readLeadStats, shapeLeadStats } from '../lib/db/lead-stats'
import { json } from '../lib/http'

/**
 * GET /api/admin/lead-stats: the dashboard's charts (leads per week by kind, the pipeline's counts and
 * values, this month's win rate, quotes by segment, follow-ups due), from the maintained counters and the
 * due follow-ups' entries: two Queries, never a Scan.
 */
export const handler = adminHandler('admin-lead-stats', async () => {
  const now = new Date()
  const [stats, due] = await Promise.all([readLeadStats(), countFollowUpsDue(businessToday(now))])
  return json(200, shapeLeadStats(stats, due, now))
})
