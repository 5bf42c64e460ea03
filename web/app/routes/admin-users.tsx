import { sitePage } from '~/content/pages'
import { usersPath } from '~/features/admin/content/workspace'
import { StaffWorkspace } from '~/features/admin/shell/staff-workspace'
import { UsersPage } from '~/features/admin/users/users-page'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin-users'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(usersPath))

/** The staff and their roles (owners; the page tells other roles so itself). */
export default function AdminUsersPage() {
  return (
    <StaffWorkspace title={sitePage(usersPath).title} needs="admin-list-users">
      {({ role }) => <UsersPage role={role} />}
    </StaffWorkspace>
  )
}
