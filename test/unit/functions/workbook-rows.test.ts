import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import fc from 'fast-check'
import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import type { ExportCells } from '../../../functions/lib/exports'
import { rowWriter } from '../../../functions/lib/workbook-rows'

/** A sheet's columns as the exports give them: some of dates, the rest text or numbers. */
const columns = [
  { key: 'createdAt', date: true },
  { key: 'name', date: false },
  { key: 'amount', date: false },
  { key: 'note', date: false },
  { key: 'givenAt', date: true },
  { key: 'other', date: false },
] as const

/**
 * The workbook of `rows`, set up as functions/lib/workbook.ts sets a sheet up (styled header committed first,
 * a shared style per column and for the rows), its rows written by `write`. Answers every file of the zip.
 */
async function workbookFiles(
  write: (
    sheet: ExcelJS.Worksheet,
    styles: Partial<ExcelJS.Style>[],
    rowStyle: Partial<ExcelJS.Style>,
  ) => void,
): Promise<Record<string, string>> {
  const stream = new PassThrough()
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  })
  workbook.created = workbook.modified = new Date(Date.UTC(2026, 10, 27))
  const sheet = workbook.addWorksheet('Leads', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns.map((column) => ({ key: column.key, width: 20 }))
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } }
  const header = sheet.addRow(columns.map((column) => column.key))
  header.font = { bold: true }
  header.commit()
  write(
    sheet,
    columns.map((column) => (column.date ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {})),
    {},
  )
  sheet.commit()
  await workbook.commit()
  const zip = await JSZip.loadAsync(Buffer.concat(chunks))
  const files: Record<string, string> = {}
  for (const [name, file] of Object.entries(zip.files)) files[name] = await file.async('string')
  return files
}

/** exceljs's own way: a Row per row (column n at index n), each cell given its column's style, committed. */
function throughExcelRows(rows: readonly ExportCells[]) {
  return (sheet: ExcelJS.Worksheet, styles: Partial<ExcelJS.Style>[], rowStyle: Partial<ExcelJS.Style>) => {
    for (const cells of rows) {
      const values: (string | number | Date)[] = new Array(cells.length + 1)
      cells.forEach((value, index) => {
        if (value !== '') values[index + 1] = value
      })
      const row = sheet.addRow(values)
      ;(row as unknown as { style: Partial<ExcelJS.Style> }).style = rowStyle
      row.eachCell((cell, column) => {
        cell.style = styles[column - 1] ?? {}
      })
      row.commit()
    }
  }
}

/** The direct writer, a few rows at a time as the workbook calls it. */
function throughRowWriter(rows: readonly ExportCells[], batch: number) {
  return (sheet: ExcelJS.Worksheet, styles: Partial<ExcelJS.Style>[], rowStyle: Partial<ExcelJS.Style>) => {
    const writeRows = rowWriter(sheet, styles, rowStyle)
    for (let start = 0; start < rows.length; start += batch) {
      writeRows(rows, start, Math.min(rows.length, start + batch))
    }
  }
}

const xmlSpecials = fc.constantFrom(
  '&',
  '<',
  '>',
  '"',
  "'",
  '\u0000',
  '\u0008',
  '\u000B',
  '\u001F',
  '\u007F',
  '\t',
  '\n',
  '\r',
  ']]>',
  '₹',
  '𝄞',
  '\uD800',
)
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc
    .array(fc.oneof(xmlSpecials, fc.string({ maxLength: 3 })), { maxLength: 6 })
    .map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 10 }),
)
const cell: fc.Arbitrary<string | number | Date> = fc.oneof(
  { arbitrary: fc.constant(''), weight: 4 },
  { arbitrary: text, weight: 3 },
  { arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), weight: 2 },
  {
    arbitrary: fc.date({ min: new Date('1900-03-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
    weight: 2,
  },
)
const row = fc.array(cell, { minLength: columns.length, maxLength: columns.length })
const emptyRow: ExportCells = columns.map(() => '')
const rows = fc.array(
  fc.oneof({ arbitrary: row, weight: 5 }, { arbitrary: fc.constant(emptyRow), weight: 1 }),
  {
    maxLength: 30,
  },
)

describe('the workbook rows written directly (functions/lib/workbook-rows.ts)', () => {
  it("are exceljs's own XML byte for byte, styles included: text to escape, numbers, dates, empty cells and rows", async () => {
    await fc.assert(
      fc.asyncProperty(rows, fc.integer({ min: 1, max: 7 }), async (generated, batch) => {
        const expected = await workbookFiles(throughExcelRows(generated))
        const actual = await workbookFiles(throughRowWriter(generated, batch))
        expect(actual).toEqual(expected)
      }),
      { numRuns: 60 },
    )
  })

  it('writes the cells a spreadsheet reads back: the values, the date style, and the rows after an empty one', async () => {
    const given: ExportCells[] = [
      [new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), 'Asha & "Ravi" <x>', 205000, '', '', "'=1+1"],
      ['', '', '', '', '', ''],
      ['', 'Only a name', '', '', '', ''],
    ]
    const files = await workbookFiles(throughRowWriter(given, 2))
    const sheetXml = files['xl/worksheets/sheet1.xml'] ?? ''
    // The empty row is left out but keeps its number: the row after it is row 4.
    expect(sheetXml).toContain(
      '<row r="4" spans="2:2" x14ac:dyDescent="0.25"><c r="B4" t="str"><v>Only a name</v></c></row>',
    )
    expect(sheetXml).not.toContain('<row r="3"')
    const workbook = new ExcelJS.Workbook()
    const zip = new JSZip()
    for (const [name, content] of Object.entries(files)) zip.file(name, content)
    await workbook.xlsx.load(await zip.generateAsync({ type: 'arraybuffer' }))
    const sheet = workbook.getWorksheet('Leads')
    expect(sheet?.getRow(2).getCell(1).value).toEqual(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))
    expect(sheet?.getRow(2).getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm:ss')
    expect(sheet?.getRow(2).getCell(2).value).toBe('Asha & "Ravi" <x>')
    expect(sheet?.getRow(2).getCell(3).value).toBe(205000)
    expect(sheet?.getRow(2).getCell(6).value).toBe("'=1+1")
    expect(sheet?.getRow(4).getCell(2).value).toBe('Only a name')
  })

  it("refuses a sheet whose rows are not all committed, and a sheet that is not exceljs's streaming one", async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: new PassThrough(), useStyles: true })
    const sheet = workbook.addWorksheet('Leads')
    sheet.addRow(['header'])
    expect(() => rowWriter(sheet, [{}], {})).toThrow(/commit the rows/)
    expect(() => rowWriter(new ExcelJS.Workbook().addWorksheet('Leads'), [{}], {})).toThrow(
      /not the streaming sheet/,
    )
  })
})
