import type { StaffRole } from '../../functions/core/roles'
import { hashPassword } from '../../functions/lib/auth/passwords'
import { resetSessionCache } from '../../functions/lib/auth/sessions'
import { type RouteId, routeById } from '../../functions/routes'
import { apiEvent, lambdaContext, parseResult } from './events'
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

type Handler = (event: unknown, context: unknown) => Promise<unknown>
const handlerModules = import.meta.glob<{ handler: Handler }>('../../functions/admin/*.ts')

/** An admin route's real handler module's `handler`. */
export async function adminHandler(routeId: RouteId): Promise<Handler> {
  return (await handlerModules[`../../functions/${routeById(routeId).handler}.ts`]!()).handler
}

/**
 * Calls an admin route's real handler in process as one of the test users (`as`, a key of `headers`), with
 * the route's own event shape: the reply parsed.
 */
export function adminCaller(headers: StaffHeaders) {
  return async function call(
    routeId: RouteId,
    as: string,
    options: Parameters<typeof apiEvent>[1] = {},
  ): Promise<ReturnType<typeof parseResult>> {
    const handler = await adminHandler(routeId)
    const event = apiEvent(routeId, { ...options, headers: { ...headers[as], ...options.headers } })
    return parseResult(await handler(event, lambdaContext))
  }
}
