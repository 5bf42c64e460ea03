import * as z from 'zod/mini'
import { optionalCapacity, requiredText } from './field-schemas'
import {
  billPattern,
  billRangesFor,
  defaultGstMode,
  gstModes,
  indianMobilePattern,
  pincodePattern,
  quoteCategories,
  quoteLimits,
} from './quote'

/**
 * The quote request's schema, apart from the labels, limits and price rules in quote.ts: the pages import
 * those, and only what validates a request (the API, the calculator's lazily loaded rules) loads zod.
 */

const optionalBillRange = z.optional(
  z.pipe(
    z.union([z.string(), z.null()]),
    z.transform((value) => (value === null || value.trim() === '' ? undefined : value.trim())),
  ),
)

/** A quote request as the form sends it, with the field rules the API enforces (400 with the fields otherwise). */
export const quoteSchema = z
  .object({
    category: z.enum(quoteCategories, 'Choose Residential, Housing Society or Commercial'),
    gstMode: z._default(z.enum(gstModes, 'GST mode is current or previous'), defaultGstMode),
    capacityKw: optionalCapacity,
    billRange: optionalBillRange,
    /** The client's formatted estimate; kept as sent, the server computes its own. */
    estimatedCost: z.optional(
      z.string().check(z.trim(), z.maxLength(quoteLimits.estimatedCost, 'Estimated cost is too long')),
    ),
    name: requiredText('Name', quoteLimits.name),
    whatsapp: requiredText('WhatsApp number', quoteLimits.whatsapp).check(
      z.regex(indianMobilePattern, 'Enter a 10-digit Indian mobile number'),
    ),
    pincode: requiredText('PIN code', quoteLimits.pincode).check(
      z.regex(pincodePattern, 'Enter a 6-digit PIN code'),
    ),
    bill: requiredText('Average monthly bill', quoteLimits.bill).check(
      z.regex(billPattern, 'Enter the bill in rupees'),
    ),
    agree: z.literal(true, 'Please agree to the terms of service & privacy policy'),
  })
  .check(
    z.refine(
      (quote) =>
        quote.billRange === undefined ||
        billRangesFor(quote.category).some((range) => range.value === quote.billRange),
      { message: 'Choose a bill range of this tab', path: ['billRange'] },
    ),
  )

export type QuoteInput = z.input<typeof quoteSchema>
export type QuoteRequest = z.output<typeof quoteSchema>
