import { businessToday } from '@core/business-days'
import { adminHandler } from '../lib/admin-http'
import { countFollowUpsDue } from '../lib/db/inbox'
import { readLeadStats, shapeLeadStats } from '../lib/db/lead-stats'
import { retentionFigures } from '../lib/db/retention-index'
import { readAssignmentContext } from '../lib/db/sales-settings'
import { json } from '../lib/http'

/**
 * GET /api/admin/lead-stats: the dashboard's charts (leads per week by kind, the pipeline's counts and
 * values, this month's win rate, quotes by segment, follow-ups due) and what the retention sweep erases soon,
 * from the maintained counters, the due follow-ups' entries, the settings' retention periods and the retention
 * index's key ranges: Queries and one BatchGetItem, never a Scan.
 */
export const handler = adminHandler('admin-lead-stats', async () => {
  const now = new Date()
  const [stats, due] = await Promise.all([readLeadStats(), countFollowUpsDue(businessToday(now))])
  // After the counters (a failed read above answers at once, with nothing of this still running).
  const { settings } = await readAssignmentContext()
  const retention = await retentionFigures(now, settings.retention)
  return json(200, shapeLeadStats(stats, due, now, retention))
})
