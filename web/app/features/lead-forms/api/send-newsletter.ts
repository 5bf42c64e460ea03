import { type LeadSendResult, sendLead } from '~/lib/api/send-lead'

/** POST /api/newsletter with the e-mail and the age box. A repeat signup of an address answers success too. */
export function sendNewsletterSignup(
  signup: { readonly email: string; readonly adult: boolean },
  options: { idempotencyKey: string; honeypot?: string },
): Promise<LeadSendResult> {
  return sendLead('subscribe-newsletter', signup, options)
}
