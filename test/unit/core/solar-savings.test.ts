import { solarAssumptions } from '@core/solar-assumptions'
import { defaultLoanAmountInr, loanEmiInr } from '@core/solar-loan'
import { solarReportParamsOf, solarReportQuery } from '@core/solar-report-params'
import { solarReportInputSchema } from '@core/solar-report-schema'
import { formatPayback, solarReport, solarReportFigures } from '@core/solar-savings'
import { largestFittingKw, nearestSoldKw } from '@core/solar-sizing'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'

/** The report of raw inputs, failing the test when they do not pass the schema. */
function reportOf(raw: Record<string, unknown>) {
  const result = validate(solarReportInputSchema, raw)
  if (!result.ok) throw new Error(`invalid inputs: ${JSON.stringify(result.fields)}`)
  return solarReport(result.value)
}

const fieldsOf = (raw: Record<string, unknown>) => {
  const result = validate(solarReportInputSchema, raw)
  return result.ok ? {} : result.fields
}

describe('the stated defaults', () => {
  it('are the published ones: 1,400 kWh per kW, 0.7117 t CO₂ per MWh, 100 sq ft per kW, 25 years', () => {
    expect(solarAssumptions.generationKwhPerKwYear).toBe(1_400)
    expect(solarAssumptions.generationBandKwhPerKwYear).toEqual([1_200, 1_600])
    expect(solarAssumptions.gridEmissionTonnesPerMwh).toBe(0.7117)
    expect(solarAssumptions.roofSqftPerKw).toBe(100)
    expect(solarAssumptions.lifetimeYears).toBe(25)
    expect(solarAssumptions.loan).toMatchObject({ ratePercent: 7, tenureYears: 10, marginPercent: 10 })
  })
})

describe('sizing', () => {
  it.each([
    [0.5, 2],
    [2.49, 2],
    [2.5, 3],
    [2.68, 3],
    [8.9, 8],
    [9, 10],
    [14, 10],
  ])('rounds a need of %s kW to %i kW, a size we sell (a tie goes up)', (need, kw) => {
    expect(nearestSoldKw(need)).toBe(kw)
  })

  it.each([
    [199, undefined],
    [200, 2],
    [450, 4],
    [950, 8],
    [5000, 10],
  ])('fits on %s sq ft at most %s kW (100 sq ft per kW)', (roof, kw) => {
    expect(largestFittingKw(roof)).toBe(kw)
  })
})

describe('solarReport', () => {
  it('sizes a ₹2,500 bill at ₹8 a unit to 3 kW and works out price, subsidy, saving and payback', () => {
    const report = reportOf({ category: 'residential', bill: '2,500', pincode: '500081' })
    expect(report.monthlyUnits).toBeCloseTo(312.5)
    expect(report.neededKw).toBeCloseTo(3750 / 1400)
    expect(report).toMatchObject({
      state: 'Telangana',
      capacityKw: 3,
      capacityBasis: 'usage',
      yearlyGenerationKwh: 4_200,
      systemPriceInr: 205_000,
      subsidy: { amountInr: 78_000, rule: 'residential' },
      netCostInr: 127_000,
      // 4,200 kWh generated, but only the 3,750 kWh used are counted
      yearlySavingInr: 30_000,
      monthlySavingInr: 2_500,
      paybackMonths: 51,
      lifetimeSavingInr: 1_093_238,
    })
    expect(report.co2TonnesPerYear).toBeCloseTo(2.989, 3)
    expect(report.years).toHaveLength(25)
    expect(report.years[24]?.cumulativeSavingInr).toBe(report.lifetimeSavingInr)
  })

  it('counts every unit generated when only a capacity is given', () => {
    const report = reportOf({ category: 'residential', capacityKw: '3', pincode: '500081' })
    expect(report).toMatchObject({
      capacityBasis: 'chosen',
      monthlyUnits: undefined,
      yearlySavingInr: 33_600,
      monthlySavingInr: 2_800,
      paybackMonths: 46,
      lifetimeSavingInr: 1_145_474,
    })
    expect(report.co2TonnesLifetime).toBeCloseTo(70.412, 2)
  })

  it('degrades generation by 0.5 % and raises the tariff by 3 % each year', () => {
    const report = reportOf({ category: 'residential', capacityKw: 2, pincode: '500081' })
    expect(report.years[0]).toEqual({
      year: 1,
      generationKwh: 2_800,
      savingInr: 22_400,
      cumulativeSavingInr: 22_400,
    })
    // year 2: 2,800 × 0.995 = 2,786 kWh at ₹8 × 1.03 = ₹8.24
    expect(report.years[1]).toMatchObject({ generationKwh: 2_786, savingInr: 22_957 })
  })

  it('gives the special-category subsidy for a PIN code in Assam', () => {
    const report = reportOf({ category: 'residential', capacityKw: 3, pincode: '781001' })
    expect(report.subsidy.amountInr).toBe(85_800)
    expect(report.netCostInr).toBe(119_200)
  })

  it('gives a housing society ₹18,000 per kW and a commercial site nothing', () => {
    expect(reportOf({ category: 'housing', capacityKw: 10, pincode: '500081' }).netCostInr).toBe(452_000)
    expect(reportOf({ category: 'commercial', capacityKw: 5, pincode: '500081' })).toMatchObject({
      subsidy: { amountInr: 0, rule: 'none' },
      netCostInr: 327_000,
    })
  })

  it('uses the units as given and the tariff as given', () => {
    const report = reportOf({ units: 500, tariff: 10, pincode: '500081', bill: 100 })
    // units win over a bill; 6,000 kWh a year needs 4.29 kW → 4 kW
    expect(report.capacityKw).toBe(4)
    expect(report.yearlySavingInr).toBe(5_600 * 10)
  })

  it('caps the size at the largest we sell, and at what the roof fits', () => {
    expect(reportOf({ bill: 10_000, pincode: '500081' })).toMatchObject({
      capacityKw: 10,
      capacityBasis: 'usage-above-largest',
    })
    expect(reportOf({ bill: 10_000, pincode: '500081', roofSqft: 450 })).toMatchObject({
      capacityKw: 4,
      capacityBasis: 'usage-roof-limited',
    })
  })

  it('stores a flat summary with the payback in words', () => {
    const figures = solarReportFigures(reportOf({ bill: 2500, pincode: '500081' }))
    expect(figures).toMatchObject({
      capacityKw: 3,
      netCostInr: 127_000,
      subsidyInr: 78_000,
      paybackMonths: 51,
      payback: '4 years 3 months',
      assumptionsAsOf: solarAssumptions.asOf,
    })
    expect(Object.values(figures).every((value) => typeof value !== 'object' || value === null)).toBe(true)
  })
})

