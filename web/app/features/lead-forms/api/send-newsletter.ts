import { type LeadSendResult, sendLead } from '~/lib/api/send-lead'

/** POST /api/newsletter with the e-mail. A repeat signup of an address answers success too. */
export function sendNewsletterSignup(
  email: string,
  options: { idempotencyKey: string; honeypot?: string },
): Promise<LeadSendResult> {
  return sendLead('subscribe-newsletter', { email }, options)
}
