import type { QuoteRequest } from './quote-schema'

/**
 * The quote page's rules, defined once: the page renders them and the Lambda checks and
 * recomputes with them (the form's fields: lead-fields.ts). Amounts are whole Indian rupees.
 */

/** The tabs of /get-quote, in order; the hash of each is `#<category>`. */
export const quoteCategories = ['residential', 'housing', 'commercial'] as const
export type QuoteCategory = (typeof quoteCategories)[number]

/** Tab labels of the page. */
export const quoteCategoryLabels: Readonly<Record<QuoteCategory, string>> = {
  residential: 'Residential',
  housing: 'Housing Society',
  commercial: 'Commercial',
}

/** The default tab. */
export const defaultQuoteCategory: QuoteCategory = 'residential'

/** GST mode: `current` (the default) or `previous`. */
export const gstModes = ['current', 'previous'] as const
export type GstMode = (typeof gstModes)[number]
export const defaultGstMode: GstMode = 'current'

/** What the page calls each GST mode (its toggle, and the lead's details for staff). */
export const gstModeLabels: Readonly<Record<GstMode, string>> = {
  current: 'Current GST',
  previous: 'Previous GST',
}

/** The roof a site engineer will find, as the quote form asks it (optional: it shapes the mounting and the visit). */
export const roofTypes = ['rcc', 'metal-sheet', 'tiled', 'other'] as const
export type RoofType = (typeof roofTypes)[number]
export const roofTypeLabels: Readonly<Record<RoofType, string>> = {
  rcc: 'RCC (concrete)',
  'metal-sheet': 'Metal sheet',
  tiled: 'Tiled',
  other: 'Other',
}

/** The preferred survey slot's parts of the day (its date's rule: survey-slot.ts, which the pages do not load). */
export const surveySlots = ['morning', 'afternoon'] as const
export type SurveySlot = (typeof surveySlots)[number]
export const surveySlotLabels: Readonly<Record<SurveySlot, string>> = {
  morning: 'Morning (9–12)',
  afternoon: 'Afternoon (12–5)',
}

export interface BillRange {
  /** The range as sent in the payload's `billRange`, in rupees per month, e.g. `1500-2500`. */
  readonly value: string
  /** The capacity the page selects when this range is chosen; commercial ranges have none. */
  readonly suggestedKw?: number
}

/** Residential and housing-society bill ranges with their suggested capacity. */
export const residentialBillRanges: readonly BillRange[] = [
  { value: '1500-2500', suggestedKw: 3 },
  { value: '2501-3500', suggestedKw: 4 },
  { value: '3500-4500', suggestedKw: 5 },
  { value: '4501-5500', suggestedKw: 6 },
  { value: '5501-6500', suggestedKw: 7 },
  { value: '6501-7500', suggestedKw: 8 },
  { value: '7501-10500', suggestedKw: 10 },
]

/** Commercial bill ranges: no suggested capacity. */
export const commercialBillRanges: readonly BillRange[] = [
  { value: '10000-20000' },
  { value: '20000-30000' },
  { value: '30000-40000' },
  { value: '40000-50000' },
]

/** The bill-range options of a tab. */
export function billRangesFor(category: QuoteCategory): readonly BillRange[] {
  return category === 'commercial' ? commercialBillRanges : residentialBillRanges
}

/**
 * The capacity the page selects when `billRange` is chosen on the `category` tab: the suggested kW on the
 * residential and housing tabs, `undefined` on the commercial tab or for a range not in the tab's list.
 */
export function suggestedCapacityKw(category: QuoteCategory, billRange: string): number | undefined {
  if (category === 'commercial') return undefined
  return billRangesFor(category).find((range) => range.value === billRange)?.suggestedKw
}

/** The capacity options, in kW. */
export const capacityOptionsKw = [2, 3, 4, 5, 6, 7, 8, 10] as const
export type CapacityKw = (typeof capacityOptionsKw)[number]

export function isCapacityOption(value: unknown): value is CapacityKw {
  return typeof value === 'number' && (capacityOptionsKw as readonly number[]).includes(value)
}

/** Price rule constants (current GST). */
export const priceRule = {
  upTo2Kw: 144_000,
  at3Kw: 205_000,
  perKwAbove3: 61_000,
  /** The previous-GST price adds this to the current price. */
  previousGstDisplaySurcharge: 5_000,
} as const

/**
 * The base price at current GST: up to 2 kW 144000; 3 kW 205000; above 3 kW 205000 plus 61000 per kW
 * beyond 3. A capacity between 2 and 3 kW (not an option of the page) is priced as 3 kW.
 */
