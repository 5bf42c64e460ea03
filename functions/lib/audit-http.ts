import type { AuditAction } from '@core/audit'
import type { AdminRequest } from './admin-http'
import { clientNetwork } from './client-ip'
import type { RateLimit } from './config'
import { recordAudit } from './db/audit'
import { consumeRateLimit } from './db/rate-limits'
import type { AdminRefusal, HttpEvent } from './http'
import { logger } from './logging'

/**
 * Records what a signed-in admin did (see recordAudit: never fails the request): the admin as actor, with
 * the role, the client's network, the action and what it was done to.
 */
export async function auditAdminAction(
  request: Pick<AdminRequest, 'admin' | 'event'>,
  action: AuditAction,
  target?: string,
  detail?: string,
): Promise<void> {
  await recordAudit({
    actor: request.admin.username,
    action,
    ...(target ? { target } : {}),
    ...(detail ? { detail } : {}),
    network: clientNetwork(request.event),
    role: request.admin.role,
  })
}

/**
 * How many refused calls the audit trail keeps per actor (a user refused by role) or per client network (a
 * bad token: there is no actor) in each window; past it the refusals are still refused, not recorded, so a
 * flood of them is a handful of entries. A shared limit (a RATE_LIMIT record, rate-limits.ts), not per
 * function instance.
 */
export const refusalAuditLimit: RateLimit = { max: 10, windowSeconds: 10 * 60 }

/** Keys whose window this instance found full, with when it ends (ms): the next refusals skip the store. */
const fullWindows = new Map<string, number>()
/** The most keys remembered; past it the memory starts afresh (at worst one more conditional write each). */
const maxRemembered = 1000

/**
 * Records a refused admin call (HttpHandlerOptions.refused): `access-refused` with the user, its role and the
 * route for a role the route does not list (or no valid role), `bad-token` with the client network and the
 * route for a token presented and refused; at most refusalAuditLimit of each per actor or network. Never
 * fails the request (a failed count is logged and the entry not recorded).
 */
export async function auditRefusal(
  routeId: string,
  event: HttpEvent,
  refusal: AdminRefusal,
  now = new Date(),
): Promise<void> {
  const network = clientNetwork(event)
  const action = refusal.kind === 'role' ? 'access-refused' : 'bad-token'
  const counted = refusal.kind === 'role' ? refusal.admin.username : network
  const key = `${action}\n${counted}`
  if ((fullWindows.get(key) ?? 0) > now.getTime()) return
  try {
    const decision = await consumeRateLimit(`audit-${action}`, counted, refusalAuditLimit, now)
    if (!decision.allowed) {
      if (fullWindows.size >= maxRemembered) fullWindows.clear()
      fullWindows.set(key, now.getTime() + decision.retryAfterSeconds * 1000)
      return
    }
  } catch (error) {
    logger.error('refusal not recorded', { action, error: error instanceof Error ? error.name : 'unknown' })
    return
  }
  if (refusal.kind === 'role') {
    const { username, role } = refusal.admin
    await recordAudit(
      { actor: username, action, target: routeId, network, ...(role ? { role } : { detail: 'no role' }) },
      now,
    )
  } else {
    await recordAudit(
      { actor: 'unknown', action, target: routeId, detail: refusal.error.message, network },
      now,
    )
  }
}

/** Forgets the windows this instance found full (tests). */
export function resetRefusalAuditMemory(): void {
  fullWindows.clear()
}
