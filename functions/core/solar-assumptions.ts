import type { RuleSource } from './subsidy'

/**
 * The solar savings report's assumptions (solar-savings.ts): every default the report states, with the day
 * they were last checked and their sources. Change them here (and the README's table).
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
