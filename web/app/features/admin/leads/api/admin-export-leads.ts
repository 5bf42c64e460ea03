import { type LeadExportFormat, leadExportFileName } from '@core/exports'
import { apiMethod, apiPath } from '~/lib/api/client'
import { type InboxFilters, inboxQueryString } from '../../shared/api/admin-leads'
import { downloadFile } from '../../shared/api/download-file'

/** The URL of the export of the view `filters` as `format`: the inbox's own query (its paging is not part of a view). */
export function leadExportPath(format: LeadExportFormat, filters: InboxFilters): string {
  const path = apiPath('admin-export-leads', { format })
  const query = inboxQueryString(filters)
  return query === '' ? path : `${path}?${query}`
}

/**
 * GET the export of the inbox's current view (`filters`, as in the page's URL) and save it as leads.csv or
 * leads.xlsx (a file too large for one reply is fetched through its short-lived link). Rejects with
 * ExportError carrying the server's message (a filter outside its list: 400), or AdminSessionExpiredError.
 */
export function exportLeadView(format: LeadExportFormat, filters: InboxFilters): Promise<void> {
  return downloadFile(
    leadExportPath(format, filters),
    apiMethod('admin-export-leads'),
    leadExportFileName(format),
  )
}
