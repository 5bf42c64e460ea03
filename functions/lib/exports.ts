import { randomUUID } from 'node:crypto'
import type { ExportLinkReply } from '@core/api-types'
import { type ExportColumn, type ExportKind, exportCells, type LeadViewLead } from '@core/exports'
import { newsletterStateOf } from '@core/newsletter'
import type { InboxQuery } from '@core/pipeline'
import { functionEnv, parseRateLimit, type RateLimit } from './config'
import { csvBom, csvRecord } from './csv'
import { inboxView } from './db/inbox'
import type { ContentKind } from './db/jobs-and-resources'
import type { LeadKind } from './db/leads'
import { queryPartition } from './db/partition-io'
import { consumeExportLimit } from './db/rate-limits'
import { HttpError, TooManyRequestsError } from './errors'
import { type ExportUpload, presignExportDownload, uploadExport } from './export-storage'
import { type HttpResult, json } from './http'
import { type TableName, tables } from './store-definitions'

/** Where each export kind is stored: its table and partition. */
const sources: Record<ExportKind, { readonly table: TableName; readonly partition: LeadKind | ContentKind }> =
  {
    quotes: { table: 'leads', partition: 'QUOTE' },
    contacts: { table: 'leads', partition: 'CONTACT' },
    newsletter: { table: 'leads', partition: 'NEWSLETTER' },
    jobs: { table: 'content', partition: 'JOB' },
    resources: { table: 'content', partition: 'RESOURCE' },
  }

export type Row = Record<string, unknown>

/**
 * How many items one Query of an export reads at most (DynamoDB ends a page at 1 MB first): large pages, so
 * 100,000 rows take a hundred round trips, not a thousand.
 */
export const exportPageSize = 1000

/**
 * The items of `kind` (the newsletter's subscribers only) as stored, newest first, one DynamoDB page at a time through paginated Queries (never a Scan):
 * an export holds one page of items at a time, not every item; the next page is read while one is written.
 */
export function readPages(kind: ExportKind): AsyncGenerator<readonly Row[]> {
  const { table, partition } = sources[kind]
  const pages = readAhead(queryPartition(table, partition, { newestFirst: true, pageSize: exportPageSize }))
  return kind === 'newsletter' ? subscribersOf(pages) : pages
}

/**
 * The cells of every row of `kind` (exportCells), a page at a time. The items come as stored: their table's
 * key attributes are left out as the cells are made, not by a copy of every item without them.
 */
export function kindCellPages(
  kind: ExportKind,
  { dates }: { readonly dates: boolean },
): AsyncGenerator<ExportCells[]> {
  const { partitionKey, sortKey } = tables[sources[kind].table]
  const leaveOut = [partitionKey, sortKey]
  return cellPages(readPages(kind), (item) => exportCells(kind, item, { dates, leaveOut }))
}

/**
 * The newsletter export holds subscribers only: signups their owner confirmed (double opt-in) and did not
 * withdraw. A pending or withdrawn signup stays in the workspace's list, with its state, never in the file.
 */
async function* subscribersOf(pages: AsyncGenerator<readonly Row[]>): AsyncGenerator<readonly Row[]> {
  for await (const page of pages) yield page.filter((row) => newsletterStateOf(row) === 'confirmed')
}

/**
 * Every lead of the inbox's view `query`, in the inbox's order, a page of summaries at a time: the view's
 * index entries, which hold all its columns (the latest note too), one partition read by Queries (inbox.ts).
 * The next page is read while one is written.
 */
export function readLeadView(query: InboxQuery): AsyncGenerator<readonly LeadViewLead[]> {
  return readAhead(inboxView(query, exportPageSize))
}

/** The pages of `pages`, asking for the next one as soon as one is handed on (one page ahead, no more). */
async function* readAhead<T>(pages: AsyncGenerator<T>): AsyncGenerator<T> {
  let reading = pages.next()
  for (;;) {
    const page = await reading
    if (page.done) return
    reading = pages.next()
    // Marked handled: a failure of the read ahead is thrown when it is awaited, after this page is written.
    reading.catch(() => undefined)
    yield page.value
  }
}

/** Where an export writes its bytes as it makes them (an `ExportFile`). */
export interface ExportSink {
  write(chunk: Buffer | string): Promise<void>
}

/** The cells of one row of an export, in the order of its columns (functions/core/exports.ts). */
export type ExportCells = readonly (string | number | Date)[]

/** Pages of items as pages of their cells, made as each page is read. */
export async function* cellPages<T>(
  pages: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
  cells: (item: T) => ExportCells,
): AsyncGenerator<ExportCells[]> {
  for await (const items of pages) yield items.map(cells)
}

/**
 * Writes a CSV file to `out`, one page at a time: RFC 4180 (csv.ts), a UTF-8 BOM, the header of `columns`,
 * then each row's cells (text, already neutralised, or numbers). Answers how many rows it wrote.
 */
export async function writeCsv(
  columns: readonly ExportColumn[],
  pages: AsyncIterable<readonly ExportCells[]> | Iterable<readonly ExportCells[]>,
  out: ExportSink,
): Promise<number> {
  await out.write(csvBom + csvRecord(columns.map((column) => column.header)))
  let rows = 0
  for await (const page of pages) {
    // Joined once: one flat string for the page, which turns into bytes faster than a chain of concatenations.
    const records: string[] = []
    for (const cells of page) records.push(csvRecord(cells))
    rows += page.length
    if (records.length > 0) await out.write(records.join(''))
  }
  return rows
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
  write: (out: ExportSink) => Promise<unknown>,
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

/**
 * How many exports one user may make, the three export routes together (CSV of a kind, the workbook, the
 * inbox's view): exports are the expensive routes (a full vCPU for up to 29 s each), so one account, or a
 * stolen token, cannot keep the functions busy. `EXPORT_RATE_LIMIT` may change it (tests only).
 */
export const defaultExportRateLimit = '10/10m'

/** The export limit in force: EXPORT_RATE_LIMIT when set, else 10 per 10 minutes. */
export function exportRateLimit(): RateLimit | 'off' {
  const name = functionEnv.exportRateLimit
  return parseRateLimit(process.env[name] || defaultExportRateLimit, name)
}

/** `seconds` for people: `45 seconds`, `7 minutes`, `2 hours` (rounded up). */
function duration(seconds: number): string {
  const [count, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour']
  return `${count} ${unit}${count === 1 ? '' : 's'}`
}

/**
 * Counts one export by `username` before anything is read: past the limit, 429 with `Retry-After` (the
 * seconds until the user's window ends) and a message saying when to try again. The one window per user is
 * a content-table record (functions/lib/db/rate-limits.ts), the same on the stand-in.
 */
export async function countExport(username: string, now = new Date()): Promise<void> {
  const limit = exportRateLimit()
  if (limit === 'off') return
  const decision = await consumeExportLimit(username, limit, now)
  if (decision.allowed) return
  throw new TooManyRequestsError(
    `You have made ${limit.max} exports in ${duration(limit.windowSeconds)}, the most allowed. ` +
      `Please try again in ${duration(decision.retryAfterSeconds)}.`,
    decision.retryAfterSeconds,
  )
}
