import type { ConsentRecord } from '@core/lead-protection'
import { newsletterConfirmPath, newsletterConsentType, newsletterStateOf } from '@core/newsletter'
import { siteUrl } from './config'
import { subscribeNewsletter } from './db/leads'
import { privacyLinkDays, signPrivacyLink } from './privacy/links'
import { sendVisitorMail, type VisitorMailResult } from './privacy/visitor-mail'

/**
 * A newsletter signup, from the footer's box or the contact form's newsletter box: the same pending signup
 * and the same confirmation e-mail, so every address on the list was confirmed by its owner (double opt-in).
 */

/** The confirmation page's link for `email`, with a signed token (privacy/links.ts; a week). */
export async function newsletterConfirmLink(email: string, now = new Date()): Promise<string> {
  const token = await signPrivacyLink('newsletter-confirm', `email:${email.trim().toLowerCase()}`, now)
  return `${siteUrl() ?? ''}${newsletterConfirmPath}?t=${encodeURIComponent(token)}`
}

/** The confirmation e-mail: what was asked for, the link, and that nothing happens without it. */
export async function sendNewsletterConfirmation(
  email: string,
  options: { readonly requestId: string; readonly now?: Date },
): Promise<VisitorMailResult> {
  const link = await newsletterConfirmLink(email, options.now)
  return sendVisitorMail(
    {
      kind: 'newsletter-confirm',
      to: email,
      subject: 'Confirm your newsletter subscription',
      text: [
        'Someone, we hope you, asked to receive our newsletter at this address.',
        `To confirm, open this link and press "Confirm": ${link}`,
        `The link works for ${privacyLinkDays['newsletter-confirm']} days. If you did not ask, ignore this message: nothing will be sent to you.`,
      ].join('\n\n'),
    },
    options,
  )
}

/**
 * Stores the signup as pending (once per address) and sends it the confirmation: again for a pending or
 * withdrawn address (the route's rate limit bounds how often), never for a confirmed one, which stays as it
 * is. `mail` says how the confirmation went; `none` when none was due.
 */
export async function signUpForNewsletter<T extends { email: string }>(
  signup: T,
  consent: Omit<ConsentRecord, 'givenAt'>,
  options: { readonly requestId: string; readonly now: Date },
): Promise<{
  readonly lead: Awaited<ReturnType<typeof subscribeNewsletter<T>>>['lead']
  readonly mail: VisitorMailResult | 'none'
}> {
  const { lead } = await subscribeNewsletter(
    { ...signup, consent: { type: newsletterConsentType, ...consent, givenAt: options.now.toISOString() } },
    options.now,
  )
  if (newsletterStateOf(lead) === 'confirmed') return { lead, mail: 'none' }
  return { lead, mail: await sendNewsletterConfirmation(lead.email, options) }
}
