import type { QuoteInput } from '@core/quote'
import { type LeadSendResult, sendLead } from '~/lib/api/send-lead'

/** What the quote form sends; the API parses it into functions/core's QuoteRequest. */
export interface QuoteFormPayload {
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
  /** The solar calculator's inputs, when the form was opened from its report. */
  readonly report?: Readonly<Record<string, string>>
}

/** POST /api/quotes with exactly the payload's fields. A network failure rejects (the caller logs it). */
export function sendQuote(
  quote: QuoteFormPayload,
  options: { idempotencyKey: string; honeypot?: string },
): Promise<LeadSendResult> {
  const {
    category,
    gstMode,
    capacityKw,
    billRange,
    estimatedCost,
    name,
    whatsapp,
    pincode,
    bill,
    agree,
    report,
  } = quote
  return sendLead(
    'create-quote',
    {
      ...{ category, gstMode, capacityKw, billRange, estimatedCost, name, whatsapp, pincode, bill, agree },
      ...(report ? { report } : {}),
    },
    options,
  )
}
