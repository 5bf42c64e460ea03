import type { NewStaffUserInput, NewStaffUserReply, StaffUserChangeInput } from '@core/staff-user-schema'
import { adminRouteCall, adminRouteJson } from '~/features/admin/session/admin-client'

export const staffMessages = {
  createFailed: 'The user was not added.',
  changeFailed: 'The user was not changed.',
  deleteFailed: 'The user was not deleted.',
} as const

/**
 * POST /api/admin/users (owners): adds a staff member → them with a one-time password, shown once. A refused
 * field rejects with AdminRequestError status 400 and its `fields`; a username taken with status 409.
 */
export async function createStaffUser(input: NewStaffUserInput): Promise<NewStaffUserReply> {
  return adminRouteJson('admin-create-user', { body: input, failure: staffMessages.createFailed })
}

/**
 * PATCH /api/admin/users/{username} (owners): a new role (their sessions end) or e-mail, or the account
 * disabled (it cannot sign in, its sessions end, it gets no leads) or enabled again.
 */
export async function changeStaffUser(username: string, change: StaffUserChangeInput): Promise<void> {
  await adminRouteCall('admin-update-user', {
    params: { username },
    body: change,
    failure: staffMessages.changeFailed,
  })
}

/** DELETE /api/admin/users/{username} (owners): the user is removed; their tokens are refused from then on. */
export async function deleteStaffUser(username: string): Promise<void> {
  await adminRouteCall('admin-delete-user', { params: { username }, failure: staffMessages.deleteFailed })
}
