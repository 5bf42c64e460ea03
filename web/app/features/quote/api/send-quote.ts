import { sentFields } from '@core/field-declarations'
import { type QuoteInput, quoteFields } from '@core/quote-fields'
import { type LeadSendResult, sendLead } from '~/lib/api/send-lead'
import { leadOrigin } from '~/lib/landing-source'

/**
 * What the quote form sends: its declared fields (lead-fields.ts; `capacityKw` null and `billRange` '' when
 * none is chosen, `estimatedCost` formatted rupees such as `₹3,27,000` or ''), and the solar calculator's
 * inputs when the form was opened from its report. The API parses it into functions/core's QuoteRequest.
 */
export type QuoteFormPayload = QuoteInput

/**
 * POST /api/quotes with exactly the payload's fields, the page and the landing UTM values among them
 * (lib/landing-source.ts). A network failure rejects (the caller logs it).
 */
export function sendQuote(
  quote: QuoteFormPayload,
  options: { idempotencyKey: string; honeypot?: string },
): Promise<LeadSendResult> {
  const { report } = quote
  return sendLead(
    'create-quote',
    { ...sentFields(quoteFields, { ...quote, ...leadOrigin() }), ...(report ? { report } : {}) },
    options,
  )
}
