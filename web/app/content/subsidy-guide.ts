import { formatInr } from '@core/quote'
import { pmSuryaGhar, pmSuryaGharSubsidy } from '@core/subsidy'

/**
 * The copy of /solar-subsidy, a plain guide to PM Surya Ghar for a family deciding on rooftop solar. Every
 * amount is worked out from `pmSuryaGhar` (functions/core/subsidy.ts), which the calculator and the quote API
 * use too, so a change of the scheme there changes this page; none is typed here.
 */

/** A calendar date of the scheme's data (YYYY-MM-DD) as people read it: 25 November 2026. */
export function schemeDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

const { residential, residentialSpecial, housing } = pmSuryaGhar
const inr = formatInr

/** The subsidy of a home system of each size up to the scheme's 3 kW, in the usual and the special states. */
export const residentialTable = [1, 2, 3].map((kw) => ({
  kw,
  usual: inr(pmSuryaGharSubsidy('residential', kw, undefined).amountInr),
  special: inr(pmSuryaGharSubsidy('residential', kw, pmSuryaGhar.specialCategoryStates[0]).amountInr),
}))

/** The most a home receives (at 3 kW or more), in the usual states. */
export const residentialMaximum = inr(
  pmSuryaGharSubsidy('residential', residential.firstKwLimit + residential.nextKwLimit, undefined).amountInr,
)

export interface GuideSection {
  readonly id: string
  readonly heading: string
  readonly paragraphs?: readonly string[]
  readonly list?: readonly string[]
  /** An ordered list (the steps). */
  readonly steps?: readonly { readonly title: string; readonly text: string }[]
}

export const subsidyGuide = {
  eyebrow: 'Subsidy guide',
  heading: `The ${pmSuryaGhar.name} subsidy, step by step`,
  intro: `What the central government pays towards rooftop solar on your home, who can have it, and how it reaches your bank account. Up to ${residentialMaximum} for a home; the amounts below are the scheme's own.`,
  asOf: `As of ${schemeDate(pmSuryaGhar.asOf)}. The scheme's amounts apply since ${schemeDate(pmSuryaGhar.effectiveFrom)}, the day the Union Cabinet approved them.`,
  amountsHeading: 'How much the subsidy is',
  amountsIntro: `The central financial assistance (CFA) for a home is ${inr(residential.firstKwRate)} per kW for the first ${residential.firstKwLimit} kW and ${inr(residential.nextKwRate)} for the next ${residential.nextKwLimit} kW; a larger system receives the same as a ${residential.firstKwLimit + residential.nextKwLimit} kW one.`,
  tableCaption: 'Subsidy for a home, by system size',
  tableHeads: { size: 'System size', usual: 'Most states', special: 'Special-category states' },
  specialHeading: 'Special-category states and union territories',
  specialText: `Homes here receive 10% more: ${inr(residentialSpecial.firstKwRate)} per kW for the first ${residentialSpecial.firstKwLimit} kW and ${inr(residentialSpecial.nextKwRate)} for the next ${residentialSpecial.nextKwLimit} kW.`,
  specialStates: pmSuryaGhar.specialCategoryStates,
  housingHeading: 'Housing societies and RWAs',
  housingText: [
    `A group housing society or resident welfare association (RWA) receives ${inr(housing.perKwRate)} per kW for a system that powers its common facilities, EV charging included, up to ${housing.maxKw} kW.`,
    `The scheme counts 3 kW for each house towards those ${housing.maxKw} kW, the residents' own rooftop systems included: a society of 100 houses can have the subsidy on up to 300 kW.`,
  ],
  sections: [
    {
      id: 'eligible',
      heading: 'Who is eligible',
      list: [
        'An Indian citizen who owns a house with a roof fit for solar panels.',
        'The house has its own electricity connection in your name (your bill shows the consumer number).',
        'You have not had another government subsidy for solar panels on this house.',
        'Homes, and housing societies or RWAs for their common areas. Shops, offices and factories are not covered.',
      ],
    },
    {
      id: 'steps',
      heading: 'The steps, from application to the money in your bank',
      steps: [
        {
          title: 'Register on the national portal',
          text: 'Choose your state and electricity company (DISCOM), give your consumer number, mobile number and e-mail, then apply for rooftop solar.',
        },
        {
          title: 'Choose a registered vendor',
          text: 'Once your DISCOM has approved the application (its feasibility check), choose a vendor registered on the portal for your DISCOM. Only a registered vendor’s installation is paid.',
        },
        {
          title: 'Installation',
          text: 'The vendor installs the system with made-in-India (DCR) panels and submits its details on the portal.',
        },
        {
          title: 'Net meter',
          text: 'You apply for net metering on the portal; the DISCOM installs the net meter, which counts what you draw from and send to the grid.',
        },
        {
          title: 'Inspection and commissioning',
          text: 'The DISCOM inspects the system; the portal then issues its commissioning report.',
        },
        {
          title: 'Subsidy in your bank account',
          text: 'Give your bank account details and a cancelled cheque on the portal. The subsidy is paid straight into your account.',
        },
      ],
    },
    {
      id: 'documents',
      heading: 'Documents to keep ready',
      list: [
        'A recent electricity bill (it shows your consumer number).',
        'Proof that you own the house or the roof (for example the sale deed or property tax receipt).',
        'Your Aadhaar or another identity document, a mobile number and an e-mail address.',
        'Your bank account details and a cancelled cheque, for the subsidy.',
      ],
    },
    {
      id: 'timelines',
      heading: 'How long it takes',
      paragraphs: [
        'The portal states that the subsidy reaches your bank account within about 30 days of the commissioning report.',
        'The DISCOM’s feasibility check, the net meter and the inspection take as long as your DISCOM takes; ask us for the current times where you live.',
        'You pay the full price of the system at installation (or through a loan); the subsidy comes back afterwards.',
      ],
    },
    {
      id: 'dcr',
      heading: 'Made-in-India panels (the DCR rule)',
      paragraphs: [
        'The subsidy is paid only for systems whose solar panels meet the Domestic Content Requirement (DCR): panels made in India with Indian-made cells. A vendor must give you the panels’ DCR details; imported panels receive nothing.',
      ],
    },
    {
      id: 'loans',
      heading: 'Loans',
      paragraphs: [
        'For homes with systems up to 3 kW, banks lend under the scheme at about 7% a year, without collateral up to ₹2 lakh; the portal lists the banks and you can apply there.',
        'Larger home systems, housing societies and businesses borrow at the bank’s usual rates.',
      ],
    },
  ] satisfies readonly GuideSection[],
  sourcesHeading: 'Sources',
  sourcesIntro: `The scheme is ${pmSuryaGhar.name} of the Ministry of New and Renewable Energy. Apply and read its rules on the national portal:`,
  portal: pmSuryaGhar.rulesUrl.replace(/^https:\/\//, '').replace(/\/$/, ''),
  sources: pmSuryaGhar.sources.map((source) => ({
    name: source.name,
    address: source.url.replace(/^https:\/\//, '').replace(/\/$/, ''),
  })),
  nextHeading: 'What it means for your home',
  nextText:
    'See your system size, price after the subsidy and payback, or ask us to do the paperwork for you.',
  calculator: { label: 'Work out my subsidy', to: '/solar-calculator' },
  quote: { label: 'Get a Quote', to: '/get-quote#residential' },
} as const
