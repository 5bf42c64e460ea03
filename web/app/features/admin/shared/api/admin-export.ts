import { workbookFileName } from '@core/exports'
import { apiMethod, apiPath } from '~/lib/api/client'
import { downloadFile } from './download-file'

/** What the export buttons download: one kind as CSV, or every kind as one Excel workbook. */
export type ExportTarget = 'quotes' | 'contacts' | 'jobs' | 'resources' | 'newsletter' | 'all'

export function exportPath(target: ExportTarget): string {
  return target === 'all' ? apiPath('admin-export-all') : apiPath('admin-export-kind', { kind: target })
}

/** The route an export calls: what decides which roles are offered its button. */
export function exportRoute(target: ExportTarget): 'admin-export-all' | 'admin-export-kind' {
  return target === 'all' ? 'admin-export-all' : 'admin-export-kind'
}

export function exportFileName(target: ExportTarget): string {
  return target === 'all' ? workbookFileName : `${target}.csv`
}

/**
 * GET the export and save it as `{kind}.csv` or forms-export.xlsx. An export too large for one reply comes
 * back as `{ url }`, a short-lived download link, which is followed. Rejects with ExportError (or
 * AdminSessionExpiredError on 401).
 */
export function downloadExport(target: ExportTarget): Promise<void> {
  return downloadFile(exportPath(target), apiMethod(exportRoute(target)), exportFileName(target))
}
