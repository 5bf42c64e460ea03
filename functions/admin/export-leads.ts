import { isLeadExportFormat, leadExportFileName, leadViewCells, leadViewColumns } from '@core/exports'
import {
  type InboxQuery,
  inboxFilterNames,
  inboxQueryOf,
  inboxQuerySchema,
  withoutEmptyFilters,
} from '@core/pipeline'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { BadRequestError, NotFoundError } from '../lib/errors'
import { cellPages, countExport, exportReply, readLeadView, writeCsv } from '../lib/exports'
import { writeWorkbook, xlsxContentType } from '../lib/workbook'

/**
 * GET /api/admin/export-leads/{csv|xlsx}?kind=&status=&segment=&assignee=&from=&to=&q=&due=&waiting=&source=: every lead of the
 * inbox's view with these filters (the names and rules of GET /api/admin/leads; its paging is not read), as
 * leads.csv or leads.xlsx, or a download link when the file is too large for one reply. A format it does not
 * know → 404, a filter outside its list → 400, both before anything is read; then the export is counted
 * against the user's export limit (429 past it).
 */
export const handler = adminHandler('admin-export-leads', async (request) => {
  const format = request.pathParameters.format
  if (!isLeadExportFormat(format)) throw new NotFoundError('No such export.')
  const { cursor: _cursor, limit: _limit, ...filters } = request.query
  const result = validate(inboxQuerySchema, withoutEmptyFilters(filters))
  if (!result.ok) throw new BadRequestError('Check the filters.', result.fields)
  const view = inboxQueryOf(result.value, request.admin.username)
  await countExport(request.admin.username)
  const fileName = leadExportFileName(format)
  const dates = format === 'xlsx'
  const pages = () => cellPages(readLeadView(view), (lead) => leadViewCells(lead, { dates }))
  let leads = 0
  const reply = await exportReply(
    fileName,
    dates ? xlsxContentType : 'text/csv; charset=utf-8',
    async (out) => {
      leads = dates
        ? await writeWorkbook([{ name: 'leads', columns: leadViewColumns, pages }], out)
        : await writeCsv(leadViewColumns, pages(), out)
    },
  )
  await auditAdminAction(request, 'export', fileName, viewDetail(view, leads))
  return reply
})

/**
 * The view as the audit trail keeps it: its filters, a search only as such (its text may be a customer's
 * e-mail, phone or name), and how many leads it held.
 */
function viewDetail(query: InboxQuery, leads: number): string {
  const filters = inboxFilterNames
    .filter((name) => name !== 'q' && query[name] !== undefined)
    .map((name) => `${name}=${query[name]}`)
  if (query.q) filters.push('a search')
  return `${filters.length > 0 ? filters.join(' ') : 'every lead'}: ${leads} ${leads === 1 ? 'lead' : 'leads'}`
}
