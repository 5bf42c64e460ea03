import type { AuditAction } from '@core/audit'
import type { AdminRequest } from './admin-http'
import { clientNetwork } from './client-ip'
import { recordAudit } from './db/audit'

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
