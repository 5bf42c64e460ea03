import ExcelJS from 'exceljs'

/** Opens an XLSX file with exceljs, as a spreadsheet program would read it. */
export async function openWorkbook(bytes: ArrayBuffer | Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as ArrayBuffer)
  return workbook
}

/** How many cells of the workbook hold a formula (shared formulas included). */
export function countFormulaCells(workbook: ExcelJS.Workbook): number {
  let formulas = 0
  for (const sheet of workbook.worksheets) {
    sheet.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (cell.type === ExcelJS.ValueType.Formula || cell.formula !== undefined) formulas += 1
      })
    })
  }
  return formulas
}
