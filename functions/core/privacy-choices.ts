import type { ConsentPurpose, NoticeForm } from './privacy-notice'

/**
 * The choices page's words and replies, shared by its routes (functions/privacy/) and the page
 * (/privacy/choices): no zod here, so the page reads them without the schemas (privacy-choices-schema.ts).
 */

/** What each consent is called on the choices page, the lead page and the exports. */
export const consentPurposeLabels: Readonly<Record<ConsentPurpose, string>> = {
  'whatsapp-updates': 'WhatsApp updates and offers',
  newsletter: 'Newsletter and offers',
}

/** Where one consent stands, as the routes answer it (consent-ledger.ts ConsentStanding). */
export interface ChoiceStanding {
  readonly purpose: ConsentPurpose
  readonly given: boolean
  readonly at?: string
  readonly form?: NoticeForm | 'choices'
}

/** The answer of POST /api/privacy/codes. */
export type CodeAskReply =
  /** A code was sent to the address (or the same answer for an address we do not know). */
  | { readonly channel: 'email'; readonly sent: true }
  /** No sender is set up here: the page names the privacy contact instead. */
  | { readonly channel: 'email'; readonly sent: false }
  /** A mobile number: no code; the staff call back from the company's number to confirm. */
  | { readonly channel: 'phone'; readonly callBack: true }

/** The answer of POST /api/privacy/choices/open: the link token for the next steps, and the standing. */
export interface ChoicesOpened {
  readonly t: string
  readonly standing: readonly ChoiceStanding[]
}

/** The answer of POST /api/privacy/choices and of a withdrawal. */
export interface ChoicesShown {
  readonly standing: readonly ChoiceStanding[]
}

/** What a person reads for a refused link (privacy/links.ts PrivacyLinkRefusal). */
export const linkRefusalMessages = {
  invalid: 'This link is not valid. Ask for a code on the choices page instead.',
  expired: 'This link has expired. Ask for a code on the choices page instead.',
  'wrong-use': 'This link is not for your choices. Ask for a code on the choices page instead.',
} as const

/** The message of a code asked too often (one-time-codes.ts codeLimits). */
export const tooManyCodesMessage = 'Too many codes were asked for. Please wait an hour and try again.'

/** Where a form's name shows in a standing: "given on 27 Nov 2026 on the contact form". */
export const standingFormLabels: Readonly<Record<NoticeForm | 'choices', string>> = {
  quote: 'the quote form',
  contact: 'the contact form',
  newsletter: 'the newsletter box',
  choices: 'the choices page',
}