export function basePriceInr(capacityKw: number): number {
  if (!Number.isFinite(capacityKw) || capacityKw <= 0) throw new RangeError(`No price for ${capacityKw} kW`)
  if (capacityKw <= 2) return priceRule.upTo2Kw
  if (capacityKw <= 3) return priceRule.at3Kw
  return priceRule.at3Kw + priceRule.perKwAbove3 * (capacityKw - 3)
}

/**
 * The one price of a quote: what the page shows, what the request's `estimatedCost` carries, what is stored
 * and what the staff see. Current GST: the base price; previous GST: the base price plus 5000. (The spec
 * also reads the previous-GST estimate as 92% of the base; a visitor shown one figure and staff quoting
 * another would disagree on the phone, so the displayed price is the only one.)
 */
export function displayedPriceInr(capacityKw: number, gstMode: GstMode): number {
  const base = basePriceInr(capacityKw)
  return gstMode === 'previous' ? base + priceRule.previousGstDisplaySurcharge : base
}

/** The amount of the payload's `estimatedCost`: the displayed price (one price both sides agree on). */
export function payloadEstimatedCostInr(capacityKw: number, gstMode: GstMode): number {
  return displayedPriceInr(capacityKw, gstMode)
}

/**
 * Made on first use, not at module load: creating an `Intl` formatter starts ICU (~27 ms of CPU), which every
 * function that imports this module (the lead forms, the login) would otherwise pay on each cold start.
 */
let inrFormat: Intl.NumberFormat | undefined

/** Indian rupees, en-IN grouping, no decimals: 327000 → `₹3,27,000`. */
export function formatInr(amount: number): string {
  inrFormat ??= new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  })
  return inrFormat.format(amount)
}

/** The payload's `estimatedCost` text for a capacity and mode, or '' when no capacity is chosen. */
export function estimatedCostText(capacityKw: number | undefined, gstMode: GstMode): string {
  return capacityKw === undefined ? '' : formatInr(payloadEstimatedCostInr(capacityKw, gstMode))
}

/**
 * The agree checkbox's text, and the version recorded with each stored quote's agreement. The terms only:
 * what the quote's data is used for is the privacy notice's, stated beside the form, and each optional use
 * is a box of its own (consent-fields.ts). Until 2026-11-27 the box bundled "& privacy policy".
 */
export const quoteConsent = {
  text: 'I agree to the terms of service',
  version: 'quote-terms-2026-11-27',
} as const

// The forms' one phone rule (phone.ts). The patterns below are written so that their source without the
// anchors is also a valid HTML `pattern`.
export { indianMobilePattern } from './phone'
/** A 6-digit Indian PIN code (it does not start with 0). */
export const pincodePattern = /^[1-9]\d{5}$/
/**
 * A rupee amount as people write it, the quote form's bill and the calculator's amounts (amountOf): `2500`,
 * `2,500`, `2,50,000`, `₹2,500`, `Rs. 2500`, `INR 2500`, `2500/-`, `8.5`; never hex (`0x10`), `1e3`, a sign
 * or words. The letters in both cases, as an HTML pattern takes no flags; the amount is its second group
 * (plain groups: this module is in the forms' first load, and `(?:` costs bytes there).
 */
export const billPattern = /^(₹|[Rr][Ss]\.?|[Ii][Nn][Rr])?\s*(\d[\d,]*(\.\d+)?)(\s*\/-)?$/

export type { QuoteRequest } from './quote-schema'

/** What the server works out from a valid request: the quote's one price, computed by itself. */
export interface QuoteEstimate {
  /** The price the page displays for this capacity and GST mode (previous: base + 5000). */
  readonly displayedPriceInr: number
  /** The amount of the payload's estimatedCost: the same price (kept as its own figure for stored leads). */
  readonly estimatedCostInr: number
  /** `estimatedCostInr` formatted as the payload carries it. */
  readonly estimatedCost: string
}

/** The server's own estimate, or undefined when no capacity was chosen. */
export function estimateQuote(
  quote: Pick<QuoteRequest, 'capacityKw' | 'gstMode'>,
): QuoteEstimate | undefined {
  if (quote.capacityKw === undefined) return undefined
  const estimatedCostInr = payloadEstimatedCostInr(quote.capacityKw, quote.gstMode)
  return {
    displayedPriceInr: displayedPriceInr(quote.capacityKw, quote.gstMode),
    estimatedCostInr,
    estimatedCost: formatInr(estimatedCostInr),
  }
}
