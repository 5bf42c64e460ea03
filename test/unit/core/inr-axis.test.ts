import { formatInrAxis, inrAxisTicks } from '@core/inr-axis'
import { describe, expect, it } from 'vitest'

describe('formatInrAxis', () => {
  it('writes amounts below a lakh out in full, with Indian grouping', () => {
    expect(formatInrAxis(0)).toBe('₹0')
    expect(formatInrAxis(75_000)).toBe('₹75,000')
    expect(formatInrAxis(99_999)).toBe('₹99,999')
  })

  it('writes lakhs with a space before L and at most one decimal, none when it is .0', () => {
    expect(formatInrAxis(100_000)).toBe('₹1 L')
    expect(formatInrAxis(290_000)).toBe('₹2.9 L')
    expect(formatInrAxis(250_000)).toBe('₹2.5 L')
    expect(formatInrAxis(1_093_238)).toBe('₹10.9 L')
    expect(formatInrAxis(1_200_000)).toBe('₹12 L')
  })

  it('writes crores from one crore', () => {
    expect(formatInrAxis(10_000_000)).toBe('₹1 Cr')
    expect(formatInrAxis(125_000_000)).toBe('₹12.5 Cr')
  })
})

describe('inrAxisTicks', () => {
  it('steps by round amounts from 0 past the top', () => {
    expect(inrAxisTicks(1_380_000)).toEqual([0, 500_000, 1_000_000, 1_500_000])
    expect(inrAxisTicks(290_000)).toEqual([0, 100_000, 200_000, 300_000])
    expect(inrAxisTicks(130_000)).toEqual([0, 50_000, 100_000, 150_000])
    expect(inrAxisTicks(1_000_000)).toEqual([0, 250_000, 500_000, 750_000, 1_000_000])
  })

  it('reads every step of a report’s axis as a figure a reader takes in at a glance', () => {
    expect(inrAxisTicks(1_380_000).map(formatInrAxis)).toEqual(['₹0', '₹5 L', '₹10 L', '₹15 L'])
    expect(inrAxisTicks(130_000).map(formatInrAxis)).toEqual(['₹0', '₹50,000', '₹1 L', '₹1.5 L'])
  })

  it('gives a single 0 for an empty axis', () => {
    expect(inrAxisTicks(0)).toEqual([0])
  })
})
