import { solarAssumptions } from '@core/solar-assumptions'
import { defaultLoanAmountInr, loanEmiInr, loanTermsFor } from '@core/solar-loan'
import { amountOf, solarReportParamsOf, solarReportQuery } from '@core/solar-report-params'
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
    // ₹2,500 less the fixed part of ₹150 is ₹2,350 of energy: 293.75 units
    expect(report.monthlyUnits).toBeCloseTo(293.75)
    expect(report.neededKw).toBeCloseTo(3525 / 1400)
    expect(report).toMatchObject({
      state: 'Telangana',
      stateBasis: 'pincode',
      fixedChargeInr: 150,
      capacityKw: 3,
      capacityBasis: 'usage',
      yearlyGenerationKwh: 4_200,
      systemPriceInr: 205_000,
      subsidy: { amountInr: 78_000, rule: 'residential' },
      netCostInr: 127_000,
      // 4,200 kWh generated, but only the 3,525 kWh used are counted
      yearlySavingInr: 28_200,
      monthlySavingInr: 2_350,
      // the saving is never the whole bill: the fixed part stays
      billBeforeInr: 2_500,
      billAfterInr: 150,
      paybackMonths: 55,
      lifetimeSavingInr: 1_028_151,
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
    expect(reportOf({ category: 'housing', capacityKw: 10, houses: 40, pincode: '500081' }).netCostInr).toBe(
      452_000,
    )
    expect(reportOf({ category: 'commercial', capacityKw: 5, pincode: '500081' })).toMatchObject({
      subsidy: { amountInr: 0, rule: 'none' },
      netCostInr: 327_000,
    })
  })

  it('uses the units as given and the tariff as given', () => {
    const report = reportOf({ units: 500, tariff: 10, pincode: '500081', bill: 300 })
    // units win over a bill; 6,000 kWh a year needs 4.29 kW → 4 kW
    expect(report.capacityKw).toBe(4)
    expect(report.yearlySavingInr).toBe(5_600 * 10)
    // the bill before is the units at the tariff and the fixed part
    expect(report.billBeforeInr).toBe(5_150)
    expect(report.billAfterInr).toBe(5_150 - 4_667)
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
      neededKw: 2.5,
      beyondPriceList: false,
      netCostInr: 127_000,
      subsidyInr: 78_000,
      billBeforeInr: 2_500,
      billAfterInr: 150,
      fixedChargeInr: 150,
      paybackMonths: 55,
      payback: '4 years 7 months',
      assumptionsAsOf: solarAssumptions.asOf,
    })
    expect(Object.values(figures).every((value) => typeof value !== 'object' || value === null)).toBe(true)
  })
})

describe('a true size and an honest bill', () => {
  it('never counts the whole bill as saving: the fixed part stays, per category', () => {
    expect(solarAssumptions.fixedChargeInr).toEqual({ residential: 150, housing: 1_000, commercial: 2_000 })
    for (const bill of [500, 1_000, 2_500, 5_000, 9_000]) {
      const report = reportOf({ bill, pincode: '500081' })
      expect(report.monthlySavingInr).toBeLessThanOrEqual(bill - 150)
      expect(report.billAfterInr).toBeGreaterThanOrEqual(150)
    }
    // The visitor's own fixed part is used instead of the default.
    // ₹2,100 of energy is 262.5 units (2.25 kW → 2 kW, whose 2,800 kWh a year cover 2,800 of the 3,150 used)
    expect(reportOf({ bill: 2_500, fixedCharge: '400', pincode: '500081' })).toMatchObject({
      fixedChargeInr: 400,
      capacityKw: 2,
      monthlySavingInr: 1_867,
      billAfterInr: 633,
    })
  })

  it('prices a business at the commercial tariff and states its need: ₹25,000 a month needs about 20 kW', () => {
    const report = reportOf({ category: 'commercial', bill: '25,000', pincode: '500081' })
    // (₹25,000 − ₹2,000 fixed) ÷ ₹10 = 2,300 units a month; 27,600 kWh a year ÷ 1,400 = 19.7 kW
    expect(report).toMatchObject({
      tariffInrPerUnit: 10,
      monthlyUnits: 2_300,
      capacityBasis: 'usage-above-largest',
    })
    expect(report.neededKw).toBeCloseTo(19.71, 2)
    expect(solarReportFigures(report)).toMatchObject({ neededKw: 19.7, beyondPriceList: true })
    // At a home's ₹8 and no fixed part, as the visitor may correct it: the 27 kW of the example.
    const atHomeTariff = reportOf({
      category: 'commercial',
      bill: 25_000,
      tariff: 8,
      fixedCharge: 0,
      pincode: '500081',
    })
    expect(atHomeTariff.neededKw).toBeCloseTo(26.8, 1)
  })

  it('says when the use needs less than our smallest size (1 kW or less), and sizes it at 2 kW', () => {
    const report = reportOf({ bill: 600, pincode: '500081' })
    // ₹450 of energy: 56.25 units, 0.48 kW
    expect(report).toMatchObject({
      capacityKw: 2,
      capacityBasis: 'usage-below-smallest',
      monthlySavingInr: 450,
    })
    expect(reportOf({ bill: 2_000, pincode: '500081' }).capacityBasis).toBe('usage')
  })

  it('caps a housing society’s subsidy at 3 kW per house: 2 houses and 10 kW get 6 kW’s ₹1,08,000', () => {
    const report = reportOf({ category: 'housing', capacityKw: 10, houses: '2', pincode: '500081' })
    expect(report.subsidy).toEqual({ amountInr: 108_000, rule: 'housing' })
    expect(report.netCostInr).toBe(632_000 - 108_000)
  })

  it('uses the state the visitor chose over the PIN code’s, and says so', () => {
    const khatima = reportOf({ bill: 2_500, pincode: '262308' })
    expect(khatima).toMatchObject({
      state: 'Uttarakhand',
      stateBasis: 'pincode',
      subsidy: { amountInr: 85_800 },
    })
    const chosen = reportOf({ bill: 2_500, pincode: '262308', state: 'Uttar Pradesh' })
    expect(chosen).toMatchObject({
      state: 'Uttar Pradesh',
      stateBasis: 'chosen',
      subsidy: { amountInr: 78_000 },
    })
    expect(solarReportFigures(chosen)).toMatchObject({ state: 'Uttar Pradesh', stateBasis: 'chosen' })
  })
})

