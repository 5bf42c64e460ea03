import type { QuoteCategory } from './quote'

/**
 * The central financial assistance (CFA) of PM Surya Ghar: Muft Bijli Yojana for grid-connected rooftop
 * solar, as amounts in whole rupees. Pure data and arithmetic: the calculator page shows it and the quote
 * API recomputes with it. When the scheme changes, change `pmSuryaGhar` (its amounts, dates and sources) and
 * the cases of test/unit/core/subsidy.test.ts that pin the official figures.
 */

/** A source of a rule, shown beside the figure it sets. */
export interface RuleSource {
  readonly name: string
  readonly url: string
}

export const pmSuryaGhar = {
  name: 'PM Surya Ghar: Muft Bijli Yojana',
  /** The day the Union Cabinet approved the scheme with these amounts. */
  effectiveFrom: '2024-02-29',
  /** The day these amounts were last compared with the sources below. */
  asOf: '2026-11-25',
  /** Where a visitor reads the scheme's rules and applies. */
  rulesUrl: 'https://pmsuryaghar.gov.in/',
  sources: [
    {
      name: 'PM Surya Ghar national portal (MNRE): subsidy structure and eligibility',
      url: 'https://pmsuryaghar.gov.in/',
    },
    {
      name: 'Ministry of New and Renewable Energy: operational guidelines of the scheme (March 2024)',
      url: 'https://mnre.gov.in/',
    },
  ] satisfies readonly RuleSource[],
  /** Residential: per kW for the first 2 kW, per kW for the 3rd kW, nothing beyond 3 kW. */
  residential: { firstKwRate: 30_000, firstKwLimit: 2, nextKwRate: 18_000, nextKwLimit: 1 },
  /** Residential in the special-category states and union territories (10 % more per kW). */
  residentialSpecial: { firstKwRate: 33_000, firstKwLimit: 2, nextKwRate: 19_800, nextKwLimit: 1 },
  /**
   * Group housing societies and resident welfare associations: per kW for common facilities (EV charging
   * included) up to 3 kW per house and 500 kW in all (residents' own systems count towards it too; the
   * calculator asks for the number of houses and counts none of those).
   */
  housing: { perKwRate: 18_000, maxKw: 500, kwPerHouse: 3 },
  /** The states and union territories with the higher residential amounts. */
  specialCategoryStates: [
    'Arunachal Pradesh',
    'Assam',
    'Manipur',
    'Meghalaya',
    'Mizoram',
    'Nagaland',
    'Sikkim',
    'Tripura',
    'Himachal Pradesh',
    'Uttarakhand',
    'Jammu and Kashmir',
    'Ladakh',
    'Lakshadweep',
    'Andaman and Nicobar Islands',
  ],
} as const

/** Whether the residential amounts of a state are the special-category ones. */
export function isSpecialCategoryState(state: string | undefined): boolean {
  return state !== undefined && (pmSuryaGhar.specialCategoryStates as readonly string[]).includes(state)
}

/** Which of the scheme's rules a subsidy was worked out with. */
export type SubsidyRule = 'residential' | 'residential-special' | 'housing' | 'none'

export interface Subsidy {
  readonly amountInr: number
  readonly rule: SubsidyRule
}

/** The residential CFA for `capacityKw`: the first 2 kW at one rate, the 3rd kW at another, nothing beyond. */
interface ResidentialRates {
  readonly firstKwRate: number
  readonly firstKwLimit: number
  readonly nextKwRate: number
  readonly nextKwLimit: number
}

function residentialAmount(capacityKw: number, rates: ResidentialRates): number {
  const first = Math.min(capacityKw, rates.firstKwLimit)
  const next = Math.min(Math.max(capacityKw - rates.firstKwLimit, 0), rates.nextKwLimit)
  return Math.round(first * rates.firstKwRate + next * rates.nextKwRate)
}

/** The capacity a housing society's subsidy counts: 3 kW per house (when known), at most 500 kW. */
export function housingCapKw(houses: number | undefined): number {
  const { maxKw, kwPerHouse } = pmSuryaGhar.housing
  return houses === undefined ? maxKw : Math.min(maxKw, houses * kwPerHouse)
}

/**
 * The central financial assistance for a system of `capacityKw` in a `category`, for a site in `state`
 * (from its PIN code): residential 30,000 per kW for the first 2 kW and 18,000 for the 3rd (78,000 at 3 kW
 * or more), 33,000 and 19,800 in the special-category states (85,800); housing societies 18,000 per kW up
 * to 3 kW per house (`houses`, when known) and 500 kW; commercial none.
 */
export function pmSuryaGharSubsidy(
  category: QuoteCategory,
  capacityKw: number,
  state: string | undefined,
  houses?: number,
): Subsidy {
  if (!Number.isFinite(capacityKw) || capacityKw <= 0) return { amountInr: 0, rule: 'none' }
  switch (category) {
    case 'residential':
      return isSpecialCategoryState(state)
        ? {
            amountInr: residentialAmount(capacityKw, pmSuryaGhar.residentialSpecial),
            rule: 'residential-special',
          }
        : { amountInr: residentialAmount(capacityKw, pmSuryaGhar.residential), rule: 'residential' }
    case 'housing':
      return {
        amountInr: Math.round(Math.min(capacityKw, housingCapKw(houses)) * pmSuryaGhar.housing.perKwRate),
        rule: 'housing',
      }
    case 'commercial':
      return { amountInr: 0, rule: 'none' }
  }
}
