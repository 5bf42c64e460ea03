import { solarReportInputSchema } from '@core/solar-report-schema'
import { solarReport } from '@core/solar-savings'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'
import { heroSlides } from '../../../web/app/content/home'

/** A typical home's monthly bill, the home page's claims are about: ₹1,500 to ₹6,000 in steps of ₹50. */
const typicalBills = Array.from({ length: 91 }, (_, step) => 1_500 + step * 50)

const reportOfBill = (bill: number) => {
  const result = validate(solarReportInputSchema, { category: 'residential', bill, pincode: '500081' })
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
