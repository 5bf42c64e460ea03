import type { RuleSource } from './subsidy'

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
