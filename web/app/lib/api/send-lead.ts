import type { LeadReceipt } from '@core/api-types'
import { honeypotField, idempotencyKeyHeader, rateLimitMessage } from '@core/lead-protection'
import { apiMethod, apiPath } from './client'
import { readErrorMessage } from './read-error'

/** How a lead form's submission ended. */
export type LeadSendResult =
  /**
   * The lead's receipt (its reference, when its clock starts), when the reply carried one; the reply's
   * `message` for the person, when it has one (the newsletter's: check your e-mail, or why none was sent).
   */
  | { readonly status: 'sent'; readonly receipt?: LeadReceipt; readonly message?: string }
  /** 429: the message for the visitor (the API's, else the shared one). */
  | { readonly status: 'rate-limited'; readonly message: string }
  /** Any other non-2xx reply; `detail` is the body, as JSON or text, for the log. */
  | { readonly status: 'failed'; readonly httpStatus: number; readonly detail: unknown }

/** The public lead forms' routes. */
export type LeadRoute = 'create-contact' | 'create-quote' | 'subscribe-newsletter'

async function readDetail(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '')
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * POSTs a public lead form as JSON with its idempotency key. The honeypot value goes along only when
 * something filled it (people never do), so a person's request carries exactly the form's fields. A
 * network failure rejects; the caller logs it.
 */
export async function sendLead(
  route: LeadRoute,
  fields: Record<string, unknown>,
  options: { idempotencyKey: string; honeypot?: string },
): Promise<LeadSendResult> {
  const body = options.honeypot ? { ...fields, [honeypotField]: options.honeypot } : fields
  const response = await fetch(apiPath(route), {
    method: apiMethod(route),
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      [idempotencyKeyHeader]: options.idempotencyKey,
    },
    body: JSON.stringify(body),
  })
  if (response.ok) {
    const receipt = await readDetail(response)
    if (typeof receipt !== 'object' || receipt === null) return { status: 'sent' }
    const { message } = receipt as { message?: unknown }
    return {
      status: 'sent',
      ...('id' in receipt ? { receipt: receipt as LeadReceipt } : {}),
      ...(typeof message === 'string' ? { message } : {}),
    }
  }
  if (response.status === 429) {
    return { status: 'rate-limited', message: (await readErrorMessage(response)) ?? rateLimitMessage }
  }
  return { status: 'failed', httpStatus: response.status, detail: await readDetail(response) }
}
