import type { StaffRole } from '@core/roles'
import type { RouteId } from '../routes'
import { auditRefusal } from './audit-http'
import {
  verifyAuthorization,
  verifyEnrolmentAuthorization,
  verifyPasswordChangeAuthorization,
} from './auth/tokens'
import { type HttpHandlerOptions, type HttpRequest, type HttpResult, httpHandler } from './http'
import { routeAtRunTime } from './route-at-run-time'

/**
 * An admin request: the token has been verified and the role is one the route lists, so `admin` is always
 * set and has a role.
 */
export interface AdminRequest extends HttpRequest {
  readonly admin: NonNullable<HttpRequest['admin']> & { readonly role: StaffRole }
}

/**
 * Builds the handler of an `admin` route: the same chain as httpHandler, with the Bearer token verified
 * (401 otherwise) and the role checked (403) before the body is read or the handler runs; a refused token
 * or role is recorded in the audit trail, a few times per actor or network at most (audit-http.ts).
 */
export function adminHandler(
  routeId: RouteId,
  handle: (request: AdminRequest) => Promise<HttpResult>,
  options: Omit<HttpHandlerOptions, 'authenticate' | 'refused'> = {},
) {
  return httpHandler(routeId, (request) => handle(request as AdminRequest), {
    ...options,
    // Only the routes the table marks accept the sign-in's scoped tokens (functions/lib/auth/tokens.ts).
    authenticate: authenticatorOf(routeId),
    refused: (event, refusal) => auditRefusal(routeId, event, refusal),
  })
}

function authenticatorOf(routeId: RouteId): typeof verifyAuthorization {
  const route = routeAtRunTime(routeId)
  if (route.acceptsEnrolmentToken) return verifyEnrolmentAuthorization
  if (route.acceptsPasswordChangeToken) return verifyPasswordChangeAuthorization
  return verifyAuthorization
}
