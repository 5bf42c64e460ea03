import type { QuoteCategory } from './quote'

/**
 * The solar savings report's assumptions (solar-savings.ts): every default the report states, with the day
 * they were last checked. Their sources are in solar-assumption-sources.ts (text the report shows, kept out of
 * the page's first load, which reads the tariff and fixed-part defaults). Change them here, there and in the
 * README's table.
 */
export const solarAssumptions = {
  /** The day these defaults were last compared with their sources. */
  asOf: '2026-11-25',
  /**
   * Default electricity tariff, ₹ per unit (kWh), by category; the visitor can change it. An assumption (a
   * round typical value), compared with the Delhi Electricity Regulatory Commission's tariff order for FY
   * 2015-16 (derc.gov.in): ₹7.30–8.75 a unit at homes' higher slabs, ₹8.50–9.95 non-domestic. Not checked
   * against any newer order here; tariffs differ by state and year.
   */
  tariffInrPerUnit: { residential: 8, housing: 8, commercial: 10 } satisfies Record<QuoteCategory, number>,
  /**
   * The part of a monthly bill solar does not remove, ₹ a month, by category: the fixed or demand charge of
   * the connected load, meter rent and the duty on them. The visitor can change it (their bill shows it). An
   * assumption (round typical values), compared with the same DERC order for FY 2015-16: ₹100 a month for a
   * 2–5 kW home, ₹100 per kW a month non-domestic up to 10 kW; a society's ₹1,000 has no such comparison.
   */
  fixedChargeInr: { residential: 150, housing: 1_000, commercial: 2_000 } satisfies Record<
    QuoteCategory,
    number
  >,
  /** Days from commissioning until the subsidy reaches the bank account, as the national portal states. */
  subsidyCreditDays: 30,
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
  /**
   * Any other loan (a home above 3 kW, a society, a business): 10 % a year is an assumption with no source,
   * a round market rate the visitor changes to their bank's.
   */
  marketLoan: { ratePercent: 10, tenureYears: 10, marginPercent: 10 },
} as const
