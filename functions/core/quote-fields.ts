import type { FieldDeclarations, SentFields } from './field-declarations'
import { fieldLabels, textLimits } from './field-declarations'
import { quoteFormFields } from './quote-form-fields'
import { sourceFields } from './source-fields'

/**
 * The quote request's fields (/get-quote and the API): the visitor's (quote-form-fields.ts, the boxes of
 * the privacy notice's purposes included) and where the lead came from (source-fields.ts), in the order of the
 * form, the exports and the staff e-mail.
 */
export const quoteFields = {
  ...quoteFormFields,
  ...sourceFields,
} as const satisfies FieldDeclarations

/** The quote form's text limits (its inputs' maxLength and the API's), the page's estimate's too. */
export const quoteLimits = /* @__PURE__ */ textLimits(quoteFields)

/** What people see each quote field called, by name. */
export const quoteFieldLabels = /* @__PURE__ */ fieldLabels(quoteFields)

/** What the quote form sends, and the solar calculator's inputs when it was opened from a report. */
export type QuoteInput = SentFields<typeof quoteFields> & {
  readonly report?: Readonly<Record<string, string>>
}
