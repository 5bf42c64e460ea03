import { type ReportState, stateOfReport } from './pincode-state'
import { basePriceInr, type CapacityKw } from './quote'
import { solarAssumptions } from './solar-assumptions'
import { defaultLoanAmountInr, type LoanTerms, loanEmiInr, loanTermsFor } from './solar-loan'
import type { SolarReportInput } from './solar-report-schema'
import { largestFittingKw, largestKw, nearestSoldKw, smallestKw } from './solar-sizing'
import { pmSuryaGharSubsidy, type Subsidy } from './subsidy'

/**
 * The solar savings report: from a bill (or units), a PIN code and optional roof area and capacity to a
 * recommended system, its price (the quote form's price rule), the PM Surya Ghar subsidy, the bill before
 * and after, the cash flow (paid at installation or by a loan, the subsidy credited later), the payback and
 * the CO₂ avoided. The saving is never the whole bill: the fixed part of a bill (fixed or demand charges,
 * meter rent, duty) stays, and net metering offsets only the units used. Pure: the /solar-calculator page shows it and the quote API recomputes it.
 * Its defaults are in solar-assumptions.ts, the sizes it may recommend in solar-sizing.ts, its inputs'
 * names and URL query in solar-report-params.ts, the loan in solar-loan.ts.
 */

export type { SolarReportInput } from './solar-report-schema'

/** Why the report's capacity is what it is. */
export type CapacityBasis =
  | 'chosen'
  | 'usage'
  | 'usage-roof-limited'
  /** The usage needs more than our price list covers: a quote, not a price, answers it. */
  | 'usage-above-largest'
  /** The usage needs less than our smallest size (the scheme also pays for 1 kW). */
  | 'usage-below-smallest'

export interface SolarYear {
  readonly year: number
  readonly generationKwh: number
  readonly savingInr: number
  readonly cumulativeSavingInr: number
}

export interface SolarReport {
  readonly input: SolarReportInput
  /** The state the subsidy used: the visitor's choice, else the PIN code's; undefined when neither names one. */
  readonly state: string | undefined
  readonly stateBasis: ReportState['basis']
  readonly tariffInrPerUnit: number
  /** The part of the monthly bill solar does not remove (fixed charges, meter rent, duty). */
  readonly fixedChargeInr: number
  /** The monthly bill as given, or the units at the tariff plus the fixed part; undefined without usage. */
  readonly billBeforeInr: number | undefined
  /** The monthly bill with solar, about: the bill less the saving, never below the fixed part. */
  readonly billAfterInr: number | undefined
  /** The monthly units the bill stands for (bill ÷ tariff), or as given; undefined with a capacity only. */
  readonly monthlyUnits: number | undefined
  /** The capacity the usage needs at the stated generation, before rounding to a size we sell. */
  readonly neededKw: number | undefined
  readonly capacityKw: CapacityKw
  readonly capacityBasis: CapacityBasis
  readonly yearlyGenerationKwh: number
  readonly systemPriceInr: number
  readonly subsidy: Subsidy
  /** The price less the subsidy: what the system costs in the end, not what is paid at installation. */
  readonly netCostInr: number
  /** The loan the report starts from: its terms (the scheme's or a market rate), principal and EMI. */
  readonly loan: LoanTerms & { readonly principalInr: number; readonly emiInr: number }
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
  // A need that rounds to 1 kW or less: the smallest size we sell is larger than the use.
  if (Math.round(needed) < smallestKw) return { capacityKw: rounded, basis: 'usage-below-smallest' }
  return { capacityKw: rounded, basis: 'usage' }
}

/**
 * The report of checked inputs. Generation falls by the degradation each year and the tariff rises by the
 * escalation; a year's saving is its generation, up to the usage when the usage is known (export beyond it
 * is not counted), at that year's tariff. Payback is simple: net cost over the first year's saving.
 */
