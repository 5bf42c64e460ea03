import { isExportKind } from '@core/exports'
import { adminHandler } from '../lib/admin-http'
import { NotFoundError } from '../lib/errors'
import { exportReply, readPages, writeCsv } from '../lib/exports'

/** GET /api/admin/export/{kind}: every item of the kind as `{kind}.csv` (quotes, contacts, jobs, resources, newsletter). */
export const handler = adminHandler('admin-export-kind', async ({ pathParameters }) => {
  const kind = pathParameters.kind
  if (!isExportKind(kind)) throw new NotFoundError('No such export.')
  return await exportReply(`${kind}.csv`, 'text/csv; charset=utf-8', (out) =>
    writeCsv(kind, readPages(kind), out),
  )
})
