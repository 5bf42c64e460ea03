import { sitePage } from '~/content/staff-pages'
import { RecentActivity } from '~/features/admin/dashboard/recent-activity'
import { activityPath } from '~/features/admin/shared/workspace-content'
import { StaffWorkspace } from '~/features/admin/shell/staff-workspace'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin-activity'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(activityPath))

/** The audit trail (owners only): who signed in, exported, uploaded or changed what, newest first. */
export default function AdminActivityPage() {
  return (
    <StaffWorkspace title={sitePage(activityPath).title} needs="admin-activity">
      {() => <RecentActivity />}
    </StaffWorkspace>
  )
}
