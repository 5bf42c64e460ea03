/**
 * RFC 4180 records, written by hand: a comma between fields, CRLF after each record, and a field quoted
 * (its quotes doubled) when it holds a quote, a comma, a CR or an LF, or starts or ends with white space (so
 * no reader trims it). Exports write hundreds of thousands of records, and this is the whole of what they
 * need from a CSV library; test/unit/functions/csv.test.ts pins it to csv-stringify's output for the same
 * options, byte for byte.
 */

/** The UTF-8 byte order mark, first in every CSV export: spreadsheet programs then read the file as UTF-8. */
export const csvBom = '\uFEFF'

const needsQuotes = /[",\r\n]|^\s|\s$/

const quotes = /"/g

/** One field: text as is, or quoted with its quotes doubled when it must be. */
export function csvField(text: string): string {
  return needsQuotes.test(text) ? `"${text.replace(quotes, '""')}"` : text
}

/**
 * One record, CRLF included: text fields through csvField, numbers in JavaScript's shortest form, dates as
 * their ISO time.
 */
export function csvRecord(fields: readonly (string | number | Date)[]): string {
  let record = ''
  for (let index = 0; index < fields.length; index += 1) {
    const value = fields[index]
    if (index > 0) record += ','
    record +=
      typeof value === 'string'
        ? csvField(value)
        : value instanceof Date
          ? value.toISOString()
          : String(value)
  }
  return `${record}\r\n`
}
