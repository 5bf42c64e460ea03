import { useLoaderData } from 'react-router'
import { sitePage } from '~/content/staff-pages'
import { loadWorkspace } from '~/features/admin/session/workspace-load'
import { mayOpenUsersPage } from '~/features/admin/shared/users-access'
import { usersPath } from '~/features/admin/shared/workspace-content'
import { StaffWorkspace } from '~/features/admin/shell/staff-workspace'
import { loadStaff } from '~/features/admin/users/users-load'
import { UsersPage } from '~/features/admin/users/users-page'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin-users'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(usersPath))

/** The page's frame, the same for the prerendered fallback, the loader and the page. */
const frame = { title: sitePage(usersPath).title, needs: 'admin-list-users' } as const

/** The staff list, for an owner (the page tells other roles it is for owners, and asks nothing). */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadWorkspace(frame.needs, async (session) =>
    mayOpenUsersPage(session.role) ? loadStaff(request.signal) : undefined,
  )

export function HydrateFallback() {
  return <StaffWorkspace {...frame} />
}

/** The staff and their roles (owners; the page tells other roles so itself). */
export default function AdminUsersPage() {
  const loaded = useLoaderData<typeof clientLoader>()
  return (
    <StaffWorkspace {...frame} loaded={loaded}>
      {({ role, username }) => <UsersPage role={role} load={loaded.data} me={username} />}
    </StaffWorkspace>
  )
}
