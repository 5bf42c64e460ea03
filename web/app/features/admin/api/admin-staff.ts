import type { NewStaffUserInput, NewStaffUserReply } from '@core/staff-user-schema'
import { adminCall, adminJson } from '~/features/admin/session/admin-client'
import { apiMethod, apiPath } from '~/lib/api/client'

export const staffMessages = {
  createFailed: 'The user was not added.',
} as const

/**
 * POST /api/admin/users (owners): adds a staff member → them with a one-time password, shown once. A refused
 * field rejects with AdminRequestError status 400 and its `fields`; a username taken with status 409.
 */
export async function createStaffUser(input: NewStaffUserInput): Promise<NewStaffUserReply> {
  const route = 'admin-create-user'
  const response = await adminCall(apiPath(route), apiMethod(route), {
    body: input,
    failure: staffMessages.createFailed,
  })
  return adminJson<NewStaffUserReply>(response, staffMessages.createFailed)
}
