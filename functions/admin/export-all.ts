import { exportColumnsOf, exportKinds, workbookFileName } from '@core/exports'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { countExport, exportReply, kindCellPages } from '../lib/exports'
import { writeWorkbook, xlsxContentType } from '../lib/workbook'

/**
 * GET /api/admin/export-all/xlsx: every kind, one sheet each, as forms-export.xlsx. Counted against the
 * user's export limit (429 past it) before anything is read.
 */
export const handler = adminHandler('admin-export-all', async (request) => {
  await countExport(request.admin.username)
  const sheets = exportKinds.map((kind) => ({
    name: kind,
    columns: exportColumnsOf(kind),
    pages: () => kindCellPages(kind, { dates: true }),
  }))
  const reply = await exportReply(workbookFileName, xlsxContentType, (out) => writeWorkbook(sheets, out))
  await auditAdminAction(request, 'export', workbookFileName)
  return reply
})
