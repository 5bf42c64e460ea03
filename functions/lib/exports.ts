import { randomUUID } from 'node:crypto'
import type { ExportLinkReply } from '@core/api-types'
import { cellValue, columnsFor, type ExportKind } from '@core/exports'
import { stringify } from 'csv-stringify/sync'
import { uploadsFolders } from '../../infra/tables'
import { functionEnv } from './config'
import { type ContentKind, listContent, maxContentPageSize } from './db/content'
import { type LeadKind, listLeads, maxPageSize } from './db/leads'
import { HttpError } from './errors'
import { type HttpResult, json } from './http'
import { presignExportDownload, putExport } from './storage'

/** Where each export kind is stored. */
const sources: Record<ExportKind, { readonly lead: LeadKind } | { readonly content: ContentKind }> = {
  quotes: { lead: 'QUOTE' },
  contacts: { lead: 'CONTACT' },
  newsletter: { lead: 'NEWSLETTER' },
  jobs: { content: 'JOB' },
  resources: { content: 'RESOURCE' },
}

export type Row = Record<string, unknown>

/** Every item of `kind`, newest first, read through paginated Queries (never a Scan). */
export async function readAllItems(kind: ExportKind): Promise<Row[]> {
  const source = sources[kind]
  const items: Row[] = []
  let cursor: string | undefined
  do {
    const page =
      'lead' in source
        ? await listLeads<Row>(source.lead, { limit: maxPageSize, cursor })
        : await listContent<Row>(source.content, { limit: maxContentPageSize, cursor })
    items.push(...page.items)
    cursor = page.nextCursor
  } while (cursor)
  return items
}

/** The CSV text of some items: RFC 4180 (CRLF, quotes doubled), a UTF-8 BOM, neutralised cells. */
export function toCsv(kind: ExportKind, items: readonly Row[]): string {
  const columns = columnsFor(kind, items)
  const rows = items.map((item) =>
    columns.map((column) => {
      const value = cellValue(item[column.key], {})
      return typeof value === 'number' ? String(value) : (value as string)
    }),
  )
  return stringify([columns.map((column) => column.header), ...rows], {
    bom: true,
    record_delimiter: 'windows',
    // RFC 4180 quotes any field holding CR or LF (a lone CR too); edge spaces are quoted so no reader trims them.
    quoted_match: /[\r\n]|^\s|\s$/,
  })
}

/**
 * The largest file answered directly. A Lambda reply is at most 6 MB and a binary body travels as base64
 * (4 bytes per 3), so 4 MiB leaves room for both.
 */
export const maxDirectDownloadBytes = 4 * 1024 * 1024

export class ExportTooLargeError extends HttpError {
  constructor() {
    super(
      413,
      'The export is too large to download in one reply. Export one kind at a time, or ask for a direct download link.',
    )
  }
}

/** A file download reply: text as is, anything else base64; refused when over `limit`. */
export function downloadResponse(
  body: Buffer | string,
  contentType: string,
  fileName: string,
  limit = maxDirectDownloadBytes,
): HttpResult {
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength
  if (bytes > limit) throw new ExportTooLargeError()
  return {
    statusCode: 200,
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
    body: typeof body === 'string' ? body : body.toString('base64'),
    isBase64Encoded: typeof body !== 'string',
  }
}

/** How long the download link of a large export works, in seconds. */
export const exportLinkSeconds = 300

/**
 * The largest export answered in the reply itself: EXPORT_DIRECT_MAX_BYTES when set (the stand-in and the
 * tests lower it to try the link path with small data), else 4 MiB.
 */
export function directDownloadLimit(): number {
  const raw = process.env[functionEnv.exportDirectMaxBytes]
  const value = raw ? Number(raw) : Number.NaN
  return Number.isInteger(value) && value >= 0
    ? Math.min(value, maxDirectDownloadBytes)
    : maxDirectDownloadBytes
}

/**
 * The reply of an export: the file itself when it fits in an API reply; otherwise the file is written to the
 * uploads bucket's exports/ folder (removed after a day) and the reply is `{ url, fileName, expiresAt }`, a
 * presigned download link valid for 5 minutes, which the dashboard follows.
 */
export async function exportReply(
  body: Buffer | string,
  contentType: string,
  fileName: string,
  now = new Date(),
): Promise<HttpResult> {
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength
  if (bytes <= directDownloadLimit()) return downloadResponse(body, contentType, fileName)
  const key = `${uploadsFolders.exports}${now.getTime()}-${randomUUID()}/${fileName}`
  await putExport(key, body, contentType)
  const reply: ExportLinkReply = {
    url: await presignExportDownload(key, fileName, exportLinkSeconds),
    fileName,
    expiresAt: new Date(now.getTime() + exportLinkSeconds * 1000).toISOString(),
  }
  return json(200, reply, { 'cache-control': 'no-store' })
}
