import {
  breachAuditRecord,
  breachCounts,
  breachDeadlines,
  breachSummaryLines,
  checkBreachQuery,
} from '@core/breach-report'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { breachDrafts } from '../lib/breach-drafts'
import { findBreachScope } from '../lib/db/breach-scope'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'

/**
 * POST /api/admin/breach-report (owners): `{ from, to, awareAt?, user?, accesses? }` → 200 `{ summary, counts,
 * deadlines, drafts }`: the people and data the incident window touched (lib/db/breach-scope.ts), the
 * deadlines of the Board's and CERT-In's reports, and the drafts (the Board's report, the list of people, one
 * notice each), as the admin CLI's breach-report writes them. 400 per field for a window it refuses. Audited
 * with the window and the counts, never a person.
 */
export const handler = adminHandler('admin-breach-report', async (request) => {
  const checked = checkBreachQuery(request.body)
  if (!checked.ok) throw new BadRequestError('Check the incident window.', checked.fields)
  const findings = await findBreachScope(checked.value)
  const audit = breachAuditRecord(findings)
  await auditAdminAction(request, 'breach-report', audit.target, audit.detail)
  return json(200, {
    summary: breachSummaryLines(findings),
    counts: breachCounts(findings),
    deadlines: breachDeadlines(checked.value.awareAt),
    drafts: breachDrafts(findings),
  })
})
