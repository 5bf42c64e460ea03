import { formulaTriggers } from '@core/exports'

/**
 * RFC 4180 records, written by hand: a comma between fields, CRLF after each record, and a field quoted
 * (its quotes doubled) when it holds a quote, a comma, a semicolon, a tab, a CR or an LF, or starts or ends
 * with white space (so no reader trims it). Semicolons and tabs are quoted because Excel in a European locale
 * opens a CSV file with `;` as its separator (and a pasted or tab-separated import splits on tabs): unquoted,
 * `a;=cmd` would be read as two cells, the second a formula. Quoting is not enough on its own: a reader
 * splitting on `;` sees the quotes of a field that follows a comma in the middle of its cell, as text, and
 * cuts the field at its `;` (or its line break) all the same. So, in the CSV only, a formula trigger right
 * after a separator inside a field (`,` `;` tab CR LF) gets an apostrophe in front (`a;'=cmd`), as a field's
 * first character does (functions/core/exports.ts): whatever the reader splits on, no cell starts a formula. Exports write hundreds of thousands of records, and this is the whole of what they
 * need from a CSV library; test/unit/functions/csv.test.ts pins it to csv-stringify's output for the same
 * options, byte for byte.
 */

/** The UTF-8 byte order mark, first in every CSV export: spreadsheet programs then read the file as UTF-8. */
export const csvBom = '\uFEFF'

const needsQuotes = /[",;\t\r\n]|^\s|\s$/

const quotes = /"/g

/** Characters some reader splits a CSV file on: each is also one that makes a field quoted. */
const separators = ',;\t\r\n'

/** A character as a member of a RegExp character class. */
const inClass = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`

/**
 * A separator that a formula trigger follows, directly or after quotes (a reader that opens a quoted field there
 * drops them). The triggers that are themselves separators (tab, CR) are left out: the separator they are
 * counts on its own. One expression, run natively over the field, instead of a loop over its characters.
 */
const separatorBeforeFormula = new RegExp(
  `[${[...separators].map(inClass).join('')}](?="*[${[...formulaTriggers]
    .filter((char) => !separators.includes(char))
    .map(inClass)
    .join('')}])`,
  'g',
)

/**
 * `text` with an apostrophe after each separator a formula trigger follows, directly or after quotes (a reader
 * that opens a quoted field there drops them): `a;=cmd` → `a;'=cmd`, `a\n"=cmd` → `a\n'"=cmd`.
 */
export function neutraliseAfterSeparators(text: string): string {
  return text.replace(separatorBeforeFormula, "$&'")
}

/**
 * One field: text as is, or quoted with its quotes doubled when it must be (and then, since it holds a
 * separator, with a trigger after each separator neutralised).
 */
export function csvField(text: string): string {
  return needsQuotes.test(text) ? `"${neutraliseAfterSeparators(text).replace(quotes, '""')}"` : text
}

/**
 * The fields of the record being written, as text: one array for every record, since the record is joined
 * before csvRecord returns (an export writes 100,000 records, and each array of its own is garbage at once).
 */
const scratch: string[] = []

/**
 * One record, CRLF included: text fields through csvField, numbers in JavaScript's shortest form, dates as
 * their ISO time.
 */
export function csvRecord(fields: readonly (string | number | Date)[]): string {
  const parts = scratch
  parts.length = fields.length
  for (let index = 0; index < fields.length; index += 1) {
    const value = fields[index]
    parts[index] =
      typeof value === 'string'
        ? value === ''
          ? ''
          : csvField(value)
        : value instanceof Date
          ? value.toISOString()
          : String(value)
  }
  return `${parts.join(',')}\r\n`
}
