import {
  basePriceInr,
  billRangesFor,
  capacityOptionsKw,
  commercialBillRanges,
  displayedPriceInr,
  estimatedCostText,
  estimateQuote,
  formatInr,
  payloadEstimatedCostInr,
  residentialBillRanges,
  suggestedCapacityKw,
} from '@core/quote'
import { quoteSchema } from '@core/quote-schema'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'

// The price and bill-range tables, written out here on purpose: the module must match them row by row.
const residentialTable: Array<[string, number]> = [
  ['1500-2500', 3],
  ['2501-3500', 4],
  ['3500-4500', 5],
  ['4501-5500', 6],
  ['5501-6500', 7],
  ['6501-7500', 8],
  ['7501-10500', 10],
]
const commercialTable = ['10000-20000', '20000-30000', '30000-40000', '40000-50000']
// capacity → current price: ≤2 kW 144000; 3 kW 205000; above 3: 205000 + 61000 per kW beyond 3
const priceTable: Array<[number, number]> = [
  [2, 144_000],
  [3, 205_000],
  [4, 266_000],
  [5, 327_000],
  [6, 388_000],
  [7, 449_000],
  [8, 510_000],
  [10, 632_000],
]

describe('bill ranges', () => {
  it('lists the seven residential ranges in order, the same on the housing tab', () => {
    expect(residentialBillRanges.map((range) => range.value)).toEqual(
      residentialTable.map(([range]) => range),
    )
    expect(billRangesFor('residential')).toBe(residentialBillRanges)
    expect(billRangesFor('housing')).toBe(residentialBillRanges)
  })

  it('lists the four commercial ranges, with no suggested capacity', () => {
    expect(billRangesFor('commercial').map((range) => range.value)).toEqual(commercialTable)
    expect(commercialBillRanges.every((range) => range.suggestedKw === undefined)).toBe(true)
  })

  it.each(residentialTable)('suggests for %s the capacity %i kW on residential and housing', (range, kw) => {
    expect(suggestedCapacityKw('residential', range)).toBe(kw)
    expect(suggestedCapacityKw('housing', range)).toBe(kw)
    expect(suggestedCapacityKw('commercial', range)).toBeUndefined()
  })

  it('suggests nothing for a commercial range or an unknown one', () => {
    for (const range of commercialTable) expect(suggestedCapacityKw('commercial', range)).toBeUndefined()
    expect(suggestedCapacityKw('residential', '10000-20000')).toBeUndefined()
  })

  it('offers the capacities 2, 3, 4, 5, 6, 7, 8 and 10 kW', () => {
    expect([...capacityOptionsKw]).toEqual([2, 3, 4, 5, 6, 7, 8, 10])
  })
})

describe('price rule', () => {
  it.each(priceTable)('prices %i kW at %i at current GST', (kw, price) => {
    expect(basePriceInr(kw)).toBe(price)
    expect(displayedPriceInr(kw, 'current')).toBe(price)
    expect(payloadEstimatedCostInr(kw, 'current')).toBe(price)
  })

  it.each(priceTable)('displays %i kW at previous GST as the current price plus 5000', (kw, price) => {
    expect(displayedPriceInr(kw, 'previous')).toBe(price + 5000)
  })

  it.each(priceTable)(
    'sends for %i kW at previous GST the price it displays: the current price plus 5000',
    (kw, price) => {
      expect(payloadEstimatedCostInr(kw, 'previous')).toBe(price + 5000)
      expect(payloadEstimatedCostInr(kw, 'previous')).toBe(displayedPriceInr(kw, 'previous'))
    },
  )

  it('prices up to 2 kW flat and refuses a capacity that is not positive', () => {
    expect(basePriceInr(1)).toBe(144_000)
    expect(() => basePriceInr(0)).toThrow(RangeError)
    expect(() => basePriceInr(Number.NaN)).toThrow(RangeError)
  })

  it('shows and sends one previous-GST price: 5 kW displays and sends ₹3,32,000', () => {
    expect(formatInr(displayedPriceInr(5, 'previous'))).toBe('₹3,32,000')
    expect(estimatedCostText(5, 'previous')).toBe('₹3,32,000')
    expect(estimatedCostText(5, 'current')).toBe('₹3,27,000')
    expect(estimatedCostText(undefined, 'current')).toBe('')
  })
})

describe('formatInr', () => {
  it('formats rupees en-IN without decimals', () => {
    expect(formatInr(327_000)).toBe('₹3,27,000')
    expect(formatInr(144_000)).toBe('₹1,44,000')
    expect(formatInr(12_345_678)).toBe('₹1,23,45,678')
    expect(formatInr(281_519.6)).toBe('₹2,81,520')
  })
})

describe('estimateQuote', () => {
  it('computes the one price from capacity and mode, and nothing without a capacity', () => {
    // 4 kW at previous GST: the page shows ₹2,71,000, and that is the price stored and shown to staff.
    expect(estimateQuote({ capacityKw: 4, gstMode: 'previous' })).toEqual({
      displayedPriceInr: 271_000,
      estimatedCostInr: 271_000,
      estimatedCost: '₹2,71,000',
    })
    expect(estimateQuote({ capacityKw: undefined, gstMode: 'current' })).toBeUndefined()
  })
})

