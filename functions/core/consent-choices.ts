import { newsletterPurposeText, replyPurposeText } from './consent-fields'
import type { FieldDeclarations } from './field-declarations'
import type { DataPurpose, NoticeForm } from './privacy-notice'

/**
 * What the consent ledger records of one form's purposes: each purpose with what the form showed for it
 * and what the person chose. The reply to the request is the legitimate use, stated (given by sending);
 * an opt-in box is a consent, given or not as sent; the newsletter box's own purpose is given by subscribing.
 */
export interface ConsentChoice {
  readonly purpose: DataPurpose
  readonly basis: 'legitimate-use' | 'consent'
  readonly given: boolean
  /** The words the form showed for it, as shown. */
  readonly shown: string
}

/** The choices of one stored form: its checked values and its declarations. */
export function consentChoices(
  form: NoticeForm,
  fields: FieldDeclarations,
  values: Readonly<Record<string, unknown>>,
): ConsentChoice[] {
  if (form === 'newsletter') {
    return [{ purpose: 'newsletter', basis: 'consent', given: true, shown: newsletterPurposeText }]
  }
  return [
    { purpose: 'reply', basis: 'legitimate-use', given: true, shown: replyPurposeText },
    ...Object.entries(fields).flatMap(([name, field]): ConsentChoice[] =>
      field.kind === 'opt-in'
        ? [{ purpose: field.purpose, basis: 'consent', given: values[name] === true, shown: field.label }]
        : [],
    ),
  ]
}
