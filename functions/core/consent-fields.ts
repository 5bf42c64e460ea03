import type { ConsentField, OptInField } from './field-declarations'

// The boxes the quote, contact and newsletter forms share (the privacy notice's purposes): a module of its
// own, so the footer's newsletter box loads these few words and not the contact form's declarations.

/** Required on every form that takes personal data: the notice says the company does not knowingly collect children's data. */
export const adultField = {
  kind: 'consent',
  label: 'I am 18 or older',
  message: 'Confirm that you are 18 or older to send this',
  exportWidth: 10,
  notNotified: true,
} as const satisfies ConsentField

/** Purpose (b) of the notice: unticked unless the person ticks it; without it, no update or offer on WhatsApp. */
export const whatsappUpdatesField = {
  kind: 'opt-in',
  purpose: 'whatsapp-updates',
  label: 'Send me updates and offers on WhatsApp',
  exportWidth: 12,
  notNotified: true,
} as const satisfies OptInField

/** Purpose (c) of the notice, on a form that takes an e-mail address besides its own request. */
export const newsletterOffersField = {
  kind: 'opt-in',
  purpose: 'newsletter',
  label: 'Send me the newsletter and offers by e-mail',
  exportWidth: 12,
  notNotified: true,
} as const satisfies OptInField

/**
 * The legitimate use of what a form takes (privacy-notice.ts `reply`), stated beside the boxes, not asked
 * with one: the words the form shows before its link to the notice, and the ledger records as shown.
 */
export const replyPurposeText =
  'We use these details to answer this request, by phone, WhatsApp or e-mail as you gave them.'

/** The newsletter box's own purpose, (c), stated beside its button: subscribing is the consent it asks for. */
export const newsletterPurposeText =
  'Our newsletter with offers by e-mail, about once a month. Withdraw at any time.'

/** The words of the link to the notice beside each form. */
export const noticeLinkText = 'Privacy notice'
