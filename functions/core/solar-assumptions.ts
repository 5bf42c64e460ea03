import type { QuoteCategory } from './quote'
import type { RuleSource } from './subsidy'

/**
 * The solar savings report's assumptions (solar-savings.ts): every default the report states, with the day
 * they were last checked and their sources. Change them here (and the README's table).
 */
export const solarAssumptions = {
  /** The day these defaults were last compared with their sources. */
  asOf: '2026-11-25',
  /** Default electricity tariff, ₹ per unit (kWh), by category; the visitor can change it. */
  tariffInrPerUnit: { residential: 8, housing: 8, commercial: 10 } satisfies Record<QuoteCategory, number>,
  /**
   * The part of a monthly bill solar does not remove, ₹ a month, by category: the fixed or demand charge of
   * the connected load, meter rent and the duty on them. The visitor can change it (their bill shows it).
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
  /** Any other loan (a home above 3 kW, a society, a business): an assumed market rate, changed to the bank's. */
  marketLoan: { ratePercent: 10, tenureYears: 10, marginPercent: 10 },
} as const

/** Where each default comes from, shown with the report's assumptions and in the README. */
export const solarAssumptionSources = {
  tariff: {
    name: 'A typical tariff at the higher slabs: homes ₹8, businesses ₹10 a unit (e.g. Delhi’s tariff order of 2015-16: ₹7.30–8.75 for homes, ₹8.50–9.95 for shops and offices, before surcharges); state tariffs differ: use your own bill',
    url: 'https://www.derc.gov.in/',
  },
  fixedCharge: {
    name: 'Fixed charges by connected load (e.g. Delhi’s tariff order of 2015-16: ₹100 a month for a 2–5 kW home, ₹100 per kW a month for a shop up to 10 kW), meter rent and duty; net metering offsets units, not these',
    url: 'https://www.derc.gov.in/',
  },
  netMetering: {
    name: 'Net metering: exported units offset imported units in the billing period; a surplus is settled at the distribution company’s own rate, so this report counts none',
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
    name: 'PM Surya Ghar national portal: collateral-free loans at about 7 % from public-sector banks for homes’ systems up to 3 kW',
    url: 'https://pmsuryaghar.gov.in/',
  },
  subsidyCredit: {
    name: 'PM Surya Ghar national portal: the subsidy is credited to the bank account within about 30 days of the inspection after commissioning',
    url: 'https://pmsuryaghar.gov.in/',
  },
} as const satisfies Readonly<Record<string, RuleSource>>
