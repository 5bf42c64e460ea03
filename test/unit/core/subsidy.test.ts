import { pincodeStates, stateOfPincode, stateOfReport } from '@core/pincode-state'
import { housingCapKw, isSpecialCategoryState, pmSuryaGhar, pmSuryaGharSubsidy } from '@core/subsidy'
import { describe, expect, it } from 'vitest'

// The scheme's official amounts, written out here on purpose: the module must reproduce them.
describe('PM Surya Ghar subsidy, residential', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 78_000],
    [4, 78_000],
    [10, 78_000],
    [1.5, 45_000],
    [2.5, 69_000],
  ])('gives %s kW ₹%i (₹30,000 per kW for 2 kW, ₹18,000 for the 3rd, nothing beyond)', (kw, amount) => {
    expect(pmSuryaGharSubsidy('residential', kw, 'Telangana')).toEqual({
      amountInr: amount,
      rule: 'residential',
    })
  })

  it.each([
    [1, 33_000],
    [2, 66_000],
    [3, 85_800],
    [5, 85_800],
  ])('gives %s kW ₹%i in a special-category state (₹33,000 and ₹19,800)', (kw, amount) => {
    expect(pmSuryaGharSubsidy('residential', kw, 'Assam')).toEqual({
      amountInr: amount,
      rule: 'residential-special',
    })
  })

  it('gives the general amounts when the state is unknown', () => {
    expect(pmSuryaGharSubsidy('residential', 3, undefined).amountInr).toBe(78_000)
  })

  it('gives nothing for no capacity or a capacity that is not a positive number', () => {
    expect(pmSuryaGharSubsidy('residential', 0, 'Delhi').amountInr).toBe(0)
    expect(pmSuryaGharSubsidy('residential', -2, 'Delhi').amountInr).toBe(0)
    expect(pmSuryaGharSubsidy('residential', Number.NaN, 'Delhi').amountInr).toBe(0)
  })
})

describe('PM Surya Ghar subsidy, housing societies and commercial', () => {
  it.each([
    [3, 54_000],
    [10, 180_000],
    [500, 9_000_000],
    [600, 9_000_000],
  ])('gives a housing society ₹18,000 per kW up to 500 kW: %s kW → ₹%i', (kw, amount) => {
    expect(pmSuryaGharSubsidy('housing', kw, 'Assam')).toEqual({ amountInr: amount, rule: 'housing' })
  })

  it.each([
    [10, 3, 9, 162_000],
    [10, 4, 12, 180_000],
    [600, 100, 300, 5_400_000],
    [600, 200, 500, 9_000_000],
  ])('caps a society of %s kW with %s houses at 3 kW per house (%s kW): ₹%i', (kw, houses, capKw, amount) => {
    expect(housingCapKw(houses)).toBe(capKw)
    expect(pmSuryaGharSubsidy('housing', kw, 'Delhi', houses)).toEqual({ amountInr: amount, rule: 'housing' })
  })

  it('gives commercial sites nothing, wherever they are', () => {
    expect(pmSuryaGharSubsidy('commercial', 5, 'Sikkim')).toEqual({ amountInr: 0, rule: 'none' })
  })

  it('is dated and names its sources', () => {
    expect(pmSuryaGhar.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(pmSuryaGhar.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(pmSuryaGhar.sources.every((source) => source.url.startsWith('https://'))).toBe(true)
  })
})

describe('special-category states from the PIN code', () => {
  it.each([
    ['171001', 'Himachal Pradesh'],
    ['190001', 'Jammu and Kashmir'],
    ['194101', 'Ladakh'],
    ['248001', 'Uttarakhand'],
    ['263001', 'Uttarakhand'],
    ['247667', 'Uttarakhand'],
    // Khatima, Tanakpur and Banbasa: Uttarakhand within Uttar Pradesh's 262 range.
    ['262308', 'Uttarakhand'],
    ['262309', 'Uttarakhand'],
    ['262310', 'Uttarakhand'],
    ['737101', 'Sikkim'],
    ['744101', 'Andaman and Nicobar Islands'],
    ['682555', 'Lakshadweep'],
    ['781001', 'Assam'],
    ['791111', 'Arunachal Pradesh'],
    ['793001', 'Meghalaya'],
    ['795001', 'Manipur'],
    ['796001', 'Mizoram'],
    ['797001', 'Nagaland'],
    ['799001', 'Tripura'],
  ])('reads %s as %s, a special-category state', (pincode, state) => {
    expect(stateOfPincode(pincode)).toBe(state)
    expect(isSpecialCategoryState(stateOfPincode(pincode))).toBe(true)
  })

  it.each([
    ['500081', 'Telangana'],
    ['110001', 'Delhi'],
    ['400001', 'Maharashtra'],
    ['403001', 'Goa'],
    ['247001', 'Uttar Pradesh'],
    ['262001', 'Uttar Pradesh'],
    ['262701', 'Uttar Pradesh'],
    ['682001', 'Kerala'],
    ['834001', 'Jharkhand'],
    ['800001', 'Bihar'],
    ['560001', 'Karnataka'],
    ['700001', 'West Bengal'],
  ])('reads %s as %s, not a special-category state', (pincode, state) => {
    expect(stateOfPincode(pincode)).toBe(state)
    expect(isSpecialCategoryState(state)).toBe(false)
  })

  it('names no state for an unused prefix, the Army Postal Service or a malformed PIN', () => {
    expect(stateOfPincode('990001')).toBeUndefined()
    expect(stateOfPincode('350001')).toBeUndefined()
    expect(stateOfPincode('50008')).toBeUndefined()
    expect(stateOfPincode('050081')).toBeUndefined()
    expect(isSpecialCategoryState(undefined)).toBe(false)
  })
})

describe('the state a report uses', () => {
  it('reads it from the PIN code unless the visitor chose one, and says which', () => {
    expect(stateOfReport('262308', undefined)).toEqual({ state: 'Uttarakhand', basis: 'pincode' })
    expect(stateOfReport('262308', 'Uttar Pradesh')).toEqual({ state: 'Uttar Pradesh', basis: 'chosen' })
    expect(stateOfReport('990001', undefined)).toEqual({ state: undefined, basis: 'unknown' })
    // A name that is not a state of the list is no choice.
    expect(stateOfReport('500081', 'Atlantis')).toEqual({ state: 'Telangana', basis: 'pincode' })
  })

  it('offers every state of the prefix table once, in order, the special-category ones included', () => {
    expect(pincodeStates).toEqual([...new Set(pincodeStates)].sort())
    expect(pincodeStates).toEqual(expect.arrayContaining([...pmSuryaGhar.specialCategoryStates]))
    expect(pincodeStates).toContain('Uttar Pradesh')
  })
})
