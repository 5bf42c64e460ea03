import { type EventEmitter, once } from 'node:events'
import { PassThrough, type Writable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { type ExportKind, exportCells, exportColumnsOf } from '@core/exports'
import ExcelJS from 'exceljs'
import type { ExportSink, Row } from './exports'

/** Kept apart from exports.ts so that only the workbook function bundles exceljs. */

const dateFormat = 'yyyy-mm-dd hh:mm:ss'

/**
 * A workbook with one sheet per kind, in order, through exceljs's streaming writer, reading each kind's items
 * page by page: bold frozen header row with an auto-filter, column widths, dates as date cells, every other
 * value a string or a number — never a formula. Rows are committed as they are added, and the zipped bytes
 * go to `out` as they come, so neither the items nor the file are held whole.
 */
export async function writeWorkbook(
  kinds: readonly ExportKind[],
  pagesOf: (kind: ExportKind) => AsyncIterable<readonly Row[]>,
  out: ExportSink,
): Promise<void> {
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
  try {
    await Promise.race([writeSheets(kinds, pagesOf, stream, stop.signal), copyFailed])
  } catch (error) {
    stop.abort(error)
    stream.destroy()
    await copying.catch(() => undefined)
    throw error
  }
  await copying
}

async function writeSheets(
  kinds: readonly ExportKind[],
  pagesOf: (kind: ExportKind) => AsyncIterable<readonly Row[]>,
  stream: PassThrough,
  signal: AbortSignal,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  })
  workbook.creator = 'Suryodaya Energy admin'
  for (const kind of kinds) {
    const columns = exportColumnsOf(kind)
    const sheet = workbook.addWorksheet(kind, { views: [{ state: 'frozen', ySplit: 1 }] })
    sheet.columns = columns.map((column) => ({ key: column.key, width: column.width }))
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } }
    const header = sheet.addRow(columns.map((column) => column.header))
    header.font = { bold: true }
    header.commit()
    // One style object per column, shared by all its cells: exceljs looks a cell's style up by object
    // identity first, so a shared object is resolved once instead of once per cell (half the writing time).
    const styles = columns.map((column) => (column.type === 'date' ? { numFmt: dateFormat } : {}))
    for await (const items of pagesOf(kind)) {
      signal.throwIfAborted()
      for (const item of items) {
        const row = sheet.addRow(exportCells(kind, item, { dates: true }))
        row.eachCell((cell, column) => {
          cell.style = styles[column - 1] ?? {}
        })
        row.commit()
      }
      await zipCaughtUp(sheet)
    }
    sheet.commit()
  }
  await workbook.commit()
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
    | (Partial<Pick<Writable, 'writableNeedDrain'>> & {
        _writableState?: { needDrain?: boolean }
      } & EventEmitter)
    | undefined
  const needsDrain = zipInput?.writableNeedDrain ?? zipInput?._writableState?.needDrain
  if (needsDrain === true && typeof zipInput?.once === 'function') await once(zipInput, 'drain')
  else await nextTurn()
}
