import { formulaTriggers } from '@core/exports'
import { stringify } from 'csv-stringify/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvBom, csvField, csvRecord, neutraliseAfterSeparators } from '../../../functions/lib/csv'
import { writeCsv } from '../../../functions/lib/exports'
import { binaryString } from '../../support/code-points'
import { parseCsv } from '../../support/csv'

/**
 * The options the exports gave csv-stringify before they wrote CSV themselves (the output they pinned), with
 * semicolons and tabs quoted too, so a `;`- or tab-separated reader keeps each field whole.
 */
const csvStringifyOptions = {
  record_delimiter: 'windows',
  quoted_match: /[;\t\r\n]|^\s|\s$/,
} as const

/** Text that reaches every quoting rule: quotes, commas, CR and LF alone or together, edge spaces. */
const field = fc.oneof(
  fc.string({
    unit: fc.constantFrom(
      'a',
      'é',
      '"',
      ',',
      ';',
      '\r',
      '\n',
      ' ',
      '\t',
      '\u00A0',
      '\u2028',
      '=',
      '@',
      '😀',
      "'",
    ),
    maxLength: 12,
  }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  binaryString({ maxLength: 20 }),
)

/**
 * A cell a spreadsheet program would run as a formula: a trigger first, after any tabs or CRs (which some
 * programs strip before they look).
 */
const startsFormula = /^[\t\r]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/

describe('csvRecord', () => {
  it('writes what csv-stringify wrote for the same fields, once a trigger after a separator is neutralised', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(field, fc.integer(), fc.double({ noNaN: true })), { minLength: 1 }),
        (fields) => {
          const expected = stringify(
            [
              fields.map((value) =>
                typeof value === 'number' ? String(value) : neutraliseAfterSeparators(value),
              ),
            ],
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
          expect(parseCsv(text)).toEqual(rows.map((row) => row.map(neutraliseAfterSeparators)))
        },
      ),
    )
  })

  it('quotes a semicolon or a tab, and neutralises a formula trigger right after any separator', () => {
    expect(csvRecord(['a;=cmd', 'x,=1+1', 'x\t@SUM(A1)', 'l1\n-2+3', 'plain', 'a; =1', 'a=1;b'])).toBe(
      `"a;'=cmd","x,'=1+1","x\t'@SUM(A1)","l1\n'-2+3",plain,"a; =1","a=1;b"\r\n`,
    )
    expect(neutraliseAfterSeparators('=a;+b,-c\t@d\r\uFF1De')).toBe("=a;'+b,'-c\t'@d\r'\uFF1De")
    expect(neutraliseAfterSeparators('no trigger; here, at all')).toBe('no trigger; here, at all')
  })

  it('neutralises exactly where the rule says, character by character, for any text', () => {
    // The rule as stated, one character at a time: after each separator, skip quotes; a formula trigger
    // that is not itself a separator gets an apostrophe before the skipped quotes.
    const separators = new Set([',', ';', '\t', '\r', '\n'])
    const byRule = (text: string) => {
      let out = ''
      for (let index = 0; index < text.length; index += 1) {
        out += text.charAt(index)
        if (!separators.has(text.charAt(index))) continue
        let next = index + 1
        while (text.charAt(next) === '"') next += 1
        const char = text.charAt(next)
        if (formulaTriggers.has(char) && !separators.has(char)) out += "'"
      }
      return out
    }
    const tricky = fc.constantFrom(
      ',',
      ';',
      '\t',
      '\r',
      '\n',
      '"',
      '=',
      '+',
      '-',
      '@',
      '\uFF1D',
      '\uFF0B',
      'a',
      ' ',
    )
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: tricky, maxLength: 40 }), fc.string({ unit: 'binary' })),
        (text) => {
          expect(neutraliseAfterSeparators(text)).toBe(byRule(text))
        },
      ),
      { numRuns: 3000 },
    )
  })

  it.each([
    [';', 'Excel in a European locale'],
    ['\t', 'a tab-separated import'],
  ] as const)(
    'reads with %j as the separator (%s): fields whole, no cell starts a formula',
    (delimiter, _reader) => {
      // A field that starts its cell comes back whole, apostrophes included (which the program hides).
      for (const value of ['a;=cmd|calc', 'x,=1+1', 'x\t@SUM(A1)', 'name; +91 98', 'tab\t-2+3', 'a;b'])
        expect(parseCsv(csvRecord([value]), delimiter)).toEqual([[neutraliseAfterSeparators(value)]])
      fc.assert(
        fc.property(
          fc.array(fc.oneof(field, fc.constantFrom('a;=1+1', 'b\t@SUM(1)', 'c;-2', 'd\t+3', 'e\n=1')), {
            minLength: 1,
            maxLength: 5,
          }),
          (fields) => {
            // Fields as the exports give them: one that starts with a trigger was neutralised already.
            const cells = fields.map((value) => (formulaTriggers.has(value.charAt(0)) ? `'${value}` : value))
            // However this reader joins and cuts the records, no cell starts with a formula trigger.
            const read = parseCsv(csvRecord(cells) + csvRecord(cells), delimiter).flat()
            for (const cell of read) expect(cell).not.toMatch(startsFormula)
          },
        ),
        { numRuns: 3000 },
      )
    },
  )
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

  it('writes each page as the UTF-8 of its records, long records and many-byte characters included', async () => {
    const chunks: Buffer[] = []
    const columns = [
      { key: 'a', header: 'A', width: 10 },
      { key: 'b', header: 'B', width: 10 },
    ]
    const page = (rows: number, text: string) =>
      Array.from({ length: rows }, (_, index): (string | number)[] => [`${text}${index}`, index])
    const pages = [
      page(3, 'short'),
      // 40,000 UTF-16 units of two- and four-byte characters in one record.
      page(2, '₹😀'.repeat(13_334)),
      page(2_000, 'a, "quoted" text; '),
      page(1, 'é'),
    ]
    const rows = await writeCsv(columns, pages, {
      write: async (chunk) => void chunks.push(Buffer.from(chunk)),
    })
    expect(rows).toBe(2_006)
    expect(chunks.slice(1).map((chunk) => chunk.toString('utf8'))).toEqual(
      pages.map((cells) => cells.map((row) => csvRecord(row)).join('')),
    )
    expect(chunks[2]?.byteLength).toBe(Buffer.byteLength(pages[1]!.map((row) => csvRecord(row)).join('')))
  })
})