const valid = {
  category: 'residential',
  gstMode: 'current',
  capacityKw: 5,
  billRange: '3500-4500',
  estimatedCost: '₹3,27,000',
  name: 'Ravi Kumar',
  whatsapp: '+91 98765 43210',
  pincode: '500081',
  bill: '4200',
  agree: true,
  adult: true,
}

describe('quoteSchema', () => {
  it('accepts a complete request and drops unknown fields; the WhatsApp updates box is unticked unless sent', () => {
    const result = validate(quoteSchema, { ...valid, pk: 'ADMIN' })
    expect(result).toEqual({ ok: true, value: { ...valid, whatsappUpdates: false } })
    const ticked = validate(quoteSchema, { ...valid, whatsappUpdates: true })
    expect(ticked.ok && ticked.value.whatsappUpdates).toBe(true)
  })

  it('refuses a request without the age box ticked, naming the field', () => {
    for (const adult of [false, 'on', undefined]) {
      expect(validate(quoteSchema, { ...valid, adult })).toEqual({
        ok: false,
        fields: { adult: 'Confirm that you are 18 or older to send this' },
      })
    }
  })

  it('accepts the optional capacity and bill range as absent, empty or null', () => {
    for (const empty of [undefined, '', null]) {
      const result = validate(quoteSchema, { ...valid, capacityKw: empty, billRange: empty })
      expect(result.ok && [result.value.capacityKw, result.value.billRange]).toEqual([undefined, undefined])
    }
  })

  it('reads a capacity sent as text and refuses one that is not an option', () => {
    const text = validate(quoteSchema, { ...valid, capacityKw: '8' })
    expect(text.ok && text.value.capacityKw).toBe(8)
    const nine = validate(quoteSchema, { ...valid, capacityKw: 9 })
    expect(!nine.ok && nine.fields.capacityKw).toMatch(/2, 3, 4, 5, 6, 7, 8, 10 kW/)
  })

  it('defaults the GST mode to current and refuses another mode or category', () => {
    const { gstMode: _mode, ...withoutMode } = valid
    const result = validate(quoteSchema, withoutMode)
    expect(result.ok && result.value.gstMode).toBe('current')
    const bad = validate(quoteSchema, { ...valid, gstMode: 'future', category: 'industrial' })
    expect(!bad.ok && Object.keys(bad.fields).sort()).toEqual(['category', 'gstMode'])
  })

  it('requires the bill range to be one of the tab', () => {
    const commercialRangeOnResidential = validate(quoteSchema, { ...valid, billRange: '10000-20000' })
    expect(commercialRangeOnResidential).toEqual({
      ok: false,
      fields: { billRange: 'Choose a bill range of this tab' },
    })
    const commercial = validate(quoteSchema, { ...valid, category: 'commercial', billRange: '10000-20000' })
    expect(commercial.ok).toBe(true)
  })

  it.each(['9876543210', '+919876543210', '91 98765 43210', '98765-43210'])(
    'accepts the Indian mobile number %s',
    (whatsapp) => {
      expect(validate(quoteSchema, { ...valid, whatsapp }).ok).toBe(true)
    },
  )

  it.each(['12345', '5876543210', '98765432101', '+1 202 555 0100', 'whatsapp me'])(
    'refuses %s as a WhatsApp number',
    (whatsapp) => {
      expect(validate(quoteSchema, { ...valid, whatsapp })).toEqual({
        ok: false,
        fields: { whatsapp: 'Enter a 10-digit Indian mobile number' },
      })
    },
  )

  it.each(['50008', '0500081', '050008', 'ABCDEF'])('refuses the PIN code %s', (pincode) => {
    expect(validate(quoteSchema, { ...valid, pincode }).ok).toBe(false)
  })

  it('requires agreement to be exactly true', () => {
    for (const agree of [false, 'true', undefined]) {
      const result = validate(quoteSchema, { ...valid, agree })
      expect(!result.ok && result.fields.agree).toBe('Please agree to the terms of service')
    }
  })

  it('names every required field of an empty body', () => {
    const result = validate(quoteSchema, {})
    expect(!result.ok && Object.keys(result.fields).sort()).toEqual([
      'adult',
      'agree',
      'bill',
      'category',
      'name',
      'pincode',
      'whatsapp',
    ])
  })

  it.each([
    '2500',
    '2,500',
    '2,50,000',
    '₹2,500',
    '₹ 2,50,000',
    'Rs. 2500',
    'rs 2500',
    'INR 2500',
    '2500/-',
    '₹2,500/-',
    '2500.50',
  ])('accepts the bill written %s, as the calculator does', (bill) => {
    const result = validate(quoteSchema, { ...valid, bill })
    expect(result.ok && result.value.bill).toBe(bill)
  })

  it.each(['0x10', '1e3', '-2500', '+2500', 'lots', '2500 rupees', '.5', '₹', '2500/'])(
    'refuses the bill written %s with its message',
    (bill) => {
      expect(validate(quoteSchema, { ...valid, bill })).toEqual({
        ok: false,
        fields: { bill: 'Enter the bill in rupees' },
      })
    },
  )

  it('limits the name length and refuses a bill that is not a number', () => {
    expect(validate(quoteSchema, { ...valid, name: 'x'.repeat(121) }).ok).toBe(false)
    expect(validate(quoteSchema, { ...valid, bill: 'lots' }).ok).toBe(false)
    expect(validate(quoteSchema, { ...valid, bill: '12,500' }).ok).toBe(true)
  })
})
