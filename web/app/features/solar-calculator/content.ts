import { formatInr } from '@core/quote'
import { solarAssumptions } from '@core/solar-assumptions'
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
  /** The printed report's line naming who prepared it and how to reach them. */
  preparedBy: (company: string) => `Prepared by ${company}`,
  estimateNote:
    'An estimate, not an offer: it uses the assumptions listed below. Your site survey, your tariff and the subsidy portal decide the final figures.',
  figures: {
    capacity: 'Recommended capacity',
    chosenCapacity: 'Capacity',
    generation: 'Generation per year',
    price: 'System price',
    priceNote: 'Our price list, at the current GST rate',
    subsidy: 'PM Surya Ghar subsidy',
    netCost: 'Net cost (price less subsidy)',
    netCostNote: 'What the system costs you in the end; you pay the full price first.',
    billBefore: 'Your bill before',
    billAfter: 'Your bill after (≈)',
    billAfterNote: (fixed: string) => `At least the fixed part of ${fixed} a month stays.`,
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
    'usage-above-largest': 'Your usage needs more than our online price list covers.',
    'usage-below-smallest': 'Your usage needs less than our smallest size; see the note below.',
  } satisfies Record<CapacityBasis, string>,
  need: (kw: string) => `Your use needs about ${kw} kW.`,
  beyondPriceList: (largest: number, smallest: number) =>
    `Our online price list covers ${smallest} to ${largest} kW, so we put no price on a larger system here: a larger system is designed and priced for your site. Ask us for a quote; we reply with one for your roof.`,
  beyondQuote: 'Ask for a quote for this size',
  belowSmallest: (smallest: number, oneKwSubsidy: string) =>
    `The smallest system we sell is ${smallest} kW, more than your use needs; this report shows it, counting only the units you use. The scheme also pays for a 1 kW system (${oneKwSubsidy} for a home): ask us about one, or choose a registered vendor on the national portal.`,
  cashFlow: {
    heading: 'How the money moves',
    pay: (price: string, emi: string | undefined) =>
      emi === undefined
        ? `You pay ${price} at installation.`
        : `You pay ${price} at installation (or about ${emi} a month on a loan).`,
    credit: (subsidy: string, days: number) =>
      `${subsidy} is credited to your bank account about ${days} days after commissioning and inspection.`,
    noSubsidy: 'No subsidy is credited: commercial sites are not in the scheme.',
    bills: (saving: string) => `Your bills drop by about ${saving} a month from the first month.`,
  },
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
  stateFound: (state: string, pincode: string) =>
    `Subsidy for ${state}: read from the first digits of PIN ${pincode}. Near a state border that can be wrong: choose your state above.`,
  stateChosen: (state: string) => `Subsidy for ${state}: the state you chose.`,
  stateNotFound:
    'We could not tell the state from this PIN code, so the general subsidy rates are used: choose your state above.',
  rulesLink: 'Read the subsidy rules',
  savingNoteUsage:
    'Saving counts the units you use (up to your bill’s units, after its fixed part) at your tariff; with net metering, units exported beyond that are settled at your distribution company’s own rate and are not counted.',
  savingNoteNoUsage: 'Without your bill, saving counts every unit generated at your tariff.',
  loan: {
    heading: 'Paying with a loan',
    intro: `Under PM Surya Ghar, public-sector banks lend collateral-free for a home’s system up to ${solarAssumptions.loan.maxCapacityKw} kW (up to ${formatInr(solarAssumptions.loan.maxAmountInr)}, about ${solarAssumptions.loan.ratePercent} %). Change the principal, rate and tenure to your bank’s terms.`,
    introMarket: `The scheme’s ${solarAssumptions.loan.ratePercent} % loans are for homes’ systems up to ${solarAssumptions.loan.maxCapacityKw} kW only. This starts from an assumed market rate of ${solarAssumptions.marketLoan.ratePercent} %: change the principal, rate and tenure to your bank’s offer.`,
    amount: 'Loan principal (₹)',
    rate: 'Interest rate (% a year)',
    tenure: 'Tenure (years)',
    emi: 'Monthly instalment (EMI)',
    versusSaving: (saving: string) => `Against a saving of ${saving} a month`,
    invalid: 'Enter an amount, a rate of 0 to 30 % and a tenure of 1 to 30 years.',
  },
  chart: {
    heading: 'Cumulative saving against your cost',
    description: (years: number) =>
      `The line is your cumulative saving over ${years} years; the dashed line is your net cost (price less subsidy).`,
    crossing: (year: number) => `The saving passes your cost in year ${year}.`,
    noCrossing: (years: number) => `The saving does not pass your cost within ${years} years.`,
    tableSummary: 'Year-by-year table',
    year: 'Year',
    generation: 'Generation (kWh)',
    saving: 'Saving (₹)',
    cumulative: 'Cumulative saving (₹)',
    savingLegend: 'Cumulative saving',
    costLegend: 'Net cost',
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
