import { workbookFileName } from '@core/exports'
import { AdminSessionExpiredError, adminFetch } from '~/features/admin/session/admin-client'
import { apiMethod, apiPath, type HttpMethod } from '~/lib/api/client'
import { readErrorMessage } from '~/lib/api/read-error'

/** What the export buttons download: one kind as CSV, or every kind as one Excel workbook. */
export type ExportTarget = 'quotes' | 'contacts' | 'jobs' | 'resources' | 'newsletter' | 'all'

/** The prefix of the export failure alert; the server's text follows it. */
export const exportFailedMessage = 'Export failed'

/** An export failed: the message is the alert's text, 'Export failed: <server text>' or 'Export failed'. */
export class ExportError extends Error {
  constructor(serverText?: string) {
    super(serverText ? `${exportFailedMessage}: ${serverText}` : exportFailedMessage)
    this.name = 'ExportError'
  }
}

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

/** Saves a URL (an object URL or a download link) under `fileName`, as a click on a download link would. */
function saveUrl(href: string, fileName: string): void {
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  link.rel = 'noopener'
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
}

async function serverText(response: Response): Promise<string | undefined> {
  const copy = response.clone()
  const message = await readErrorMessage(response)
  if (message) return message
  const text = (await copy.text().catch(() => '')).trim()
  return text === '' ? response.statusText || `HTTP ${response.status}` : text.slice(0, 300)
}

/**
 * GET the export and save it as `{kind}.csv` or forms-export.xlsx. An export too large for one reply comes
 * back as `{ url }`, a short-lived download link, which is followed. Rejects with ExportError (or
 * AdminSessionExpiredError on 401).
 */
export function downloadExport(target: ExportTarget): Promise<void> {
  return downloadFile(exportPath(target), apiMethod(exportRoute(target)), exportFileName(target))
}

/**
 * Calls an export at `path` and saves what it answers under `fileName`: the file itself, or, for one too
 * large for one reply, the short-lived download link `{ url }` it answers instead. Rejects with ExportError
 * carrying the server's text, or AdminSessionExpiredError on 401. Every export button downloads through it.
 */
export async function downloadFile(path: string, method: HttpMethod, fileName: string): Promise<void> {
  let response: Response
  try {
    response = await adminFetch(path, method)
  } catch (error) {
    if (error instanceof AdminSessionExpiredError) throw error
    throw new ExportError()
  }
  if (!response.ok) throw new ExportError(await serverText(response))
  try {
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      const body: unknown = await response.json()
      const url = body && typeof body === 'object' && 'url' in body ? body.url : undefined
      if (typeof url !== 'string' || url === '') throw new ExportError('no download link')
      saveUrl(url, fileName)
      return
    }
    const objectUrl = URL.createObjectURL(await response.blob())
    saveUrl(objectUrl, fileName)
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000)
  } catch (error) {
    if (error instanceof ExportError) throw error
    throw new ExportError()
  }
}