describe('the inputs', () => {
  it('asks for a bill, units or a capacity when none is given', () => {
    expect(fieldsOf({ pincode: '500081' })).toEqual({
      bill: 'Enter your average monthly bill or units, or choose a capacity',
    })
  })

  it('says every wrong field at once: a missing bill beside a 5-digit PIN and a negative roof', () => {
    expect(Object.keys(fieldsOf({ pincode: '50008', roofSqft: -1 })).sort()).toEqual([
      'bill',
      'pincode',
      'roofSqft',
    ])
  })

  it('refuses a 5-digit PIN, a negative roof, a zero tariff, an unsold capacity and an unknown category', () => {
    expect(fieldsOf({ bill: 2500, pincode: '50008' })).toHaveProperty('pincode')
    expect(fieldsOf({ bill: 2500, pincode: '500081', roofSqft: '-5' })).toHaveProperty('roofSqft')
    expect(fieldsOf({ bill: 2500, pincode: '500081', tariff: 0 })).toHaveProperty('tariff')
    expect(fieldsOf({ capacityKw: 9, pincode: '500081' })).toHaveProperty('capacityKw')
    expect(fieldsOf({ category: 'industrial', bill: 2500, pincode: '500081' })).toHaveProperty('category')
    expect(fieldsOf({ bill: 'lots', pincode: '500081' })).toHaveProperty('bill')
  })

  it('refuses a roof too small for the smallest size, and a capacity the roof cannot hold', () => {
    expect(fieldsOf({ bill: 2500, pincode: '500081', roofSqft: 150 })).toEqual({
      roofSqft: 'A 2 kW system, the smallest we sell, needs about 200 sq ft',
    })
    expect(fieldsOf({ capacityKw: 4, pincode: '500081', roofSqft: 300 })).toHaveProperty('capacityKw')
  })

  it('goes to a URL query and back', () => {
    const query = solarReportQuery({ category: 'residential', capacityKw: 3, pincode: '500081', bill: '' })
    expect(query).toBe('category=residential&pincode=500081&capacityKw=3')
    expect(solarReportParamsOf(new URLSearchParams(`${query}&utm_source=x`))).toEqual({
      category: 'residential',
      pincode: '500081',
      capacityKw: '3',
    })
  })
})

describe('money over time', () => {
  it.each([
    [51, '4 years 3 months'],
    [12, '1 year'],
    [25, '2 years 1 month'],
    [5, '5 months'],
    [0, '0 months'],
    [undefined, 'No payback: nothing is saved'],
  ])('writes a payback of %s months as "%s"', (months, text) => {
    expect(formatPayback(months)).toBe(text)
  })

  it('works out the EMI of a loan: ₹2,00,000 at 7 % for 10 years is ₹2,322 a month', () => {
    expect(loanEmiInr(200_000, 7, 10)).toBe(2_322)
    expect(loanEmiInr(120_000, 0, 10)).toBe(1_000)
    expect(loanEmiInr(0, 7, 10)).toBe(0)
    expect(loanEmiInr(100_000, 7, 0)).toBe(0)
  })

  it('lends the price less the 10 % margin, at most ₹2,00,000 up to 3 kW', () => {
    expect(defaultLoanAmountInr(2, 144_000)).toBe(129_600)
    expect(defaultLoanAmountInr(3, 205_000)).toBe(184_500)
    expect(defaultLoanAmountInr(3, 250_000)).toBe(200_000)
    expect(defaultLoanAmountInr(5, 327_000)).toBe(294_300)
  })
})
