import type { AuditAction } from '@core/audit'
import { clientNetwork } from '../client-ip'
import { recordAudit } from '../db/audit'
import type { HttpEvent } from '../http'

/** Who the activity log says acted on the public privacy pages: a visitor, never named. */
export const privacyVisitor = 'visitor'

/**
 * Records what a visitor did on the public privacy routes: the action, the client network and a word on
 * why or what (a case reference, a refusal's reason); never the address or anything the person wrote.
 */
export function auditVisitor(
  event: HttpEvent,
  action: Extract<AuditAction, 'privacy-request' | 'privacy-refused'>,
  detail: string,
  target?: string,
): Promise<void> {
  return recordAudit({
    actor: privacyVisitor,
    action,
    detail,
    network: clientNetwork(event),
    ...(target ? { target } : {}),
  })
}
