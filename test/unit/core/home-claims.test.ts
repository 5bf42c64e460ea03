import type { QuoteCategory } from '@core/quote'
import { solarInputRanges } from '@core/solar-report-params'
import { solarReportInputSchema } from '@core/solar-report-schema'
import { solarReport } from '@core/solar-savings'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'
import { heroSlides } from '../../../web/app/content/home'
import { sitePage } from '../../../web/app/content/pages'
import { b2bPage } from '../../../web/app/content/solutions/b2b'
import { solutionsOverview } from '../../../web/app/content/solutions/overview'
import { sectorsPage } from '../../../web/app/content/solutions/sectors'
import { solarPage } from '../../../web/app/content/solutions/solar'

/** A typical home's monthly bill, the home page's claims are about: ₹1,500 to ₹6,000 in steps of ₹50. */
const typicalBills = Array.from({ length: 91 }, (_, step) => 1_500 + step * 50)

const reportOfBill = (bill: number, category: QuoteCategory = 'residential') => {
  const result = validate(solarReportInputSchema, { category, bill, pincode: '500081' })
  if (!result.ok) throw new Error(JSON.stringify(result.fields))
  return solarReport(result.value)
}

/** The two whole numbers of a stat such as '75-97%' or '4-5 yrs'. */
const rangeOf = (value: string): [number, number] => {
  const [low, high] = (value.match(/\d+/g) ?? []).map(Number)
  if (low === undefined || high === undefined) throw new Error(`no range in ${value}`)
  return [low, high]
}

describe('the home page’s solar claims are the calculator’s', () => {
  const stats = heroSlides[0].stats ?? []
  const stat = (label: string) => stats.find((item) => item.label === label)?.value ?? ''

  it('states the bill cut as the range the calculator gives a typical home (the fixed part stays)', () => {
    const [low, high] = rangeOf(stat('Lower power bills'))
    const cuts = typicalBills.map((bill) => (reportOfBill(bill).monthlySavingInr / bill) * 100)
    expect(Math.floor(Math.min(...cuts))).toBe(low)
    expect(Math.round(Math.max(...cuts))).toBe(high)
  })

  it('states the payback in whole years as the calculator gives a typical home', () => {
    const [low, high] = rangeOf(stat('Typical payback'))
    const years = typicalBills.map((bill) => (reportOfBill(bill).paybackMonths ?? 0) / 12)
    expect(Math.round(Math.min(...years))).toBe(low)
    expect(Math.round(Math.max(...years))).toBe(high)
  })
})

/**
 * The bills the calculator sizes a system for within our price list (not above our largest size, not below
 * our smallest): its plausible bills (more than the fixed part) in steps of ₹50 to ₹1,00,000, well past the
 * largest size.
 */
const coveredBills = (category: QuoteCategory) =>
  Array.from({ length: (100_000 - solarInputRanges.bill.min) / 50 + 1 }, (_, step) => {
    return solarInputRanges.bill.min + step * 50
  }).filter((bill) => {
    const result = validate(solarReportInputSchema, { category, bill, pincode: '500081' })
    return result.ok && solarReport(result.value).capacityBasis === 'usage'
  })

/** The calculator's bill cut for `bills` as a stat: its lowest (rounded down) and highest whole per cent. */
const cutRange = (bills: readonly (readonly [number, QuoteCategory])[]) => {
  const cuts = bills.map(([bill, category]) => (reportOfBill(bill, category).monthlySavingInr / bill) * 100)
  return `${Math.floor(Math.min(...cuts))}-${Math.round(Math.max(...cuts))}%`
}

describe('the solutions pages’ savings are the calculator’s', () => {
  const business = coveredBills('commercial').map((bill) => [bill, 'commercial'] as const)
  const homes = coveredBills('residential').map((bill) => [bill, 'residential'] as const)

  it('covers a business’s bills of ₹3,750 to ₹13,650 and a home’s of ₹1,550 to ₹9,450 at the defaults', () => {
    expect([business[0]?.[0], business.at(-1)?.[0]]).toEqual([3_750, 13_650])
    expect([homes[0]?.[0], homes.at(-1)?.[0]]).toEqual([1_550, 9_450])
  })

  it('states a business’s bill cut as the calculator gives it, on /solutions/b2b, /sectors and its description', () => {
    const claim = cutRange(business)
    expect(claim).toBe('46-85%')
    expect(b2bPage.stats?.find((stat) => stat.label === 'Savings')?.value).toBe(claim)
    expect(b2bPage.sections.flatMap((section) => section.items.map((item) => item.title))).toContain(
      `Savings of ${claim} on energy costs`,
    )
    expect(sectorsPage.sectors.find((sector) => sector.title === 'Commercial & Office')?.savings).toBe(claim)
    expect(sitePage('/solutions/b2b').description).toContain(` ${claim}.`)
  })

  it('states solar’s bill cut, homes and businesses, as the calculator gives it, on /solutions/solar and /solutions', () => {
    const claim = cutRange([...business, ...homes])
    expect(claim).toBe('46-98%')
    expect(solarPage.sections.flatMap((section) => section.items.map((item) => item.title))).toContain(
      `Savings of ${claim} on electricity bills`,
    )
    expect(solutionsOverview.categories.find((category) => category.title === 'Solar')?.savings).toBe(claim)
  })
})
