import { stateOfPincode } from './pincode-state'
import {
  basePriceInr,
  type CapacityKw,
  capacityOptionsKw,
  type QuoteCategory,
  quoteCategories,
} from './quote'
import type { SolarReportInput } from './solar-report-schema'
import { pmSuryaGharSubsidy, type RuleSource, type Subsidy } from './subsidy'

/**
 * The solar savings report: from a bill (or units), a PIN code and optional roof area and capacity to a
 * recommended system, its price (the quote form's price rule), the PM Surya Ghar subsidy, the saving, the
 * payback and the CO₂ avoided. Pure: the /solar-calculator page shows it and the quote API recomputes it.
 * Every default below is an assumption the report states; change them here (and the README's table).
 */
export const solarAssumptions = {
  /** The day these defaults were last compared with their sources. */
  asOf: '2026-11-25',
  /** Default electricity tariff, ₹ per unit (kWh); the visitor can change it. */
  tariffInrPerUnit: 8,
  /** Yearly generation per kW of panels, kWh (the band quoted for India is 1,200–1,600). */
  generationKwhPerKwYear: 1_400,
  generationBandKwhPerKwYear: [1_200, 1_600],
  /** Panel output lost each year, as a fraction. */
  degradationPerYear: 0.005,
  /** Tariff rise each year, as a fraction. */
  tariffEscalationPerYear: 0.03,
  /** The life the long-term figures cover, in years. */
  lifetimeYears: 25,
  /** Shade-free roof area one kW of panels needs, sq ft. */
  roofSqftPerKw: 100,
  /** Grid emission factor, tonnes of CO₂ per MWh (all-India weighted average, FY 2024-25). */
  gridEmissionTonnesPerMwh: 0.7117,
  /** Public-sector bank loans for rooftop solar up to 3 kW. */
  loan: { ratePercent: 7, tenureYears: 10, marginPercent: 10, maxAmountInr: 200_000, maxCapacityKw: 3 },
} as const

/** Where each default comes from, shown with the report's assumptions and in the README. */
export const solarAssumptionSources = {
  tariff: {
    name: 'A typical residential tariff at the higher consumption slabs; state tariffs differ: use your own bill',
    url: 'https://pmsuryaghar.gov.in/',
  },
  generation: {
    name: 'MNRE: 1 kW of rooftop solar generates about 4–4.5 units a day (1,200–1,600 a year by site)',
    url: 'https://pmsuryaghar.gov.in/',
  },
  emission: {
    name: 'Central Electricity Authority, CO₂ Baseline Database for the Indian Power Sector, version 21.0 (FY 2024-25)',
    url: 'https://cea.nic.in/cdm-co2-baseline-database/?lang=en',
  },
  loan: {
    name: 'PM Surya Ghar national portal: collateral-free loans at about 7 % from public-sector banks for systems up to 3 kW',
    url: 'https://pmsuryaghar.gov.in/',
  },
} as const satisfies Readonly<Record<string, RuleSource>>

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

/** The smallest size we sell. */
export const smallestKw = capacityOptionsKw[0]
const largestKw = capacityOptionsKw[capacityOptionsKw.length - 1] as CapacityKw

/** The largest size we sell that fits `roofSqft`, or undefined when not even the smallest fits. */
export function largestFittingKw(roofSqft: number): CapacityKw | undefined {
  const maxKw = roofSqft / solarAssumptions.roofSqftPerKw
  return [...capacityOptionsKw].reverse().find((kw) => kw <= maxKw)
}

export type { SolarReportInput } from './solar-report-schema'

/** The size we sell nearest to `neededKw` (a tie goes to the larger), from the smallest to the largest. */
export function nearestSoldKw(neededKw: number): CapacityKw {
  let best: CapacityKw = smallestKw
  for (const kw of capacityOptionsKw) {
    if (Math.abs(kw - neededKw) <= Math.abs(best - neededKw)) best = kw
  }
  return best
}

/** Why the report's capacity is what it is. */
export type CapacityBasis = 'chosen' | 'usage' | 'usage-roof-limited' | 'usage-above-largest'

