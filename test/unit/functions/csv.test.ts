import { stringify } from 'csv-stringify/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvBom, csvField, csvRecord } from '../../../functions/lib/csv'
import { writeCsv } from '../../../functions/lib/exports'
import { parseCsv } from '../../support/csv'

/** The options the exports gave csv-stringify before they wrote CSV themselves: the output they pinned. */
const csvStringifyOptions = {
  record_delimiter: 'windows',
  quoted_match: /[\r\n]|^\s|\s$/,
} as const

/** Text that reaches every quoting rule: quotes, commas, CR and LF alone or together, edge spaces. */
const field = fc.oneof(
  fc.string({
    unit: fc.constantFrom('a', 'é', '"', ',', '\r', '\n', ' ', '\t', '\u00A0', '\u2028', '=', '😀', "'"),
    maxLength: 12,
  }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
)

describe('csvRecord', () => {
  it('writes exactly what csv-stringify wrote for the same fields', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(field, fc.integer(), fc.double({ noNaN: true })), { minLength: 1 }),
        (fields) => {
          const expected = stringify(
            [fields.map((value) => (typeof value === 'number' ? String(value) : value))],
            csvStringifyOptions,
          )
          expect(csvRecord(fields)).toBe(expected)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('quotes only what must be quoted, and doubles quotes inside', () => {
    expect(
      csvRecord(['plain', 'a,b', 'say "hi"', 'two\r\nlines', 'cr\ronly', ' edge', 'edge\t', '', 5]),
    ).toBe('plain,"a,b","say ""hi""","two\r\nlines","cr\ronly"," edge","edge\t",,5\r\n')
    expect(csvField('=1+1')).toBe('=1+1')
    expect(csvRecord([new Date('2026-11-22T10:00:00.000Z')])).toBe('2026-11-22T10:00:00.000Z\r\n')
  })

  it('reads back as the fields it was given', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(field, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const text = rows.map((row) => csvRecord(row)).join('')
          // A record of one empty field is an empty line, which readers skip: the generator keeps two or more.
          expect(parseCsv(text)).toEqual(rows)
        },
      ),
    )
  })
})

describe('writeCsv', () => {
  it('writes the BOM and the header, then one chunk per page of rows, and counts the rows', async () => {
    const chunks: string[] = []
    const rows = await writeCsv(
      [
        { key: 'a', header: 'A, first', width: 10 },
        { key: 'b', header: 'B', width: 10 },
      ],
      (async function* () {
        yield [['1', 2]]
        yield []
        yield [
          ['x"y', ''],
          [' z', 3],
        ]
      })(),
      { write: async (chunk) => void chunks.push(String(chunk)) },
    )
    expect(rows).toBe(3)
    expect(chunks).toEqual([`${csvBom}"A, first",B\r\n`, '1,2\r\n', '"x""y",\r\n" z",3\r\n'])
  })
})
