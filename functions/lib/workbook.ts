import { PassThrough } from 'node:stream'
import { cellValue, columnsFor, type ExportColumn, type ExportKind } from '@core/exports'
import ExcelJS from 'exceljs'
import type { Row } from './exports'

/** Kept apart from exports.ts so that only the workbook function bundles exceljs. */
/**
 * A workbook with one sheet per kind, through exceljs's streaming writer: bold frozen header row with an
 * auto-filter, column widths, dates as date cells, every other value a string or a number — never a formula.
 */
export async function toWorkbook(sheets: readonly { kind: ExportKind; items: readonly Row[] }[]) {
  const stream = new PassThrough()
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve)
    stream.on('error', reject)
  })
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  })
  workbook.creator = 'Suryodaya Energy admin'
  for (const { kind, items } of sheets) {
    const columns: ExportColumn[] = columnsFor(kind, items)
    const sheet = workbook.addWorksheet(kind, { views: [{ state: 'frozen', ySplit: 1 }] })
    sheet.columns = columns.map((column) => ({
      key: column.key,
      width: column.width,
      ...(column.type === 'date' ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
    }))
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } }
    const header = sheet.addRow(columns.map((column) => column.header))
    header.font = { bold: true }
    header.commit()
    for (const item of items) {
      sheet.addRow(columns.map((column) => cellValue(item[column.key], column))).commit()
    }
    sheet.commit()
  }
  await workbook.commit()
  await finished
  return Buffer.concat(chunks)
}
