import * as z from 'zod/mini'
import { declaredSchema } from './field-schemas'
import { billRangesFor } from './quote'
import { quoteFields } from './quote-fields'
import { surveyDateProblem } from './survey-slot'

/**
 * The quote request's schema: the declared fields' rules (lead-fields.ts), a bill range must be one of its
 * tab's, and a preferred survey date is within its window (survey-slot.ts, at the time of the request).
 * Apart from the labels, limits and price rules: the pages import those, and only what validates a request
 * (the API, the calculator's lazily loaded rules) loads zod.
 */
export const quoteSchema = /* @__PURE__ */ (() =>
  declaredSchema(quoteFields).check(
    z.refine(
      (quote) =>
        quote.billRange === undefined ||
        billRangesFor(quote.category).some((range) => range.value === quote.billRange),
      { message: quoteFields.billRange.message, path: ['billRange'] },
    ),
    z.superRefine((quote, context) => {
      const problem = quote.surveyDate === undefined ? undefined : surveyDateProblem(quote.surveyDate)
      if (problem)
        context.issues.push({
          code: 'custom',
          input: quote.surveyDate,
          message: problem,
          path: ['surveyDate'],
        })
    }),
  ))()

/** A quote request as the API checked it. */
export type QuoteRequest = z.output<typeof quoteSchema>
