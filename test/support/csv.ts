/**
 * Reads RFC 4180 CSV back into rows (quoted fields, doubled quotes, CRLF or LF, newlines inside quotes), so
 * tests check what a spreadsheet program would see. Throws on a stray quote or an unterminated field.
 *
 * `delimiter` is the separator the reader splits on: `,` by default (the exports' own, read strictly); `;`
 * reads the file as Excel in a European locale opens it (its list separator), `\t` as a tab-separated import
 * does. With a separator the file was not written with, the reader is as lenient as Excel: a quote inside an
 * unquoted field is kept as text, what follows a closing quote up to the next separator joins the field, and
 * a quote left open runs to the end of the text.
 */
export function parseCsv(text: string, delimiter: ',' | ';' | '\t' = ','): string[][] {
  const strict = delimiter === ','
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let index = 0
  let quoted = false
  let fieldStarted = false
  while (index < text.length) {
    const char = text[index]!
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"'
        index += 2
        continue
      }
      if (char === '"') {
        quoted = false
        index += 1
        const next = text[index]
        if (strict && next !== undefined && next !== delimiter && next !== '\r' && next !== '\n')
          throw new Error(`Stray quote at ${index}`)
        continue
      }
      field += char
      index += 1
      continue
    }
    if (char === '"' && !(fieldStarted && !strict)) {
      if (fieldStarted) throw new Error(`Quote inside an unquoted field at ${index}`)
      quoted = true
      fieldStarted = true
      index += 1
      continue
    }
    if (char === delimiter) {
      row.push(field)
      field = ''
      fieldStarted = false
      index += 1
      continue
    }
    if (char === '\r' || char === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      fieldStarted = false
      index += char === '\r' && text[index + 1] === '\n' ? 2 : 1
      continue
    }
    field += char
    fieldStarted = true
    index += 1
  }
  // Lenient, a quote opened after a foreign separator runs to the end, as Excel reads it.
  if (quoted && strict) throw new Error('Unterminated quoted field')
  if (fieldStarted || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}
