import { sitePage } from '~/content/staff-pages'
import { ResponseReport } from '~/features/admin/reports/response-report'
import { reportsPath } from '~/features/admin/shared/workspace-content'
import { StaffWorkspace } from '~/features/admin/shell/staff-workspace'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin-reports'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(reportsPath))

/**
 * The response-time report (owners and sales): time to first contact per week and per person, conversion by
 * response time. A sales user sees their own line and the team's totals.
 */
export default function AdminReportsPage() {
  return (
    <StaffWorkspace title={sitePage(reportsPath).title} needs="admin-response-figures">
      {(session) => <ResponseReport ownLine={session.role !== 'owner'} />}
    </StaffWorkspace>
  )
}
