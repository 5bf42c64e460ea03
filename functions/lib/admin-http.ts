import type { RouteId } from '../routes'
import { verifyAuthorization } from './auth/tokens'
import { type HttpHandlerOptions, type HttpRequest, type HttpResult, httpHandler } from './http'

/** An admin request: the token has been verified, so `admin` is always set. */
export interface AdminRequest extends HttpRequest {
  readonly admin: NonNullable<HttpRequest['admin']>
}

/**
 * Builds the handler of an `admin` route: the same chain as httpHandler, with the Bearer token verified
 * (401 otherwise) before the body is read or the handler runs.
 */
export function adminHandler(
  routeId: RouteId,
  handle: (request: AdminRequest) => Promise<HttpResult>,
  options: Omit<HttpHandlerOptions, 'authenticate'> = {},
) {
  return httpHandler(routeId, (request) => handle(request as AdminRequest), {
    ...options,
    authenticate: verifyAuthorization,
  })
}
