import { randomUUID } from 'node:crypto'
import {
  honeypotField,
  idempotencyKeyHeader,
  idempotencyKeyPattern,
  rateLimitMessage,
} from '@core/lead-protection'
import type { RouteId } from '../routes'
import { clientNetwork } from './client-ip'
import { leadRateLimit, type RateLimit } from './config'
import { consumeRateLimit } from './db/rate-limits'
import { BadRequestError, TooManyRequestsError } from './errors'
import { type HttpEvent, type HttpRequest, type HttpResult, header, httpHandler, json } from './http'
import { logger } from './logging'

/** The largest body a public lead form may send. */
export const leadMaxBodyBytes = 16 * 1024

/** What a lead handler receives: the request, plus the client's idempotency key when it sent one. */
export interface LeadRequest extends HttpRequest {
  readonly idempotencyKey: string | undefined
}

export interface LeadHandlerOptions {
  /**
   * The per-IP limit of this route.
   * @default LEAD_RATE_LIMIT from the environment, read once when the module loads
   */
  readonly rateLimit?: RateLimit | 'off'
  /**
   * The body answered (with 200) to a filled honeypot: shaped like the route's real reply, so a bot
   * cannot tell.
   * @default a new `{ id, createdAt }`
   */
  readonly honeypotReply?: () => unknown
}

const leadReceipt = () => ({ id: randomUUID(), createdAt: new Date().toISOString() })

/** True when the hidden honeypot field of a form holds anything (a person never fills it). */
export function honeypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const value = (body as Record<string, unknown>)[honeypotField]
  return value !== undefined && value !== null && value !== '' && value !== false
}

/** The client's idempotency key, undefined when absent; 400 when malformed. */
export function idempotencyKeyOf(event: HttpEvent): string | undefined {
  const key = header(event, idempotencyKeyHeader)?.trim()
  if (!key) return undefined
  if (!idempotencyKeyPattern.test(key)) {
    throw new BadRequestError(`${idempotencyKeyHeader} must be 8 to 80 letters, digits, - or _.`)
  }
  return key
}

/**
 * Builds the handler of a public lead POST (contacts, quotes, newsletter) on the common chain of http.ts,
 * with the abuse protection every such route shares, in this order:
 * 1. bodies over 16 KB → 413, a body that is not JSON → 415 (http.ts);
 * 2. a filled honeypot → 200 with a plausible reply, nothing stored, nothing counted;
 * 3. the per-client rate limit of the route (LEAD_RATE_LIMIT; a client is an IPv4 address or an IPv6 /64,
 *    client-ip.ts) → 429 with Retry-After and a message for people;
 * 4. the client's idempotency key (header) handed to the handler for storeLead.
 */
export function leadHandler(
  routeId: RouteId,
  handle: (request: LeadRequest) => Promise<HttpResult>,
  options: LeadHandlerOptions = {},
) {
  const rateLimit = options.rateLimit ?? leadRateLimit()
  const honeypotReply = options.honeypotReply ?? leadReceipt
  return httpHandler(
    routeId,
    async (request) => {
      if (honeypotFilled(request.body)) {
        logger.info('honeypot filled', { requestId: request.requestId })
        return json(200, honeypotReply())
      }
      if (rateLimit !== 'off') {
        const decision = await consumeRateLimit(routeId, clientNetwork(request.event), rateLimit)
        if (!decision.allowed) throw new TooManyRequestsError(rateLimitMessage, decision.retryAfterSeconds)
      }
      return handle({ ...request, idempotencyKey: idempotencyKeyOf(request.event) })
    },
    { maxBodyBytes: leadMaxBodyBytes },
  )
}
