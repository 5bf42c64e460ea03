import { sitePage } from '~/content/staff-pages'
import { AdminDashboard } from '~/features/admin/dashboard/admin-dashboard'
import { adminPage } from '~/features/admin/shared/admin-content'
import { StaffWorkspace } from '~/features/admin/shell/staff-workspace'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin'

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: adminPage.title,
    description: adminPage.description,
    path: '/admin',
    indexable: sitePage('/admin').indexable,
  })

/**
 * The staff dashboard, the workspace's landing page. Everything on it is loaded in the browser with the
 * staff member's token: nothing is fetched at build time.
 */
export default function AdminPage() {
  return (
    <StaffWorkspace title={adminPage.title} needs="admin-analytics">
      {({ role }) => <AdminDashboard role={role} />}
    </StaffWorkspace>
  )
}
