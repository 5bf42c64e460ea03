import * as z from 'zod/mini'
import { declaredSchema } from './field-schemas'
import { billRangesFor } from './quote'
import { quoteFields } from './quote-fields'

/**
 * The quote request's schema: the declared fields' rules (lead-fields.ts), and a bill range must be one of
 * its tab's. Apart from the labels, limits and price rules: the pages import those, and only what validates
 * a request (the API, the calculator's lazily loaded rules) loads zod.
 */
export const quoteSchema = /* @__PURE__ */ declaredSchema(quoteFields).check(
  z.refine(
    (quote) =>
      quote.billRange === undefined ||
      billRangesFor(quote.category).some((range) => range.value === quote.billRange),
    { message: quoteFields.billRange.message, path: ['billRange'] },
  ),
)

/** A quote request as the API checked it. */
export type QuoteRequest = z.output<typeof quoteSchema>
