import { isExportKind } from '@core/exports'
import { adminHandler } from '../lib/admin-http'
import { NotFoundError } from '../lib/errors'
import { exportReply, readAllItems, toCsv } from '../lib/exports'

/** GET /api/admin/export/{kind}: every item of the kind as `{kind}.csv` (quotes, contacts, jobs, resources, newsletter). */
export const handler = adminHandler('admin-export-kind', async ({ pathParameters }) => {
  const kind = pathParameters.kind
  if (!isExportKind(kind)) throw new NotFoundError('No such export.')
  const csv = toCsv(kind, await readAllItems(kind))
  return await exportReply(csv, 'text/csv; charset=utf-8', `${kind}.csv`)
})
