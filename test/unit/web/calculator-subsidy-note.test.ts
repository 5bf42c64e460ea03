import { pmSuryaGhar } from '@core/subsidy'
import { describe, expect, it } from 'vitest'
import { calculatorPage } from '~/features/solar-calculator/content'

describe("the calculator's subsidy note", () => {
  it("says the scheme's own amounts for each rule", () => {
    const note = (rule: Parameters<typeof calculatorPage.subsidyNote>[0]) =>
      calculatorPage.subsidyNote(rule, pmSuryaGhar)
    expect(note('residential')).toBe(
      'Residential: ₹30,000 per kW for the first 2 kW and ₹18,000 for the 3rd kW; nothing beyond 3 kW.',
    )
    expect(note('residential-special')).toBe(
      'Residential in a special-category state or union territory: ₹33,000 per kW for the first 2 kW and ₹19,800 for the 3rd kW.',
    )
    expect(note('housing')).toBe(
      'Housing societies and RWAs: ₹18,000 per kW for common facilities, up to 500 kW (the scheme counts 3 kW per house, residents’ own systems included).',
    )
    expect(note('none')).toBe('Commercial sites get no PM Surya Ghar subsidy.')
  })

  it('follows a change of the rule: new amounts and limits read in the note', () => {
    const changed = {
      ...pmSuryaGhar,
      residential: { firstKwRate: 32_000, firstKwLimit: 3, nextKwRate: 20_000, nextKwLimit: 1 },
      housing: { perKwRate: 20_000, maxKw: 400 },
    }
    expect(calculatorPage.subsidyNote('residential', changed as typeof pmSuryaGhar)).toBe(
      'Residential: ₹32,000 per kW for the first 3 kW and ₹20,000 for the 4th kW; nothing beyond 4 kW.',
    )
    expect(calculatorPage.subsidyNote('housing', changed as typeof pmSuryaGhar)).toContain(
      '₹20,000 per kW for common facilities, up to 400 kW',
    )
  })
})
