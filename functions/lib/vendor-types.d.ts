/** Types of the exceljs helpers that functions/lib/workbook-rows.ts writes rows with (the package types only its API). */
declare module 'exceljs/lib/utils/utils' {
  const utils: {
    /** Text with XML's special characters as entities and the characters XML cannot hold removed. */
    xmlEncode(text: string): string
    /** A time as Excel's serial day number. */
    dateToExcel(date: Date, date1904?: boolean): number
  }
  export default utils
}

declare module 'exceljs/lib/utils/col-cache' {
  const colCache: {
    /** Column `n` (from 1) as its letters: 1 → A, 27 → AA. */
    n2l(n: number): string
  }
  export default colCache
}
