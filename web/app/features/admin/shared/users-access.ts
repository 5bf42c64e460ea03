import type { StaffRole } from '@core/roles'

/**
 * Who sees the Users page: owners (the "everything, including users"). Sales may read the staff list
 * through the API too (admin-list-users: the colleagues a lead can be assigned to), but only as assignees,
 * not as a page. The workspace's navigation offers the page to these roles.
 */
export const usersPageRoles: readonly StaffRole[] = ['owner']

export function mayOpenUsersPage(role: StaffRole): boolean {
  return usersPageRoles.includes(role)
}
