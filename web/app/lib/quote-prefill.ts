import {
  type BillRange,
  billPattern,
  billRangesFor,
  isCapacityOption,
  pincodePattern,
  type QuoteCategory,
} from '@core/quote'

/**
 * Links into /get-quote that fill the form in: `capacityKw`, `bill` (₹ a month, which also picks the bill
 * range it falls in), `pincode`, and `report` (the solar calculator's own query, sent with the quote so the
 * server can recompute the report). The tab is the hash, as always. Shared by two features: the quote form
 * reads these links and the solar calculator makes them.
 */
export interface QuotePrefill {
  readonly capacityKw?: number
  readonly bill?: string
  readonly pincode?: string
  /** The calculator's query (`category=…&bill=…`). */
  readonly report?: string
}

/** The /get-quote link of a prefill, on the tab of `category`. */
export function quotePrefillPath(category: QuoteCategory, prefill: QuotePrefill): string {
  const params = new URLSearchParams()
  if (prefill.capacityKw !== undefined) params.set('capacityKw', String(prefill.capacityKw))
  if (prefill.bill) params.set('bill', prefill.bill)
  if (prefill.pincode) params.set('pincode', prefill.pincode)
  if (prefill.report) params.set('report', prefill.report)
  const search = params.toString()
  return `/get-quote${search ? `?${search}` : ''}#${category}`
}

/** What a /get-quote query fills in: only values the form accepts (a capacity it offers, a bill, a PIN). */
export function quotePrefillOf(search: string): QuotePrefill {
  const params = new URLSearchParams(search)
  const capacityKw = Number(params.get('capacityKw') ?? Number.NaN)
  const bill = (params.get('bill') ?? '').trim()
  const pincode = (params.get('pincode') ?? '').trim()
  const report = params.get('report') ?? ''
  return {
    ...(isCapacityOption(capacityKw) ? { capacityKw } : {}),
    ...(billPattern.test(bill) ? { bill } : {}),
    ...(pincodePattern.test(pincode) ? { pincode } : {}),
    ...(report ? { report } : {}),
  }
}

/** The bill range of a tab that a monthly bill falls in (`1500-2500` holds 1500 to 2500), or '' (none for no amount). */
export function billRangeOfBill(category: QuoteCategory, bill: string | undefined): string {
  const amount = Number(billPattern.exec(bill ?? '')?.[2]?.replace(/,/g, ''))
  const within = (range: BillRange) => {
    const [low = Number.NaN, high = Number.NaN] = range.value.split('-').map(Number)
    return amount >= low && amount <= high
  }
  return billRangesFor(category).find(within)?.value ?? ''
}