export function solarReport(input: SolarReportInput): SolarReport {
  const a = solarAssumptions
  const tariff = input.tariff ?? a.tariffInrPerUnit[input.category]
  const fixedChargeInr = input.fixedCharge ?? a.fixedChargeInr[input.category]
  // Only the energy part of a bill is units: the fixed part stays whatever the panels make.
  const monthlyUnits =
    input.units ?? (input.bill === undefined ? undefined : Math.max(input.bill - fixedChargeInr, 0) / tariff)
  // Units win over a bill, as for the size.
  const billBeforeInr =
    input.units === undefined ? input.bill : Math.round(input.units * tariff + fixedChargeInr)
  const neededKw = monthlyUnits === undefined ? undefined : (monthlyUnits * 12) / a.generationKwhPerKwYear
  const { capacityKw, basis } = capacityFor(input, neededKw)
  const { state, basis: stateBasis } = stateOfReport(input.pincode, input.state)
  const systemPriceInr = basePriceInr(capacityKw)
  const subsidy = pmSuryaGharSubsidy(input.category, capacityKw, state, input.houses)
  const netCostInr = Math.max(systemPriceInr - subsidy.amountInr, 0)
  const loanTerms = loanTermsFor(input.category, capacityKw)
  const principalInr = defaultLoanAmountInr(capacityKw, systemPriceInr, input.category)
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
    stateBasis,
    tariffInrPerUnit: tariff,
    fixedChargeInr,
    billBeforeInr,
    billAfterInr:
      billBeforeInr === undefined ? undefined : Math.max(billBeforeInr - monthlySavingInr, fixedChargeInr),
    monthlyUnits,
    neededKw,
    capacityKw,
    capacityBasis: basis,
    yearlyGenerationKwh,
    systemPriceInr,
    subsidy,
    netCostInr,
    loan: {
      ...loanTerms,
      principalInr,
      emiInr: loanEmiInr(principalInr, loanTerms.ratePercent, loanTerms.tenureYears),
    },
    yearlySavingInr,
    monthlySavingInr,
    paybackMonths: yearlySavingInr > 0 ? Math.ceil(netCostInr / (yearlySavingInr / 12)) : undefined,
    lifetimeSavingInr: Math.round(cumulative),
    co2TonnesPerYear: yearlyGenerationKwh * tonnesPerKwh,
    co2TonnesLifetime: lifetimeGeneration * tonnesPerKwh,
    years,
  }
}

/**
 * `74` → `6 years 2 months`; `12` → `1 year`; `5` → `5 months`; beyond the system's life, says so rather than
 * a payback of centuries.
 */
export function formatPayback(months: number | undefined): string {
  if (months === undefined) return 'No payback: nothing is saved'
  if (months > solarAssumptions.lifetimeYears * 12)
    return `Not within the system’s ${solarAssumptions.lifetimeYears} years`
  const years = Math.floor(months / 12)
  const rest = months % 12
  const part = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`
  return [years > 0 ? part(years, 'year') : '', rest > 0 || years === 0 ? part(rest, 'month') : '']
    .filter(Boolean)
    .join(' ')
}

/** The figures the quote API stores with a quote sent from the report (flat, for the lead's details). */
export interface SolarReportFigures {
  readonly capacityKw: number
  /** The capacity the usage needs, kW to one decimal; null with a capacity only. */
  readonly neededKw: number | null
  /** Whether the usage needs more than the price list covers: the price is of its largest size. */
  readonly beyondPriceList: boolean
  readonly state: string
  /** `chosen` by the visitor, read from the `pincode`, or `unknown`. */
  readonly stateBasis: string
  readonly tariffInrPerUnit: number
  readonly fixedChargeInr: number
  readonly billBeforeInr: number | null
  readonly billAfterInr: number | null
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
    neededKw: report.neededKw === undefined ? null : Math.round(report.neededKw * 10) / 10,
    beyondPriceList: report.capacityBasis === 'usage-above-largest',
    state: report.state ?? 'not found from the PIN code',
    stateBasis: report.stateBasis,
    tariffInrPerUnit: report.tariffInrPerUnit,
    fixedChargeInr: report.fixedChargeInr,
    billBeforeInr: report.billBeforeInr ?? null,
    billAfterInr: report.billAfterInr ?? null,
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
