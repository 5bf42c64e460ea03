import { billPattern, type QuoteCategory, quoteCategories } from './quote'

/**
 * The solar report's inputs as text: their names (the calculator page's URL parameters and the quote API's
 * `report` object), their upper limits, and the URL query that carries them. The rules that check them are
 * in solar-report-schema.ts.
 */

/** The report's inputs: the page's URL parameters and the quote API's `report` object use these names. */
export const solarReportParams = [
  'category',
  'bill',
  'units',
  'pincode',
  'roofSqft',
  'capacityKw',
  'tariff',
  'fixedCharge',
  'houses',
  'state',
] as const
export type SolarReportParam = (typeof solarReportParams)[number]

/**
 * The plausible range of each numeric input, shared by the page's fields and the schema: a bill of ₹1 or a
 * tariff of ₹0.5 a unit is a typing slip, not a home, and would give a payback of centuries. A bill below
 * ₹200 a month is less than the fixed charges of most connections; tariffs run from about ₹2 (the lowest
 * slabs) to ₹20 a unit (the highest commercial slabs with surcharges).
 */
export const solarInputRanges = {
  bill: { min: 200, max: 10_000_000 },
  units: { min: 20, max: 1_000_000 },
  roofSqft: { min: 1, max: 10_000_000 },
  tariff: { min: 2, max: 20 },
  fixedCharge: { min: 0, max: 1_000_000 },
  /** Houses of a housing society: the scheme counts 3 kW per house towards its 500 kW. */
  houses: { min: 1, max: 10_000 },
} as const

/**
 * A number as people write it (`billPattern`, the quote form's bill rule too): `2500`, `2,500`, `2,50,000`,
 * `₹2,500`, `Rs. 2500`, `2500/-`, `8.5`. Anything else (hex such as `0x10`, `1e3`, a sign, words) is not a
 * number here.
 */
export function amountOf(text: string): number | undefined {
  const digits = billPattern.exec(text.trim())?.[2]
  const number = Number(digits?.replace(/,/g, ''))
  return digits !== undefined && Number.isFinite(number) ? number : undefined
}

/** The URL query of a report's inputs, in the order of `solarReportParams`, leaving out empty ones. */
export function solarReportQuery(
  input: Partial<Record<SolarReportParam, string | number | undefined>>,
): string {
  const params = new URLSearchParams()
  for (const key of solarReportParams) {
    const value = input[key]
    if (value === undefined || String(value).trim() === '') continue
    params.set(key, String(value).trim())
  }
  return params.toString()
}

/** The report's parameters found in a URL query, as text (unknown ones dropped); check with the schema. */
export function solarReportParamsOf(search: URLSearchParams): Partial<Record<SolarReportParam, string>> {
  const found: Partial<Record<SolarReportParam, string>> = {}
  for (const key of solarReportParams) {
    const value = search.get(key)
    if (value !== null) found[key] = value
  }
  return found
}

/** The category the report's inputs name, or the default. */
export function reportCategory(value: string | undefined): QuoteCategory {
  return (quoteCategories as readonly string[]).includes(value ?? '')
    ? (value as QuoteCategory)
    : 'residential'
}
