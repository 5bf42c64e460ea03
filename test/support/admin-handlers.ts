import type { StaffRole } from '../../functions/core/roles'
import { hashPassword } from '../../functions/lib/auth/passwords'
import { resetSessionCache } from '../../functions/lib/auth/sessions'
import type { RouteId } from '../../functions/routes'
import { type CallOptions, routeCaller } from './route-calls'
import { adminAuthorization } from './tokens'

/** The staff of the workspace's integration tests: one user of each role. */
export const testStaff = [
  ['olga', 'owner'],
  ['sunil', 'sales'],
  ['esha', 'editor'],
  ['vik', 'viewer'],
] as const

/** Each test user's request headers (its Bearer token), by username. */
export type StaffHeaders = Record<string, Record<string, string>>

/**
 * Saves the test staff (or the file's own `staff`: who takes part in assignment counts) as real records in the
 * store the engines serve (start them first), with a cheap password hash, and puts each user's Bearer header
 * into `headers`.
 */
export async function saveTestStaff(
  headers: StaffHeaders,
  staff: readonly (readonly [string, StaffRole])[] = testStaff,
): Promise<void> {
  const admins = await import('../../functions/lib/db/admin-users')
  const hash = await hashPassword('a long test password', { N: 1024, r: 8, p: 1 })
  for (const [username, role] of staff) {
    const user = await admins.saveAdminUser(username, hash, new Date(), role)
    headers[username] = await adminAuthorization(username, user.sessionVersion)
  }
  resetSessionCache()
}

/**
 * Calls a route's real handler in process as one of the test users (`as`, a key of `headers`; none for a
 * visitor on a public route), with the route's own event shape: the reply parsed (routeCaller's `call`).
 */
export function adminCaller(headers: StaffHeaders) {
  const { call } = routeCaller({ headers })
  return (routeId: RouteId, as: string | undefined, options: CallOptions = {}) =>
    call(routeId, { ...options, as })
}
