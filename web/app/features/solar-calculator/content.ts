import { formatInr } from '@core/quote'
import type { CapacityBasis } from '@core/solar-savings'
import type { pmSuryaGhar, SubsidyRule } from '@core/subsidy'
import { calculatorPageCopy } from './page-content'

/** 3 → '3rd'. */
const ordinal = (n: number): string =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`

/**
 * The solar calculator's copy: the page's (page-content.ts) and the report's. Figures and rules come from
 * functions/core (solar-savings.ts, subsidy.ts).
 */
export const calculatorPage = {
  ...calculatorPageCopy,
  reportDate: (date: string) => `Prepared on ${date}`,
  estimateNote:
    'An estimate, not an offer: it uses the assumptions listed below. Your site survey, your tariff and the subsidy portal decide the final figures.',
  figures: {
    capacity: 'Recommended capacity',
    chosenCapacity: 'Capacity',
    generation: 'Generation per year',
    price: 'System price',
    priceNote: 'Our price list, at the current GST rate',
    subsidy: 'PM Surya Ghar subsidy',
    netCost: 'Your cost after subsidy',
    monthlySaving: 'Saving per month',
    yearlySaving: 'Saving in the first year',
    payback: 'Simple payback',
    lifetimeSaving: (years: number) => `Saving over ${years} years`,
    co2Year: 'CO₂ avoided per year',
    co2Lifetime: (years: number) => `CO₂ avoided over ${years} years`,
  },
  capacityReason: {
    chosen: 'The capacity you chose.',
    usage: 'Your usage at the stated generation, rounded to a size we sell.',
    'usage-roof-limited': 'Limited by your roof area (100 sq ft per kW).',
    'usage-above-largest':
      'Your usage needs more than 10 kW; our online price list covers 2 to 10 kW, so this report shows 10 kW. Ask us for a quote for a larger system.',
  } satisfies Record<CapacityBasis, string>,
  /** What the subsidy line says of the rule it applied, with the scheme's own amounts (functions/core/subsidy.ts). */
  subsidyNote: (rule: SubsidyRule, scheme: typeof pmSuryaGhar): string => {
    const slabs = (amounts: { readonly [Key in keyof typeof scheme.residential]: number }) =>
      `${formatInr(amounts.firstKwRate)} per kW for the first ${amounts.firstKwLimit} kW and ${formatInr(amounts.nextKwRate)} for the ${ordinal(amounts.firstKwLimit + amounts.nextKwLimit)} kW`
    switch (rule) {
      case 'residential':
        return `Residential: ${slabs(scheme.residential)}; nothing beyond ${scheme.residential.firstKwLimit + scheme.residential.nextKwLimit} kW.`
      case 'residential-special':
        return `Residential in a special-category state or union territory: ${slabs(scheme.residentialSpecial)}.`
      case 'housing':
        return `Housing societies and RWAs: ${formatInr(scheme.housing.perKwRate)} per kW for common facilities, up to ${scheme.housing.maxKw} kW (the scheme counts 3 kW per house, residents’ own systems included).`
      case 'none':
        return 'Commercial sites get no PM Surya Ghar subsidy.'
    }
  },
  subsidyConditions:
    'The subsidy is paid by the scheme after installation and inspection, through the national portal and your electricity distribution company, who decide whether your system qualifies. This estimate assumes it does.',
  stateFound: (state: string) => `Your PIN code is in ${state} (read from its first digits).`,
  stateNotFound: 'We could not tell the state from this PIN code, so the general subsidy rates are used.',
  rulesLink: 'Read the subsidy rules',
  savingNoteUsage:
    'Saving counts the units you use (up to your bill’s units) at your tariff; units exported beyond that are not counted.',
  savingNoteNoUsage: 'Without your bill, saving counts every unit generated at your tariff.',
  loan: {
    heading: 'Paying with a loan',
    intro:
      'Public-sector banks lend for rooftop solar under the scheme. Change the amount, rate and tenure to your bank’s terms.',
    amount: 'Loan amount (₹)',
    rate: 'Interest rate (% a year)',
    tenure: 'Tenure (years)',
    emi: 'Monthly instalment (EMI)',
    versusSaving: (saving: string) => `Against a saving of ${saving} a month`,
    largeSystem: 'Above 3 kW, banks’ rates and margins differ: enter your bank’s terms.',
    invalid: 'Enter an amount, a rate of 0 to 30 % and a tenure of 1 to 30 years.',
  },
  chart: {
    heading: 'Cumulative saving against your cost',
    description: (years: number) =>
      `The line is your cumulative saving over ${years} years; the dashed line is your cost after subsidy.`,
    crossing: (year: number) => `The saving passes your cost in year ${year}.`,
    noCrossing: (years: number) => `The saving does not pass your cost within ${years} years.`,
    tableSummary: 'Year-by-year table',
    year: 'Year',
    generation: 'Generation (kWh)',
    saving: 'Saving (₹)',
    cumulative: 'Cumulative saving (₹)',
    savingLegend: 'Cumulative saving',
    costLegend: 'Cost after subsidy',
  },
  assumptions: {
    heading: 'Assumptions and sources',
    asOf: (date: string) => `Rules and defaults as of ${date}.`,
  },
  actions: {
    quote: 'Get this as a quote',
    print: 'Print or save as PDF',
  },
} as const
