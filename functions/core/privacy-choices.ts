import { companyFacts } from './company'
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

/**
 * How a code reaches a mobile number where the stack sets a sender (functions/lib/privacy/phone-codes.ts):
 * an SMS or a WhatsApp message, and what the page calls it.
 */
export const phoneCodeChannels = { sms: 'SMS', whatsapp: 'WhatsApp' } as const
export type PhoneCodeChannel = keyof typeof phoneCodeChannels

/** The answer of POST /api/privacy/codes. */
export type CodeAskReply =
  /** A code was sent to the address (or the same answer for an address we do not know). */
  | { readonly channel: 'email'; readonly sent: true }
  /** No sender is set up here: the page names the privacy contact instead. */
  | { readonly channel: 'email'; readonly sent: false }
  /** A code was sent to the mobile number `by` SMS or WhatsApp (the same answer for a number we do not know). */
  | { readonly channel: 'phone'; readonly sent: true; readonly by: PhoneCodeChannel }
  /** A mobile number where no SMS or WhatsApp sender is set: the staff call back to confirm. */
  | { readonly channel: 'phone'; readonly callBack: true }

/**
 * The SMS that carries a one-time code, as its template is registered on India's DLT platform (an SMS whose
 * text differs from its registered template by one character is not delivered): `{#var#}` is each variable,
 * the code first, then its minutes. README "Codes by SMS or WhatsApp" quotes it; register it as it is.
 */
export const smsCodeTemplate = `{#var#} is your ${companyFacts.shortName} code to see or withdraw your privacy choices. It works once, for {#var#} minutes. If you did not ask for it, ignore this SMS.`

/** The text of the code's SMS: the registered template with its two variables filled in, in order. */
export function smsCodeText(code: string, minutes: number): string {
  const values = [code, String(minutes)]
  return smsCodeTemplate.replace(/\{#var#\}/g, () => values.shift() ?? '')
}

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
