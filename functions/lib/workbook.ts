import { type EventEmitter, once } from 'node:events'
import { PassThrough, type Writable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { crc32 as zlibCrc32 } from 'node:zlib'
import { companyFacts } from '@core/company'
import type { ExportColumn } from '@core/exports'
import crc32 from 'crc-32'
import ExcelJS from 'exceljs'
import type { ExportCells, ExportSink } from './exports'
import { rowWriter } from './workbook-rows'

/** Kept apart from exports.ts so that only the workbook functions bundle exceljs. */

/**
 * The zip's checksums through Node's zlib. exceljs zips with archiver, whose crc32-stream computes the CRC-32
 * of every chunk with the crc-32 package's `buf`, in JavaScript, on the thread that builds the XML; zlib's
 * CRC-32 gives the same values natively (test/unit/functions/workbook-crc.test.ts holds them equal), and the
 * workbook of everything takes about a twentieth less time. Set once, when a workbook function loads.
 */
crc32.buf = (data, seed) =>
  zlibCrc32(ArrayBuffer.isView(data) ? data : Uint8Array.from(data), (seed ?? 0) >>> 0) | 0

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const dateFormat = 'yyyy-mm-dd hh:mm:ss'

/**
 * How hard the zip compresses. Level 1 makes files about a fifth larger than zlib's default (6) in a fraction
 * of its time; the bench's workbooks spent more time deflating than building their XML at the default.
 */
const zipOptions = { zlib: { level: 1 } }

/** One sheet of a workbook: its name, its columns, and its rows' cells a page at a time (read when reached). */
export interface WorkbookSheet {
  readonly name: string
  readonly columns: readonly ExportColumn[]
  readonly pages: () => AsyncIterable<readonly ExportCells[]>
}

/**
 * A workbook with `sheets` in order, through exceljs's streaming writer, reading each sheet's rows page by
 * page: bold frozen header row with an auto-filter, column widths, dates as date cells, every other value a
 * string or a number — never a formula (the cells come neutralised from functions/core/exports.ts). The
 * header goes through exceljs's rows, the data rows straight to the sheet's XML as exceljs writes them
 * (workbook-rows.ts); the zipped bytes go to `out` as they come, so neither the rows nor the file are held whole. Answers how many rows it wrote (headers not counted).
 */
export async function writeWorkbook(sheets: readonly WorkbookSheet[], out: ExportSink): Promise<number> {
  const stream = new PassThrough()
  const stop = new AbortController()
  const copying = (async () => {
    for await (const chunk of stream) await out.write(chunk as Buffer)
  })()
  // A failed write (the upload) ends the export at once, and the writer stops before its next page.
  const copyFailed = copying.then(
    () => new Promise<never>(() => undefined),
    (error: unknown) => {
      stop.abort(error)
      throw error
    },
  )
  let rows: number
  try {
    rows = await Promise.race([writeSheets(sheets, stream, stop.signal), copyFailed])
  } catch (error) {
    stop.abort(error)
    stream.destroy()
    await copying.catch(() => undefined)
    throw error
  }
  await copying
  return rows
}

async function writeSheets(
  sheets: readonly WorkbookSheet[],
  stream: PassThrough,
  signal: AbortSignal,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
    zip: zipOptions,
  })
  workbook.creator = `${companyFacts.name} admin`
  let rows = 0
  for (const { name, columns, pages } of sheets) {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] })
    sheet.columns = columns.map((column) => ({ key: column.key, width: column.width }))
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } }
    const header = sheet.addRow(columns.map((column) => column.header))
    header.font = { bold: true }
    header.commit()
    // One style object per column, shared by all its cells: exceljs's registry looks a style up by object
    // identity first, so a shared object is resolved once instead of once per cell.
    const styles = columns.map((column) => (column.type === 'date' ? { numFmt: dateFormat } : {}))
    // The same for the rows: each row has a style of its own too, looked up the same way.
    const rowStyle: Partial<ExcelJS.Style> = {}
    const writeRows = rowWriter(sheet, styles, rowStyle)
    for await (const page of pages()) {
      signal.throwIfAborted()
      for (let start = 0; start < page.length; start += rowsPerTurn) {
        if (start > 0) await nextTurn()
        writeRows(page, start, Math.min(page.length, start + rowsPerTurn))
      }
      rows += page.length
      await zipCaughtUp(sheet)
    }
    sheet.commit()
  }
  await workbook.commit()
  return rows
}

/**
 * exceljs hands a sheet's committed rows to the zip without waiting for it, and the zip compresses them off
 * the main thread: when pages come faster than that (a fast table), the XML would pile up in memory. After
 * each page this waits until the zip's input has drained (reaching into exceljs's sheet stream; should its
 * shape change, it falls back to letting one turn of the event loop pass).
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  // archiver's streams come from the readable-stream package (an older copy of Node's streams, without
  // `writableNeedDrain`): recognised by shape, not by class.
  const zipInput = (sheet as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as
    | (Partial<Pick<Writable, 'writableNeedDrain' | 'writableLength'>> & {
        _writableState?: { needDrain?: boolean; length?: number }
      } & EventEmitter)
    | undefined
  const needsDrain = zipInput?.writableNeedDrain ?? zipInput?._writableState?.needDrain
  const backlog = zipInput?.writableLength ?? zipInput?._writableState?.length ?? Number.POSITIVE_INFINITY
  // Up to maxZipBacklog waits in the zip while the next page is built, so the compression (on libuv's pool)
  // and the XML (on this thread) overlap; past it, the writer waits for the zip.
  if (needsDrain === true && backlog > maxZipBacklog && typeof zipInput?.once === 'function') {
    await once(zipInput, 'drain')
  } else await nextTurn()
}

/**
 * After this many rows the writer lets the event loop turn. The zip deflates on libuv's pool but is handed
 * each chunk from this thread: without a turn it sits idle while a whole page is built, and then the writer
 * waits for it (measured: a quarter of a second of waiting per 100,000 rows, none with a turn every 50 rows).
 */
const rowsPerTurn = 50

/** How much sheet XML may wait for the zip before the writer stops to let it catch up. */
const maxZipBacklog = 4 * 1024 * 1024
