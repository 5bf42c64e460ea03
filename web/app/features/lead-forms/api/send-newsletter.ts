import { type LeadSendResult, sendLead } from '~/lib/api/send-lead'

export const sendNewsletterPath = '/api/newsletter'

/** POST /api/newsletter with the e-mail. A repeat signup of an address answers success too. */
export function sendNewsletterSignup(
  email: string,
  options: { idempotencyKey: string; honeypot?: string },
): Promise<LeadSendResult> {
  return sendLead(sendNewsletterPath, { email }, options)
}
