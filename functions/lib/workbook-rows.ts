import ExcelJS from 'exceljs'
import colCache from 'exceljs/lib/utils/col-cache'
import xlsxUtils from 'exceljs/lib/utils/utils'
import type { ExportCells } from './exports'

/**
 * The parts of exceljs's streaming sheet (WorksheetWriter) that a sheet's rows are written through: the
 * sheet's XML stream, the number of its next row, the rows it still holds, and the workbook's style registry.
 * exceljs is pinned (package.json); a version that changes them fails `rowWriter` at once, never a file.
 */
interface SheetInternals {
  stream: { write(xml: string): unknown }
  _rowZero: number
  _rows: unknown[]
  startedData: boolean
  _workbook: { styles: { addStyleModel(style: unknown, cellType?: number): number } }
}

function internalsOf(sheet: ExcelJS.Worksheet): SheetInternals {
  const inner = sheet as unknown as Partial<SheetInternals>
  if (
    typeof inner.stream?.write !== 'function' ||
    typeof inner._rowZero !== 'number' ||
    !Array.isArray(inner._rows) ||
    typeof inner._workbook?.styles?.addStyleModel !== 'function'
  ) {
    throw new Error('exceljs: not the streaming sheet this writer knows (see functions/lib/workbook-rows.ts)')
  }
  return inner as SheetInternals
}

/** Writes a page's rows (from `from` up to `to`) to the sheet. */
export type RowWriter = (page: readonly ExportCells[], from: number, to: number) => void

/**
 * Writes rows of `sheet` as exceljs's streaming writer writes a committed row (Row → RowXform → CellXform:
 * `<row r spans [s customFormat] x14ac:dyDescent>`, then `<c r [s] [t="str"]><v>…</v></c>` per cell that
 * holds a value, text through exceljs's own xmlEncode, dates as its serial numbers, and each style through the
 * workbook's registry, the same ids), without building the Row and Cell objects, their models and an XML
 * builder per row: half the time of a workbook of 100,000 rows. The XML is exceljs's, byte for byte
 * (test/unit/functions/workbook-rows.test.ts writes the same rows both ways). Cell n of a row is in column n + 1
 * with `columnStyles[n]`; an empty cell ('') is left out, and a row of empty cells is not written (as exceljs
 * does), though it takes its row number. The sheet's earlier rows (its header) must be committed first.
 */
export function rowWriter(
  sheet: ExcelJS.Worksheet,
  columnStyles: readonly Partial<ExcelJS.Style>[],
  rowStyle: Partial<ExcelJS.Style>,
): RowWriter {
  const inner = internalsOf(sheet)
  if (inner._rows.length > 0 || !inner.startedData) {
    throw new Error('exceljs: commit the rows before the first written directly (its header)')
  }
  const styles = inner._workbook.styles
  const letters = columnStyles.map((_, index) => colCache.n2l(index + 1))
  const { String: text, Number: number, Date: date } = ExcelJS.ValueType
  return (page, from, to) => {
    let xml = ''
    for (let index = from; index < to; index += 1) {
      const cells = page[index] ?? []
      const rowNumber = inner._rowZero
      inner._rowZero = rowNumber + 1
      let row = ''
      let min = 0
      let max = 0
      for (let column = 0; column < cells.length; column += 1) {
        const value = cells[column]
        if (value === '' || value === undefined) continue
        if (min === 0) min = column + 1
        max = column + 1
        const type = typeof value === 'string' ? text : typeof value === 'number' ? number : date
        const styleId = styles.addStyleModel(columnStyles[column] ?? {}, type)
        const open = `<c r="${letters[column] ?? colCache.n2l(column + 1)}${rowNumber}"${styleId ? ` s="${styleId}"` : ''}`
        row +=
          typeof value === 'string'
            ? `${open} t="str"><v>${xlsxUtils.xmlEncode(value)}</v></c>`
            : `${open}><v>${typeof value === 'number' ? value : xlsxUtils.dateToExcel(value, false)}</v></c>`
      }
      if (max === 0) continue
      const rowStyleId = styles.addStyleModel(rowStyle)
      const style = rowStyleId ? ` s="${rowStyleId}" customFormat="1"` : ''
      xml += `<row r="${rowNumber}" spans="${min}:${max}"${style} x14ac:dyDescent="0.25">${row}</row>`
    }
    if (xml) inner.stream.write(xml)
  }
}
