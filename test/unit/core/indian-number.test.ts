import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { indianDigits } from '../../../functions/core/indian-number'

describe('indianDigits', () => {
  it("groups a whole number as toLocaleString('en-IN') does, for any safe integer", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (value) => {
        expect(indianDigits(value)).toBe(value.toLocaleString('en-IN'))
      }),
      { numRuns: 2000 },
    )
  })

  it('writes a fraction to at most three decimals, as toLocaleString does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (hundredths) => {
        const value = hundredths / 100
        expect(indianDigits(value)).toBe(value.toLocaleString('en-IN'))
      }),
      { numRuns: 2000 },
    )
  })

  it('writes the limits the forms name, and rounds a fraction', () => {
    expect(indianDigits(0)).toBe('0')
    expect(indianDigits(999)).toBe('999')
    expect(indianDigits(1000)).toBe('1,000')
    expect(indianDigits(205000)).toBe('2,05,000')
    expect(indianDigits(10_000_000)).toBe('1,00,00,000')
    expect(indianDigits(-123456)).toBe('-1,23,456')
    expect(indianDigits(2.5)).toBe('2.5')
    expect(indianDigits(1234.56789)).toBe('1,234.568')
    expect(indianDigits(-0.0002)).toBe('0')
  })
})
