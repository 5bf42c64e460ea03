import { cellValue, columnsFor, exportColumns, neutraliseCell } from '@core/exports'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

const triggers = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']

describe('neutraliseCell', () => {
  it.each(triggers)('prefixes an apostrophe to text starting with %j', (trigger) => {
    expect(neutraliseCell(`${trigger}HYPERLINK("http://x")`)).toBe(`'${trigger}HYPERLINK("http://x")`)
  })

  it('leaves other text alone, including triggers later in the text', () => {
    for (const text of ['', 'Asha', ' =1+1', 'a=b', "'quoted", '5-6 kW', 'e@mail']) {
      expect(neutraliseCell(text)).toBe(text)
    }
  })

  it('never leaves a trigger as the first character of any text', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...triggers, ''), (rest, start) => {
        const out = neutraliseCell(start + rest)
        expect(triggers).not.toContain(out.charAt(0))
        expect(out.endsWith(start + rest)).toBe(true)
      }),
    )
  })
})

describe('cellValue', () => {
  it('keeps finite numbers, turns ISO times in date columns into dates and the rest into safe text', () => {
    expect(cellValue(5, {})).toBe(5)
    expect(cellValue(Number.NaN, {})).toBe('')
    expect(cellValue(undefined, {})).toBe('')
    expect(cellValue(true, {})).toBe('yes')
    expect(cellValue('2026-11-22T10:00:00.000Z', { type: 'date' })).toEqual(
      new Date('2026-11-22T10:00:00.000Z'),
    )
    expect(cellValue('2026-11-22T10:00:00.000Z', {})).toBe('2026-11-22T10:00:00.000Z')
    expect(cellValue('=cmd|calc', { type: 'date' })).toBe("'=cmd|calc")
    expect(cellValue({ formula: 'SUM(A1)' }, {})).toBe('{"formula":"SUM(A1)"}')
    expect(cellValue(['-a'], {})).toBe('["-a"]')
  })
})

describe('columnsFor', () => {
  it('lists the known columns, then fields found on items, sorted', () => {
    const columns = columnsFor('newsletter', [{ email: 'a@b.c', source: 'footer', consentAt: 'x' }])
    expect(columns.map((column) => column.key)).toEqual([
      ...exportColumns.newsletter.map((column) => column.key),
      'consentAt',
      'source',
    ])
  })
})
