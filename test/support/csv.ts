/**
 * Reads RFC 4180 CSV back into rows (quoted fields, doubled quotes, CRLF or LF, newlines inside quotes), so
 * tests check what a spreadsheet program would see. Throws on a stray quote or an unterminated field.
 */
export function parseCsv(text: string): string[][] {
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
        if (index < text.length && !/[,\r\n]/.test(text[index]!)) throw new Error(`Stray quote at ${index}`)
        continue
      }
      field += char
      index += 1
      continue
    }
    if (char === '"') {
      if (fieldStarted) throw new Error(`Quote inside an unquoted field at ${index}`)
      quoted = true
      fieldStarted = true
      index += 1
      continue
    }
    if (char === ',') {
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
  if (quoted) throw new Error('Unterminated quoted field')
  if (fieldStarted || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}
