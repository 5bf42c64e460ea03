import { type QuoteCategory, quoteCategories } from './quote'

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
] as const
export type SolarReportParam = (typeof solarReportParams)[number]

/** Upper limits of the inputs, shared by the page's fields and the schema. */
export const solarInputLimits = {
  billInr: 10_000_000,
  units: 1_000_000,
  roofSqft: 10_000_000,
  tariffInrPerUnit: 50,
} as const

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
