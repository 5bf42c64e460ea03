import { describe, expect, it } from 'vitest'
import { billRangeOfBill, quotePrefillOf } from '~/lib/quote-prefill'

describe('quote prefill', () => {
  it('fills in a bill written as the form accepts it, and picks its range', () => {
    expect(quotePrefillOf('?bill=%E2%82%B92%2C500').bill).toBe('₹2,500')
    expect(billRangeOfBill('residential', '₹2,500')).toBe('1500-2500')
    expect(billRangeOfBill('residential', '2501/-')).toBe('2501-3500')
    expect(billRangeOfBill('commercial', 'Rs. 25,000')).toBe('20000-30000')
  })

  it('fills in no bill that the form refuses, and no range for it', () => {
    expect(quotePrefillOf('?bill=0x10')).not.toHaveProperty('bill')
    expect(billRangeOfBill('residential', '0x10')).toBe('')
    expect(billRangeOfBill('residential', undefined)).toBe('')
    expect(billRangeOfBill('residential', '100')).toBe('')
  })
})
