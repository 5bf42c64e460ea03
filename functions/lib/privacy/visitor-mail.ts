import { appendFile } from 'node:fs/promises'
import { normaliseEmail } from '@core/newsletter'
import { normaliseIndianMobile } from '@core/phone'
import { privacyPaths } from '@core/privacy-notice'
import { awsRequest } from '../aws-request'
import { functionEnv, siteUrl } from '../config'
import { errorSummary, logger } from '../logging'
import { signPrivacyLink } from './links'

/**
 * Messages to visitors, by e-mail: one SES v2 SendEmail as one signed request (aws-request.ts; the SES
 * client of the SDK would add tens of KB to the routes for this one call), from MAIL_FROM. The local
 * stand-in keeps each message in its outbox instead (VISITOR_OUTBOX_FILE, one JSON line each), which tests
 * and people read. Every message carries the signed link to the person's choices and, by RFC 8058, the
 * one-click List-Unsubscribe headers that point at the same choice.
 */

/** What kind of message it is (the outbox and the logs name it; never the address). */
export type VisitorMailKind =
  | 'one-time-code'
  | 'newsletter-confirm'
  | 'newsletter'
  | 'privacy-reply'
  | 'notice'
  // The retention sweep's: the ask to an untouched open enquiry, the notice 48 hours before an erasure.
  | 'retention-ask'
  | 'retention-notice'

export interface VisitorMail {
  readonly kind: VisitorMailKind
  /** The address, as the person gave it. */
  readonly to: string
  /** One line. */
  readonly subject: string
  /** Plain text; the choices link is added at its end. */
  readonly text: string
  /**
   * The phone of the lead the message is about, when it holds one beside the address: the choices link then
   * names both (inside its encrypted token), so a WhatsApp consent keyed by the phone is shown and withdrawn
   * on the same page.
   */
  readonly phone?: string | undefined
}

/** A message as sent: with the links it carries. What the stand-in's outbox keeps, one per line. */
export interface SentVisitorMail extends VisitorMail {
  /** The page to see and change one's choices, with a signed token. */
  readonly choicesLink: string
  /** The List-Unsubscribe target (a POST of `List-Unsubscribe=One-Click`, RFC 8058). */
  readonly oneClickLink: string
  readonly at: string
}

/** How sending went: sent through SES, kept in the stand-in's outbox, or not possible here (no sender set). */
export type VisitorMailResult = 'sent' | 'kept' | 'not-configured'

/** The API path of the one-click withdrawal the List-Unsubscribe header points at. */
export const oneClickPath = '/api/privacy/one-click'

/**
 * The two links of a message to `contact` (normalised: `email:…`), as absolute URLs where the site's is known;
 * `also` is the person's other contact (normalised: `phone:…`), carried inside the token.
 */
export async function choicesLinks(
  contact: string,
  now = new Date(),
  also?: string,
): Promise<{ page: string; oneClick: string }> {
  const token = encodeURIComponent(await signPrivacyLink('choices', contact, now, { also }))
  const origin = siteUrl() ?? ''
  return {
    page: `${origin}${privacyPaths.choices}?t=${token}`,
    oneClick: `${origin}${oneClickPath}?t=${token}`,
  }
}

/** The words that end every message, with its choices link. */
export function choicesFooter(page: string): string {
  return `\n\n—\nSee or withdraw what you agreed to, or ask about your data: ${page}`
}

/** True when a message can go out here: the stand-in's outbox or a sender (MAIL_FROM) is set. */
export function visitorMailConfigured(): boolean {
  return Boolean(process.env[functionEnv.visitorOutbox] || process.env[functionEnv.mailFrom])
}

/**
 * Sends one message to a visitor (or keeps it in the stand-in's outbox). A failed send is logged, without the
 * address, and thrown: the route says the message could not be sent and the person may try again.
 */
export async function sendVisitorMail(
  mail: VisitorMail,
  options: { readonly requestId: string; readonly now?: Date },
): Promise<VisitorMailResult> {
  const now = options.now ?? new Date()
  // As the ledger keys them (consent-ledger.ts normalisedContacts).
  const phone = mail.phone?.trim()
  const also = phone ? `phone:${normaliseIndianMobile(phone)}` : undefined
  const links = await choicesLinks(`email:${normaliseEmail(mail.to)}`, now, also)
  const { phone: _phone, ...message } = mail
  const sent: SentVisitorMail = {
    ...message,
    text: `${mail.text}${choicesFooter(links.page)}`,
    choicesLink: links.page,
    oneClickLink: links.oneClick,
    at: now.toISOString(),
  }
  const outbox = process.env[functionEnv.visitorOutbox]
  if (outbox) {
    await appendFile(outbox, `${JSON.stringify(sent)}\n`)
    return 'kept'
  }
  const from = process.env[functionEnv.mailFrom]
  if (!from) {
    logger.warn('visitor mail not sent: MAIL_FROM is not set', {
      requestId: options.requestId,
      kind: mail.kind,
    })
    return 'not-configured'
  }
  try {
    await awsRequest({
      service: 'ses',
      endpointEnv: 'SESV2',
      globalEndpoint: `https://email.${process.env.AWS_REGION ?? 'ap-south-1'}.amazonaws.com`,
      method: 'POST',
      path: '/v2/email/outbound-emails',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sesMessage(from, sent)),
    })
    return 'sent'
  } catch (error) {
    logger.error('visitor mail not sent', {
      requestId: options.requestId,
      kind: mail.kind,
      error: errorSummary(error),
    })
    throw error
  }
}

/** The SES v2 SendEmail body of a message: simple content, with the List-Unsubscribe headers. */
export function sesMessage(from: string, mail: SentVisitorMail): Record<string, unknown> {
  return {
    FromEmailAddress: from,
    Destination: { ToAddresses: [mail.to.trim()] },
    Content: {
      Simple: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
        Headers: [
          { Name: 'List-Unsubscribe', Value: `<${mail.oneClickLink}>` },
          { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
        ],
      },
    },
  }
}
