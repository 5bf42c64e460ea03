import { exportColumnsOf, isExportKind } from '@core/exports'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { NotFoundError } from '../lib/errors'
import { countExport, exportReply, kindCellPages, writeCsv } from '../lib/exports'

/**
 * GET /api/admin/export/{kind}: every item of the kind as `{kind}.csv` (quotes, contacts, jobs, resources,
 * newsletter). Counted against the user's export limit (429 past it) before anything is read.
 */
export const handler = adminHandler('admin-export-kind', async (request) => {
  const kind = request.pathParameters.kind
  if (!isExportKind(kind)) throw new NotFoundError('No such export.')
  await countExport(request.admin.username)
  const reply = await exportReply(`${kind}.csv`, 'text/csv; charset=utf-8', (out) =>
    writeCsv(exportColumnsOf(kind), kindCellPages(kind, { dates: false }), out),
  )
  await auditAdminAction(request, 'export', `${kind}.csv`)
  return reply
})
