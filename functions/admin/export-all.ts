import { exportKinds, workbookFileName } from '@core/exports'
import { adminHandler } from '../lib/admin-http'
import { exportReply, readAllItems } from '../lib/exports'
import { toWorkbook } from '../lib/workbook'

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** GET /api/admin/export-all/xlsx: every kind, one sheet each, as forms-export.xlsx. */
export const handler = adminHandler('admin-export-all', async () => {
  const sheets = []
  for (const kind of exportKinds) sheets.push({ kind, items: await readAllItems(kind) })
  return await exportReply(await toWorkbook(sheets), xlsxType, workbookFileName)
})
