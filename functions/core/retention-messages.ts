/**
 * What the retention sweep writes to a person and what the keep page (/privacy/keep) says: the ask to an open
 * enquiry nobody has touched for its period, the optional notice before an erasure, and the answers of the
 * keep button. Dates in IST, as people in India read them. No zod and no store here: the page reads them too.
 */
import { companyFacts } from './company'
import { businessDateLabel } from './date-labels'
import { retentionAskDays, retentionNoticeHours } from './retention'

/** What the lead is, in the person's words. */
const enquiryOf = (kind: 'quote' | 'contact'): string => (kind === 'quote' ? 'solar quote' : 'message')

export interface RetentionMailFacts {
  readonly name?: string | undefined
  readonly kind: 'quote' | 'contact'
  /** When the enquiry arrived. */
  readonly createdAt: string
  readonly reference?: string | undefined
  /** When the details are erased (ISO). */
  readonly eraseAt: string
}

const greeting = (name: string | undefined): string => (name ? `Dear ${name},` : 'Hello,')
const enquiryLine = (facts: RetentionMailFacts): string =>
  `You sent us a ${enquiryOf(facts.kind)} on ${businessDateLabel(new Date(facts.createdAt))}${
    facts.reference ? ` (reference ${facts.reference})` : ''
  }.`

/** The sweep's messages: subject and text (the choices link is added at the end by visitor-mail.ts). */
export const retentionMail = {
  ask: (facts: RetentionMailFacts, keepLink: string) => ({
    subject: `Do you still want to hear from ${companyFacts.shortName}?`,
    text: [
      greeting(facts.name),
      `${enquiryLine(facts)} We have not been in touch about it for a long while, and we keep personal details only while they serve the purpose you gave them for.`,
      `If you would still like to hear from us about it, open this link and press "Yes, keep my enquiry": ${keepLink}`,
      `The link works for ${retentionAskDays} days. If you do nothing, we will erase your details from our records on ${businessDateLabel(new Date(facts.eraseAt))}.`,
      `— ${companyFacts.name}`,
    ].join('\n\n'),
  }),
  notice: (facts: RetentionMailFacts) => ({
    subject: `Your details will be erased on ${businessDateLabel(new Date(facts.eraseAt))}`,
    text: [
      greeting(facts.name),
      `${enquiryLine(facts)} We keep personal details only for the period stated in our privacy notice, and that period ends soon.`,
      `In ${retentionNoticeHours} hours, on ${businessDateLabel(new Date(facts.eraseAt))}, we will erase your details from our records. You need do nothing. If you still want to talk to us, reply to this message or call ${companyFacts.phone.display.replaceAll('\u00a0', ' ')}.`,
      `— ${companyFacts.name}`,
    ].join('\n\n'),
  }),
} as const

/** What the keep page says after its button (POST /api/privacy/keep), by outcome. */
export const keepMessages = {
  kept: 'Thank you. We have kept your enquiry and will be in touch.',
  invalid: 'This link is not valid. Please use the link in our e-mail, or contact us.',
  expired: `This link has expired (it works for ${retentionAskDays} days). If you still want to hear from us, please send us a new enquiry.`,
  'wrong-use': 'This link is not valid. Please use the link in our e-mail, or contact us.',
  gone: 'We could not find your enquiry: it may have been erased or closed already. If you still want to hear from us, please send us a new enquiry.',
} as const

export type KeepOutcome = keyof typeof keepMessages

/** Who a lead's timeline says asked to keep it: the person, through the ask's link (POST /api/privacy/keep). */
export const keepActor = 'The person (e-mailed link)'

/** The timeline's words for that answer. */
export const keepNote =
  'Confirmed by the e-mailed link that they still want to hear from us about this enquiry.'

/** What the lead page calls the sweep's stamps on a lead and the person's answer, each with its time (IST). */
export const retentionLeadLabels = {
  /** `retentionAskedAt`: the ask went out (unanswered and untouched, the lead goes `retentionAskDays` on). */
  asked: 'Asked to confirm keeping their details',
  /** The last answer to an ask (`keepActor` in the timeline). */
  kept: 'Confirmed they want their details kept',
  /** `retentionNoticeAt`: told of the erasure to come (the optional notice). */
  noticed: 'Told their details will be erased',
} as const