export interface SolarYear {
  readonly year: number
  readonly generationKwh: number
  readonly savingInr: number
  readonly cumulativeSavingInr: number
}

export interface SolarReport {
  readonly input: SolarReportInput
  /** The state found from the PIN code, or undefined when its prefix names none. */
  readonly state: string | undefined
  readonly tariffInrPerUnit: number
  /** The monthly units the bill stands for (bill ÷ tariff), or as given; undefined with a capacity only. */
  readonly monthlyUnits: number | undefined
  /** The capacity the usage needs at the stated generation, before rounding to a size we sell. */
  readonly neededKw: number | undefined
  readonly capacityKw: CapacityKw
  readonly capacityBasis: CapacityBasis
  readonly yearlyGenerationKwh: number
  readonly systemPriceInr: number
  readonly subsidy: Subsidy
  readonly netCostInr: number
  readonly yearlySavingInr: number
  readonly monthlySavingInr: number
  /** Net cost over the first year's monthly saving, rounded up; undefined when nothing is saved. */
  readonly paybackMonths: number | undefined
  readonly lifetimeSavingInr: number
  readonly co2TonnesPerYear: number
  readonly co2TonnesLifetime: number
  /** Year by year over the lifetime: generation, saving, cumulative saving. */
  readonly years: readonly SolarYear[]
}

/** The capacity of a report and why: the chosen one, or the usage's need rounded to a size, within the roof. */
function capacityFor(
  input: SolarReportInput,
  neededKw: number | undefined,
): { capacityKw: CapacityKw; basis: CapacityBasis } {
  if (input.capacityKw !== undefined) return { capacityKw: input.capacityKw as CapacityKw, basis: 'chosen' }
  const needed = neededKw ?? smallestKw
  const rounded = nearestSoldKw(needed)
  const roofLimit = input.roofSqft === undefined ? undefined : largestFittingKw(input.roofSqft)
  if (roofLimit !== undefined && roofLimit < rounded)
    return { capacityKw: roofLimit, basis: 'usage-roof-limited' }
  if (needed > largestKw) return { capacityKw: rounded, basis: 'usage-above-largest' }
  return { capacityKw: rounded, basis: 'usage' }
}

/**
 * The report of checked inputs. Generation falls by the degradation each year and the tariff rises by the
 * escalation; a year's saving is its generation, up to the usage when the usage is known (export beyond it
 * is not counted), at that year's tariff. Payback is simple: net cost over the first year's saving.
 */
export function solarReport(input: SolarReportInput): SolarReport {
  const a = solarAssumptions
  const tariff = input.tariff ?? a.tariffInrPerUnit
  const monthlyUnits = input.units ?? (input.bill === undefined ? undefined : input.bill / tariff)
  const neededKw = monthlyUnits === undefined ? undefined : (monthlyUnits * 12) / a.generationKwhPerKwYear
  const { capacityKw, basis } = capacityFor(input, neededKw)
  const state = stateOfPincode(input.pincode)
  const systemPriceInr = basePriceInr(capacityKw)
  const subsidy = pmSuryaGharSubsidy(input.category, capacityKw, state)
  const netCostInr = Math.max(systemPriceInr - subsidy.amountInr, 0)
  const yearlyUse = monthlyUnits === undefined ? Number.POSITIVE_INFINITY : monthlyUnits * 12

  const years: SolarYear[] = []
  let cumulative = 0
  let lifetimeGeneration = 0
  for (let year = 1; year <= a.lifetimeYears; year += 1) {
    const generationKwh = capacityKw * a.generationKwhPerKwYear * (1 - a.degradationPerYear) ** (year - 1)
    const savingInr =
      Math.min(generationKwh, yearlyUse) * tariff * (1 + a.tariffEscalationPerYear) ** (year - 1)
    cumulative += savingInr
    lifetimeGeneration += generationKwh
    years.push({
      year,
      generationKwh: Math.round(generationKwh),
      savingInr: Math.round(savingInr),
      cumulativeSavingInr: Math.round(cumulative),
    })
  }
  const yearlyGenerationKwh = capacityKw * a.generationKwhPerKwYear
  const yearlySavingInr = Math.round(Math.min(yearlyGenerationKwh, yearlyUse) * tariff)
  const monthlySavingInr = Math.round(yearlySavingInr / 12)
  const tonnesPerKwh = a.gridEmissionTonnesPerMwh / 1000
  return {
    input,
    state,
    tariffInrPerUnit: tariff,
    monthlyUnits,
    neededKw,
    capacityKw,
    capacityBasis: basis,
    yearlyGenerationKwh,
    systemPriceInr,
    subsidy,
    netCostInr,
    yearlySavingInr,
    monthlySavingInr,
    paybackMonths: yearlySavingInr > 0 ? Math.ceil(netCostInr / (yearlySavingInr / 12)) : undefined,
    lifetimeSavingInr: Math.round(cumulative),
    co2TonnesPerYear: yearlyGenerationKwh * tonnesPerKwh,
    co2TonnesLifetime: lifetimeGeneration * tonnesPerKwh,
    years,
  }
}

