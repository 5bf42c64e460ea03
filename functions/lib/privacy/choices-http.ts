import { rateLimitMessage } from '@core/lead-protection'
import { type ChoiceStanding, linkRefusalMessages } from '@core/privacy-choices'
import type { RouteId } from '../../routes'
import { clientNetwork } from '../client-ip'
import { leadRateLimit } from '../config'
import { recordAudit, recordAuditOnce } from '../db/audit'
import type { ConsentContacts } from '../db/consent-ledger'
import { consumeRateLimit } from '../db/rate-limits'
import { BadRequestError, HttpError } from '../errors'
import { type HttpEvent, type HttpRequest, type HttpResult, httpHandler } from '../http'
import { openPrivacyLink } from './links'

/**
 * What the choices routes (functions/privacy/) share: the per-client limit of the public forms
 * (LEAD_RATE_LIMIT, per route and client network), and an entry in the activity log for every attempt they
 * refuse (a wrong code, a bad link, too many asks, a body they cannot read) that names the route, the reason
 * and the network, never the person.
 */

/** The largest body a choices route reads: an address or a number, a code, a link's token. */
export const privacyMaxBodyBytes = 8 * 1024

/** The actor of what a visitor does on the choices page (they are not signed in). */
export const visitorActor = 'visitor'

/** A refusal worth recording: its status and a few words on why (a code's or a link's refusal, a limit). */
export class PrivacyRefusal extends HttpError {
  readonly reason: string
  constructor(statusCode: number, message: string, reason: string, retryAfterSeconds?: number) {
    super(
      statusCode,
      message,
      retryAfterSeconds ? { headers: { 'retry-after': String(retryAfterSeconds) } } : {},
    )
    this.reason = reason
  }
}

/** Records a refused attempt; repeats of one route, reason and network within a minute are one entry. */
async function recordRefusal(routeId: RouteId, event: HttpEvent, reason: string): Promise<void> {
  const network = clientNetwork(event)
  const record = {
    actor: visitorActor,
    action: 'privacy-refused',
    target: routeId,
    detail: reason,
    network,
  } as const
  // A flood of one refusal (the limits' own) is a handful of entries, not one write each.
  if (reason === 'too many requests') await recordAuditOnce(`${routeId}\n${network}`, 60, record)
  else await recordAudit(record)
}

/**
 * Builds a choices route's handler on the common chain of http.ts: the per-client limit first (429), then the
 * handler; a 4xx it answers is recorded in the activity log (without the person) and answered as it is.
 */
export function privacyHandler(
  routeId: RouteId,
  handle: (request: HttpRequest) => Promise<HttpResult>,
  options: { readonly bodyEncoding?: 'json' | 'form' } = {},
) {
  const rateLimit = leadRateLimit()
  return httpHandler(
    routeId,
    async (request) => {
      try {
        if (rateLimit !== 'off') {
          const decision = await consumeRateLimit(routeId, clientNetwork(request.event), rateLimit)
          if (!decision.allowed) {
            throw new PrivacyRefusal(429, rateLimitMessage, 'too many requests', decision.retryAfterSeconds)
          }
        }
        return await handle(request)
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) {
          const reason =
            error instanceof PrivacyRefusal
              ? error.reason
              : error instanceof BadRequestError
                ? 'invalid request'
                : `refused ${error.statusCode}`
          await recordRefusal(routeId, request.event, reason)
        }
        throw error
      }
    },
    { maxBodyBytes: privacyMaxBodyBytes, ...options },
  )
}

/**
 * The person a choices link names: its contact (`email:…` or `phone:…`) and, where the message was about a
 * lead holding both, the other one, as the ledger's contacts (one of each kind; the link's own comes first).
 */
export function contactsOfLink(contact: string, also?: string): ConsentContacts {
  const contacts: { email?: string; phone?: string } = {}
  for (const each of [also, contact]) {
    if (each?.startsWith('email:')) contacts.email = each.slice('email:'.length)
    if (each?.startsWith('phone:')) contacts.phone = each.slice('phone:'.length)
  }
  return contacts
}

/** Opens a choices link's token: the person's contacts, or a 400 with what the person reads (recorded). */
export async function openChoicesLink(token: unknown, now = new Date()): Promise<ConsentContacts> {
  const opened = await openPrivacyLink(token, 'choices', now)
  if ('refused' in opened) {
    throw new PrivacyRefusal(400, linkRefusalMessages[opened.refused], `link ${opened.refused}`)
  }
  return contactsOfLink(opened.contact, opened.also)
}

/** A standing as the routes answer it: the ledger's, with nothing of the person. */
export function standingReply(standing: readonly ChoiceStanding[]): ChoiceStanding[] {
  return standing.map(({ purpose, given, at, form }) => ({
    purpose,
    given,
    ...(at ? { at } : {}),
    ...(form ? { form } : {}),
  }))
}
