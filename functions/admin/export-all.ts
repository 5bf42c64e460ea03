import { exportKinds, workbookFileName } from '@core/exports'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { exportReply, readPages } from '../lib/exports'
import { writeWorkbook } from '../lib/workbook'

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** GET /api/admin/export-all/xlsx: every kind, one sheet each, as forms-export.xlsx. */
export const handler = adminHandler('admin-export-all', async (request) => {
  const reply = await exportReply(workbookFileName, xlsxType, (out) =>
    writeWorkbook(exportKinds, readPages, out),
  )
  await auditAdminAction(request, 'export', workbookFileName)
  return reply
})