/** `74` → `6 years 2 months`; `12` → `1 year`; `5` → `5 months`. */
export function formatPayback(months: number | undefined): string {
  if (months === undefined) return 'No payback: nothing is saved'
  const years = Math.floor(months / 12)
  const rest = months % 12
  const part = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`
  return [years > 0 ? part(years, 'year') : '', rest > 0 || years === 0 ? part(rest, 'month') : '']
    .filter(Boolean)
    .join(' ')
}

/** A loan's monthly instalment (EMI), rounded: `amount · r(1+r)^n / ((1+r)^n − 1)`, r monthly, n months. */
export function loanEmiInr(amountInr: number, ratePercentPerYear: number, tenureYears: number): number {
  const months = Math.round(tenureYears * 12)
  if (!(amountInr > 0) || !(months > 0) || !(ratePercentPerYear >= 0)) return 0
  const rate = ratePercentPerYear / 100 / 12
  if (rate === 0) return Math.round(amountInr / months)
  const growth = (1 + rate) ** months
  return Math.round((amountInr * rate * growth) / (growth - 1))
}

/**
 * The loan the report starts from: the system price less the bank's margin, capped at the scheme banks' limit
 * for systems up to 3 kW (larger systems: the price less the margin; their terms differ by bank).
 */
export function defaultLoanAmountInr(capacityKw: number, systemPriceInr: number): number {
  const { marginPercent, maxAmountInr, maxCapacityKw } = solarAssumptions.loan
  const financed = Math.round(systemPriceInr * (1 - marginPercent / 100))
  return capacityKw <= maxCapacityKw ? Math.min(financed, maxAmountInr) : financed
}

/** The figures the quote API stores with a quote sent from the report (flat, for the lead's details). */
export interface SolarReportFigures {
  readonly capacityKw: number
  readonly state: string
  readonly tariffInrPerUnit: number
  readonly yearlyGenerationKwh: number
  readonly systemPriceInr: number
  readonly subsidyInr: number
  readonly netCostInr: number
  readonly monthlySavingInr: number
  readonly yearlySavingInr: number
  readonly paybackMonths: number | null
  readonly payback: string
  readonly lifetimeSavingInr: number
  readonly co2TonnesPerYear: number
  readonly assumptionsAsOf: string
}

/** The stored summary of a report. */
export function solarReportFigures(report: SolarReport): SolarReportFigures {
  return {
    capacityKw: report.capacityKw,
    state: report.state ?? 'not found from the PIN code',
    tariffInrPerUnit: report.tariffInrPerUnit,
    yearlyGenerationKwh: report.yearlyGenerationKwh,
    systemPriceInr: report.systemPriceInr,
    subsidyInr: report.subsidy.amountInr,
    netCostInr: report.netCostInr,
    monthlySavingInr: report.monthlySavingInr,
    yearlySavingInr: report.yearlySavingInr,
    paybackMonths: report.paybackMonths ?? null,
    payback: formatPayback(report.paybackMonths),
    lifetimeSavingInr: report.lifetimeSavingInr,
    co2TonnesPerYear: Math.round(report.co2TonnesPerYear * 100) / 100,
    assumptionsAsOf: solarAssumptions.asOf,
  }
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
