import { AdminSessionExpiredError, adminFetch } from '~/features/admin/session/admin-client'
import type { HttpMethod } from '~/lib/api/client'
import { readErrorMessage } from '~/lib/api/read-error'

// Apart from the export buttons' targets (admin-export.ts), so a page that only downloads a file (a visit's
// calendar entry, the inbox's view) does not carry the export table of every kind.

/** The prefix of the export failure alert; the server's text follows it. */
export const exportFailedMessage = 'Export failed'

/** An export failed: the message is the alert's text, 'Export failed: <server text>' or 'Export failed'. */
export class ExportError extends Error {
  constructor(serverText?: string) {
    super(serverText ? `${exportFailedMessage}: ${serverText}` : exportFailedMessage)
    this.name = 'ExportError'
  }
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
