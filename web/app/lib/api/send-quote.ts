import type { QuoteInput } from '@core/quote'
import { type LeadSendResult, sendLead } from './send-lead'

/** The quote form's payload. */
export interface QuoteRequest {
  readonly category: QuoteInput['category']
  readonly gstMode: NonNullable<QuoteInput['gstMode']>
  /** null when no capacity is chosen (it is optional). */
  readonly capacityKw: number | null
  readonly billRange: string
  /** Formatted rupees, e.g. `₹3,27,000` ('' without a capacity). */
  readonly estimatedCost: string
  readonly name: string
  readonly whatsapp: string
  readonly pincode: string
  readonly bill: string
  readonly agree: boolean
}

export const sendQuotePath = '/api/quotes'

/** POST /api/quotes with exactly the payload's fields. A network failure rejects (the caller logs it). */
export function sendQuote(
  quote: QuoteRequest,
  options: { idempotencyKey: string; honeypot?: string },
): Promise<LeadSendResult> {
  const { category, gstMode, capacityKw, billRange, estimatedCost, name, whatsapp, pincode, bill, agree } =
    quote
  return sendLead(
    sendQuotePath,
    { category, gstMode, capacityKw, billRange, estimatedCost, name, whatsapp, pincode, bill, agree },
    options,
  )
}