describe('plausible input only', () => {
  it.each([
    ['2500', 2_500],
    ['2,500', 2_500],
    ['₹2,500', 2_500],
    ['₹ 2,50,000', 250_000],
    ['Rs. 2500', 2_500],
    ['2500/-', 2_500],
    ['8.5', 8.5],
  ])('reads %s as %s', (text, number) => {
    expect(amountOf(text)).toBe(number)
  })

  it.each(['0x10', '1e3', '-2500', '+2500', 'Infinity', 'lots', '', '2500 rupees', '.5'])(
    'reads %s as no number',
    (text) => {
      expect(amountOf(text)).toBeUndefined()
    },
  )

  it('accepts a bill written ₹2,500 or 2500/-, and refuses hex', () => {
    expect(reportOf({ bill: '₹2,500', pincode: '500081' }).billBeforeInr).toBe(2_500)
    expect(reportOf({ bill: '2500/-', pincode: '500081' }).billBeforeInr).toBe(2_500)
    expect(fieldsOf({ bill: '0x10', pincode: '500081' })).toHaveProperty('bill')
  })

  it('gives a friendly message beside a bill, units or tariff outside their plausible range', () => {
    expect(fieldsOf({ bill: 1, pincode: '500081' })).toEqual({
      bill: 'Enter a monthly bill of ₹200 to ₹1,00,00,000, as on your bill',
    })
    expect(fieldsOf({ bill: 20_000_000, pincode: '500081' })).toHaveProperty('bill')
    expect(fieldsOf({ units: 5, pincode: '500081' })).toEqual({
      units: 'Enter 20 to 10,00,000 units a month, as on your bill',
    })
    expect(fieldsOf({ bill: 2_500, tariff: '0.5', pincode: '500081' })).toEqual({
      tariff: 'Tariffs run from ₹2 to ₹20 a unit: check the rate on your bill',
    })
    expect(fieldsOf({ bill: 2_500, tariff: 21, pincode: '500081' })).toHaveProperty('tariff')
    expect(fieldsOf({ bill: 2_500, tariff: 2, pincode: '500081' })).toEqual({})
  })

  it('wants a bill larger than its fixed part, the houses of a society, and a state from the list', () => {
    expect(fieldsOf({ bill: 300, fixedCharge: 400, pincode: '500081' })).toEqual({
      bill: 'The bill must be more than its fixed part: check both amounts',
    })
    expect(fieldsOf({ category: 'housing', bill: 30_000, pincode: '500081' })).toEqual({
      houses: 'Enter the number of houses in the society (the scheme counts 3 kW per house)',
    })
    expect(fieldsOf({ category: 'housing', bill: 30_000, houses: '2.5', pincode: '500081' })).toHaveProperty(
      'houses',
    )
    expect(fieldsOf({ bill: 2_500, state: 'Atlantis', pincode: '500081' })).toEqual({
      state: 'Choose a state from the list',
    })
  })

  it('keeps a payback within words a family can read: a small bill never pays back in centuries', () => {
    const report = reportOf({ bill: 200, pincode: '500081' })
    expect(report.paybackMonths).toBeGreaterThan(300)
    expect(formatPayback(report.paybackMonths)).toBe('Not within the system’s 25 years')
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
    [300, '25 years'],
    [301, 'Not within the system’s 25 years'],
    [84_000, 'Not within the system’s 25 years'],
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
    // a society's or a business's loan is not capped by the scheme's ₹2,00,000
    expect(defaultLoanAmountInr(3, 250_000, 'commercial')).toBe(225_000)
  })

  it('offers the scheme’s 7 % only for a home’s system up to 3 kW; otherwise the stated market rate', () => {
    expect(loanTermsFor('residential', 3)).toMatchObject({ scheme: true, ratePercent: 7 })
    expect(loanTermsFor('residential', 4)).toMatchObject({ scheme: false, ratePercent: 10 })
    expect(loanTermsFor('housing', 3)).toMatchObject({ scheme: false, ratePercent: 10 })
    expect(loanTermsFor('commercial', 2)).toMatchObject({ scheme: false, ratePercent: 10 })
  })

  it('states the cash flow: the full price at installation or a loan’s EMI, the subsidy credited, the saving', () => {
    const home = reportOf({ category: 'residential', bill: 2500, pincode: '500081' })
    expect(home.systemPriceInr).toBe(205_000)
    expect(home.subsidy.amountInr).toBe(78_000)
    // ₹2,05,000 less the 10 % margin, within the scheme's ₹2,00,000, at 7 % for 10 years
    expect(home.loan).toEqual({
      scheme: true,
      ratePercent: 7,
      tenureYears: 10,
      marginPercent: 10,
      principalInr: 184_500,
      emiInr: 2_142,
    })
    expect(solarAssumptions.subsidyCreditDays).toBe(30)
    const business = reportOf({ category: 'commercial', capacityKw: 5, pincode: '500081' })
    expect(business.loan).toMatchObject({
      scheme: false,
      ratePercent: 10,
      principalInr: 294_300,
      emiInr: 3_889,
    })
  })
})
