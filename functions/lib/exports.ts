import { randomUUID } from 'node:crypto'
import type { ExportLinkReply } from '@core/api-types'
import { type ExportKind, exportCells, exportColumnsOf } from '@core/exports'
import { stringify } from 'csv-stringify/sync'
import { functionEnv } from './config'
import { type ContentKind, listContent, maxContentPageSize } from './db/content'
import { type LeadKind, listLeads, maxPageSize } from './db/leads'
import { HttpError } from './errors'
import { type HttpResult, json } from './http'
import { type ExportUpload, presignExportDownload, uploadExport } from './storage'

/** Where each export kind is stored. */
const sources: Record<ExportKind, { readonly lead: LeadKind } | { readonly content: ContentKind }> = {
  quotes: { lead: 'QUOTE' },
  contacts: { lead: 'CONTACT' },
  newsletter: { lead: 'NEWSLETTER' },
  jobs: { content: 'JOB' },
  resources: { content: 'RESOURCE' },
}

export type Row = Record<string, unknown>

/**
 * The items of `kind`, newest first, one DynamoDB page at a time through paginated Queries (never a Scan):
 * an export holds one page of items at a time, not every item.
 */
export async function* readPages(kind: ExportKind): AsyncGenerator<readonly Row[]> {
  const source = sources[kind]
  let cursor: string | undefined
  do {
    const page =
      'lead' in source
        ? await listLeads<Row>(source.lead, { limit: maxPageSize, cursor })
        : await listContent<Row>(source.content, { limit: maxContentPageSize, cursor })
    yield page.items
    cursor = page.nextCursor
  } while (cursor)
}

const csvOptions = {
  record_delimiter: 'windows',
  // RFC 4180 quotes any field holding CR or LF (a lone CR too); edge spaces are quoted so no reader trims them.
  quoted_match: /[\r\n]|^\s|\s$/,
} as const

/** Where an export writes its bytes as it makes them (an `ExportFile`). */
export interface ExportSink {
  write(chunk: Buffer | string): Promise<void>
}

/**
 * Writes the CSV of the items of `kind` to `out`, one page at a time: RFC 4180 (CRLF, quotes doubled), a
 * UTF-8 BOM, the columns of `exportColumnsOf(kind)`, neutralised cells.
 */
export async function writeCsv(
  kind: ExportKind,
  pages: AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>,
  out: ExportSink,
): Promise<void> {
  await out.write(
    stringify([exportColumnsOf(kind).map((column) => column.header)], { ...csvOptions, bom: true }),
  )
  for await (const items of pages) {
    const rows = items.map((item) =>
      exportCells(kind, item, { dates: false }).map((value) =>
        typeof value === 'number' ? String(value) : value,
      ),
    )
    if (rows.length > 0) await out.write(stringify(rows, csvOptions))
  }
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
 * An export file as it is made. Its bytes are kept in memory up to the direct-reply limit; past it they are
 * streamed to the exports bucket (removed after a day; no CloudFront origin), so memory stays bounded whatever
 * the number of rows. `reply()` answers the file itself when it fits in an API reply, else
 * `{ url, fileName, expiresAt }`: a presigned download link valid for 5 minutes, which the dashboard follows.
 */
export class ExportFile implements ExportSink {
  private chunks: Buffer[] = []
  private bytes = 0
  private upload: ExportUpload | undefined
  private readonly key: string

  constructor(
    private readonly fileName: string,
    private readonly contentType: string,
    private readonly now = new Date(),
    private readonly limit = directDownloadLimit(),
  ) {
    this.key = `${now.getTime()}-${randomUUID()}/${fileName}`
  }

  async write(chunk: Buffer | string): Promise<void> {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    this.bytes += buffer.byteLength
    if (this.upload) return await this.upload.write(buffer)
    this.chunks.push(buffer)
    if (this.bytes <= this.limit) return
    this.upload = uploadExport(this.key, this.contentType)
    const held = this.chunks
    this.chunks = []
    for (const part of held) await this.upload.write(part)
  }

  async reply(): Promise<HttpResult> {
    if (!this.upload) {
      const body = Buffer.concat(this.chunks)
      const text = this.contentType.startsWith('text/')
      return downloadResponse(
        text ? body.toString('utf8') : body,
        this.contentType,
        this.fileName,
        this.limit,
      )
    }
    await this.upload.finish()
    const reply: ExportLinkReply = {
      url: await presignExportDownload(this.key, this.fileName, exportLinkSeconds),
      fileName: this.fileName,
      expiresAt: new Date(this.now.getTime() + exportLinkSeconds * 1000).toISOString(),
    }
    return json(200, reply, { 'cache-control': 'no-store' })
  }

  /** Gives the file up after a failure: nothing of it stays stored. */
  async discard(): Promise<void> {
    this.chunks = []
    await this.upload?.abort()
  }
}

/** Makes an export file with `write` and answers it (see `ExportFile`); a failure leaves nothing stored. */
export async function exportReply(
  fileName: string,
  contentType: string,
  write: (out: ExportSink) => Promise<void>,
): Promise<HttpResult> {
  const file = new ExportFile(fileName, contentType)
  try {
    await write(file)
    return await file.reply()
  } catch (error) {
    await file.discard()
    throw error
  }
}
