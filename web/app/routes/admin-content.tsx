import { sitePage } from '~/content/staff-pages'
import { ContentPage } from '~/features/admin/content-editing/content-page'
import { contentPath } from '~/features/admin/shared/workspace-content'
import { StaffWorkspace } from '~/features/admin/shell/staff-workspace'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin-content'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(contentPath))

/** Jobs and resources in every state: editors and owners edit them, other roles read them. */
export default function AdminContentPage() {
  return (
    <StaffWorkspace title={sitePage(contentPath).title} needs="admin-list-jobs">
      {({ role }) => <ContentPage role={role} />}
    </StaffWorkspace>
  )
}
