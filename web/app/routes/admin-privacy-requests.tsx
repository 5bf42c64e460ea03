import { sitePage } from '~/content/staff-pages'
import { RequestsList } from '~/features/admin/privacy/requests-list'
import { privacyRequestsPath } from '~/features/admin/shared/workspace-content'
import { StaffWorkspace } from '~/features/admin/shell/staff-workspace'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin-privacy-requests'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(privacyRequestsPath))

/** The rights desk's cases (owners only): kind, received, due date and days left. */
export default function AdminPrivacyRequestsPage() {
  return (
    <StaffWorkspace title={sitePage(privacyRequestsPath).title} needs="admin-list-privacy-cases">
      {() => <RequestsList />}
    </StaffWorkspace>
  )
}
