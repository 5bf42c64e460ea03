import type { ExportLinkReply } from '@core/api-types'
import { type LeadExportFormat, leadExportFileName } from '@core/exports'
import { type InboxQuery, inboxFilterNames } from '@core/pipeline'
import { type ApiShapes, apiMethod, apiPath } from '~/lib/api/client'
import { readErrorMessage } from '~/lib/api/read-error'
import { ExportError } from './admin-export'
import { AdminSessionExpiredError, adminHeaders } from './admin-request'

/** The inbox's filters as the export takes them (its paging is not part of a view). */
export type LeadViewFilters = Partial<Pick<InboxQuery, (typeof inboxFilterNames)[number]>>

/** The URL of the export of the view `filters` as `format`: the inbox's own filter names as its query. */
export function leadExportPath(format: LeadExportFormat, filters: LeadViewFilters): string {
  const query: Record<string, string | undefined> = {}
  for (const name of inboxFilterNames) {
    const value = filters[name]
    if (value !== undefined && value !== '') query[name] = value
  }
  return apiPath('admin-export-leads', { format }, query)
}

/**
 * GET the export of the inbox's current view (`filters`, as in the page's URL) and save it as leads.csv or
 * leads.xlsx. A file too large for one reply comes back as `{ url }`, a short-lived download link, which is
 * followed. Rejects with ExportError carrying the server's message (a filter outside its list: 400), or
 * AdminSessionExpiredError on 401.
 */
export async function exportLeadView(
  token: string | null,
  format: LeadExportFormat,
  filters: LeadViewFilters,
): Promise<void> {
  const fileName = leadExportFileName(format)
  let response: Response
  try {
    response = await fetch(leadExportPath(format, filters), {
      method: apiMethod('admin-export-leads'),
      headers: adminHeaders(token),
    })
  } catch {
    throw new ExportError()
  }
  if (response.status === 401) throw new AdminSessionExpiredError()
  if (!response.ok) throw new ExportError((await readErrorMessage(response)) ?? `HTTP ${response.status}`)
  let reply: ApiShapes['admin-export-leads']['response']
  try {
    reply = (response.headers.get('content-type') ?? '').includes('application/json')
      ? ((await response.json()) as ExportLinkReply)
      : await response.blob()
  } catch {
    throw new ExportError()
  }
  if (reply instanceof Blob) {
    const objectUrl = URL.createObjectURL(reply)
    saveUrl(objectUrl, fileName)
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000)
    return
  }
  if (typeof reply?.url !== 'string' || reply.url === '') throw new ExportError('no download link')
  saveUrl(reply.url, fileName)
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
