import { contactFields } from '@core/contact-fields'
import {
  cellValue,
  exportCells,
  exportColumns,
  exportColumnsOf,
  exportKinds,
  neutraliseCell,
  otherFields,
} from '@core/exports'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

const triggers = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']

describe('neutraliseCell', () => {
  it.each(triggers)('prefixes an apostrophe to text starting with %j', (trigger) => {
    expect(neutraliseCell(`${trigger}HYPERLINK("http://x")`)).toBe(`'${trigger}HYPERLINK("http://x")`)
  })

  it('leaves other text alone, including triggers later in the text', () => {
    for (const text of [
      '',
      'Asha',
      ' =1+1',
      'a=b',
      "'quoted",
      '5-6 kW',
      'e@mail',
      '₹1,80,000',
      'आशा',
      '😀=1',
    ]) {
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

describe('export columns and cells', () => {
  it('lists the known columns of each kind, then Other fields', () => {
    for (const kind of exportKinds) {
      const columns = exportColumnsOf(kind)
      expect(columns.slice(0, -1)).toEqual(exportColumns[kind])
      expect(columns.at(-1)?.header).toBe('Other fields')
      expect(columns.slice(0, 2).map((column) => column.header)).toEqual(['Received', 'ID'])
    }
  })

  it('puts when an opt-in box was withdrawn in a column after the box, empty while it stands, never in Other fields', () => {
    const headers = exportColumnsOf('contacts').map((column) => column.header)
    const box = contactFields.whatsappUpdates.label
    expect(headers.slice(headers.indexOf(box), headers.indexOf(box) + 4)).toEqual([
      box,
      `${box} withdrawn`,
      contactFields.newsletterOffers.label,
      `${contactFields.newsletterOffers.label} withdrawn`,
    ])
    const at = '2026-11-27T09:34:00.000Z'
    const lead = { id: 'c1', whatsappUpdates: false, whatsappUpdatesWithdrawnAt: at, newsletterOffers: true }
    const cell = (cells: readonly unknown[], header: string) => cells[headers.indexOf(header)]
    const text = exportCells('contacts', lead, { dates: false })
    expect(cell(text, box)).toBe('no')
    expect(cell(text, `${box} withdrawn`)).toBe(at)
    expect(cell(text, contactFields.newsletterOffers.label)).toBe('yes')
    expect(cell(text, `${contactFields.newsletterOffers.label} withdrawn`)).toBe('')
    expect(cell(text, 'Other fields')).toBe('')
    expect(cell(exportCells('contacts', lead, { dates: true }), `${box} withdrawn`)).toEqual(new Date(at))
  })

  it('puts the fields beyond the known columns into Other fields, as JSON with sorted keys', () => {
    const item = { email: 'a@b.c', source: 'footer', consentAt: 'x', nested: { a: 1 }, skipped: undefined }
    expect(otherFields('newsletter', item)).toBe('{"consentAt":"x","nested":{"a":1},"source":"footer"}')
    expect(otherFields('newsletter', { email: 'a@b.c', id: '1', createdAt: 'x' })).toBe('')
    const cells = exportCells('newsletter', item, { dates: false })
    expect(cells).toHaveLength(exportColumnsOf('newsletter').length)
    expect(cells[2]).toBe('a@b.c')
    expect(cells.at(-1)).toBe('{"consentAt":"x","nested":{"a":1},"source":"footer"}')
  })

  it("gives a quote's solar report its net cost and payback columns, and the report's objects as JSON", () => {
    const solarReport = { netCostInr: 127_000, payback: '4 years 3 months', capacityKw: 3 }
    const item = { id: 'q1', report: { bill: 2500, pincode: '500081' }, solarReport }
    const headers = exportColumnsOf('quotes').map((column) => column.header)
    const cells = exportCells('quotes', item, { dates: false })
    expect(cells[headers.indexOf('Net cost after subsidy (₹)')]).toBe(127_000)
    expect(cells[headers.indexOf('Payback')]).toBe('4 years 3 months')
    expect(cells[headers.indexOf('Solar report inputs')]).toBe('{"bill":2500,"pincode":"500081"}')
    expect(cells[headers.indexOf('Solar report (server)')]).toBe(JSON.stringify(solarReport))
    expect(cells.at(-1)).toBe('')
    // A quote without a report: empty cells, nothing in Other fields.
    const plain = exportCells('quotes', { id: 'q2', solarReport: 'text' }, { dates: false })
    expect(plain[headers.indexOf('Net cost after subsidy (₹)')]).toBe('')
  })

  it("shows a lead's consent and a quote's server estimate a field a column, and what else they hold in Other fields", () => {
    const consent = { text: 'I agree', version: 'quote-terms-2026-11', givenAt: '2026-11-22T10:00:00.000Z' }
    const serverEstimate = {
      displayedPriceInr: 185_000,
      estimatedCostInr: 180_000,
      estimatedCost: '₹1,80,000',
    }
    const headers = exportColumnsOf('quotes').map((column) => column.header)
    const cell = (cells: readonly unknown[], header: string) => cells[headers.indexOf(header)]
    const cells = exportCells('quotes', { id: 'q1', consent, serverEstimate }, { dates: false })
    expect(cell(cells, 'Consent')).toBe('I agree')
    expect(cell(cells, 'Consent version')).toBe('quote-terms-2026-11')
    expect(cell(cells, 'Consent given')).toBe('2026-11-22T10:00:00.000Z')
    expect(cell(cells, 'Server estimate')).toBe('₹1,80,000')
    expect(cell(cells, 'Server estimate (₹)')).toBe(180_000)
    expect(cell(cells, 'Price shown (₹)')).toBe(185_000)
    expect(cells.at(-1)).toBe('')
    expect(cell(exportCells('quotes', { consent }, { dates: true }), 'Consent given')).toEqual(
      new Date('2026-11-22T10:00:00.000Z'),
    )
    // A field of either object without a column, or either one stored as something other than an object.
    const more = { ...consent, ip: '203.0.113.9', skipped: undefined }
    expect(otherFields('quotes', { consent: more, serverEstimate: { ...serverEstimate, gst: '=1' } })).toBe(
      '{"consent":{"ip":"203.0.113.9"},"serverEstimate":{"gst":"=1"}}',
    )
    expect(otherFields('contacts', { consent: 'yes', email: 'a@b.c' })).toBe('{"consent":"yes"}')
    expect(exportCells('newsletter', { consent: ['a'] }, { dates: false }).at(-1)).toBe('{"consent":["a"]}')
    // The solar report is shown whole as well as by two of its fields: nothing of it goes to Other fields.
    expect(otherFields('quotes', { solarReport: { netCostInr: 1, extra: 2 } })).toBe('')
  })

  it('writes dates as dates only when asked (the workbook), and keeps every cell in column order', () => {
    const item = { createdAt: '2026-11-22T10:00:00.000Z', id: 'q1', name: '=cmd', capacityKw: 5, agree: true }
    const text = exportCells('quotes', item, { dates: false })
    const keys = exportColumnsOf('quotes').map((column) => column.key)
    expect(text[keys.indexOf('createdAt')]).toBe('2026-11-22T10:00:00.000Z')
    expect(text[keys.indexOf('name')]).toBe("'=cmd")
    expect(text[keys.indexOf('capacityKw')]).toBe(5)
    expect(text[keys.indexOf('agree')]).toBe('yes')
    expect(text[keys.indexOf('pincode')]).toBe('')
    const workbook = exportCells('quotes', item, { dates: true })
    expect(workbook[keys.indexOf('createdAt')]).toEqual(new Date('2026-11-22T10:00:00.000Z'))
  })
})

describe('exportCells, one pass over the item', () => {
  /** The rule as written per column: each column's field (or the field of the object stored there), then the rest. */
  function cellsByColumn(kind: (typeof exportKinds)[number], item: Record<string, unknown>, dates: boolean) {
    const cells = exportColumns[kind].map((column) => {
      const value = item[column.key]
      const shown =
        column.path === undefined
          ? value
          : typeof value === 'object' && value !== null
            ? (value as Record<string, unknown>)[column.path]
            : undefined
      return cellValue(shown, dates ? column : {})
    })
    return [...cells, neutraliseCell(beyondColumns(kind, item))]
  }

  /**
   * 'Other fields' by the rule, field by field: a field no column shows, whole; of an object that columns show
   * field by field, its other fields (or the whole value, when it is not an object); sorted keys, as JSON.
   */
  function beyondColumns(kind: (typeof exportKinds)[number], item: Record<string, unknown>): string {
    const columns = exportColumns[kind]
    const sorted = (entries: [string, unknown][]) =>
      Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    const extra: [string, unknown][] = []
    for (const [key, value] of Object.entries(item)) {
      if (value === undefined || columns.some((column) => column.key === key && column.path === undefined))
        continue
      const shown = columns.filter((column) => column.key === key).map((column) => column.path)
      if (shown.length === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) {
        extra.push([key, value])
        continue
      }
      const rest = Object.entries(value).filter(
        ([field, inner]) => !shown.includes(field) && inner !== undefined,
      )
      if (rest.length > 0) extra.push([key, sorted(rest)])
    }
    return extra.length > 0 ? JSON.stringify(sorted(extra)) : ''
  }

  const scalar = fc.oneof(
    fc.string(),
    fc.constantFrom('=1+1', '@SUM(A1)', '2026-11-22T10:00:00.000Z', '2026-13-45T99:00:00Z', ''),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
  )

  it.each(exportKinds)(
    'puts every field of a %s item where the per-column rule does, dates or not',
    (kind) => {
      const columns = exportColumns[kind]
      const keys = [...new Set(columns.map((column) => column.key)), 'extra', 'notes', '__proto__x']
      const paths = [...new Set(columns.flatMap((column) => (column.path ? [column.path] : []))), 'more']
      const value = fc.oneof(
        scalar,
        fc.dictionary(fc.constantFrom(...paths), scalar, { maxKeys: 4 }),
        fc.array(scalar, { maxLength: 3 }),
      )
      fc.assert(
        fc.property(
          fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: keys.length }),
          fc.boolean(),
          (item, dates) => {
            expect(exportCells(kind, item, { dates })).toEqual(cellsByColumn(kind, item, dates))
          },
        ),
        { numRuns: 300 },
      )
    },
  )
})
