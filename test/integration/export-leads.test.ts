import { GetObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buckets, functionEnv } from '../../functions/lib/store-definitions'
import { type StaffHeaders, saveTestStaff } from '../support/admin-handlers'
import { parseCsv } from '../support/csv'
import { engineS3 } from '../support/engine-s3'
import { validContact, validQuote } from '../support/leads'
import { withTestEngines } from '../support/local-server'
import { routeCaller } from '../support/route-calls'
import { countFormulaCells, openWorkbook } from '../support/xlsx'

/**
 * The export of the inbox's view on dynalite and s3rver: leads stored, assigned, given follow-ups and notes
 * through the real handlers, then exported with the inbox's filters. The file holds exactly the view's leads
 * with their pipeline state and latest note, read from the index entries the workspace wrote.
 */
const headers: StaffHeaders = {}

/** The replies as sent: an export's body is the file (or, for a workbook, JSON with its link). */
const { reply: send } = routeCaller({ headers })
const exportView = (format: string, query: Record<string, string>, as = 'sunil') =>
  send('admin-export-leads', { as, pathParameters: { format }, query })

/** The leads stored, by a short name. */
const ids: Record<string, string> = {}

withTestEngines()
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  await saveTestStaff(headers, [
    ['sunil', 'sales'],
    ['esha', 'editor'],
  ])
  const { storeLead } = await import('../../functions/lib/db/leads')
  const leads = [
    ['ravi', 'QUOTE', { ...validQuote, name: 'Ravi Kumar', category: 'housing' }],
    // A name a spreadsheet would run as a formula.
    ['evil', 'CONTACT', { ...validContact, name: '=HYPERLINK("http://evil","click")' }],
    ['anita', 'CONTACT', { ...validContact, name: 'Anita Rao' }],
    ['other', 'QUOTE', { ...validQuote, name: 'Someone Else' }],
  ] as const
  // One a minute, in this order: the views list them newest first.
  for (const [minute, [name, kind, data]] of leads.entries()) {
    const now = new Date(Date.UTC(2026, 10, 20, 10, minute))
    ids[name] = (await storeLead(kind, data, { now })).lead.id
  }

  const change = async (name: string, body: Record<string, unknown>) => {
    const reply = await send('admin-update-lead', { as: 'sunil', pathParameters: { id: ids[name]! }, body })
    expect(reply.statusCode, reply.body).toBe(200)
  }
  const note = async (name: string, text: string) => {
    const reply = await send('admin-add-lead-note', {
      as: 'sunil',
      pathParameters: { id: ids[name]! },
      body: { text },
    })
    expect(reply.statusCode, reply.body).toBe(201)
  }
  // Sunil's view: Ravi (contacted, follow-up, two notes) and the formula-named contact (site visit).
  await change('ravi', { version: 0, status: 'contacted', assignee: 'sunil', followUpOn: '2026-12-01' })
  await note('ravi', 'First call: send the brochure')
  await note('ravi', 'Called, wants a site visit on Monday')
  await change('evil', { version: 0, status: 'contacted', assignee: 'sunil' })
  await change('evil', { version: 1, status: 'site-visit' })
  // Not in it: assigned to nobody, with a note of its own.
  await note('anita', 'Not interested yet')
})

afterAll(async () => {
  vi.restoreAllMocks()
  delete process.env[functionEnv.exportDirectMaxBytes]
})

describe('GET /api/admin/export-leads/{format} on dynalite and s3rver', () => {
  it("exports exactly an assignee's view as CSV, with status, assignee, follow-up and latest note", async () => {
    const reply = await exportView('csv', { assignee: 'sunil' })
    expect(reply.statusCode).toBe(200)
    const [header, ...rows] = parseCsv(reply.body!.replace(/^\uFEFF/, ''))
    const byHeader = (row: string[], name: string) => row[header!.indexOf(name)]
    // Newest first, as the inbox lists it: exactly the two leads assigned to sunil.
    expect(rows.map((row) => byHeader(row, 'ID'))).toEqual([ids.evil, ids.ravi])
    const [evil, ravi] = rows as [string[], string[]]
    expect(byHeader(ravi, 'Name')).toBe('Ravi Kumar')
    expect(byHeader(ravi, 'Kind')).toBe('Quote')
    expect(byHeader(ravi, 'Segment')).toBe('Housing Society')
    expect(byHeader(ravi, 'Status')).toBe('Contacted')
    expect(byHeader(ravi, 'Assignee')).toBe('sunil')
    expect(byHeader(ravi, 'Follow-up date')).toBe('2026-12-01')
    expect(byHeader(ravi, 'Latest note')).toBe('Called, wants a site visit on Monday')
    expect(byHeader(evil, 'Status')).toBe('Site visit')
    expect(byHeader(evil, 'Name')).toBe(`'=HYPERLINK("http://evil","click")`)
    expect(byHeader(evil, 'Latest note')).toBe('')
  })

  it('exports a status view and a search the same way as the inbox finds them', async () => {
    const idsOf = async (query: Record<string, string>) => {
      const [, ...rows] = parseCsv((await exportView('csv', query)).body!.replace(/^\uFEFF/, ''))
      return rows.map((row) => row[1])
    }
    expect(await idsOf({ status: 'site-visit' })).toEqual([ids.evil])
    expect(await idsOf({ q: 'anita' })).toEqual([ids.anita])
    expect(await idsOf({ kind: 'quote', status: 'new' })).toEqual([ids.other])
  })

  it('streams a view too large for one reply to s3rver as leads.xlsx behind a link, neutralised, no formula', async () => {
    process.env[functionEnv.exportDirectMaxBytes] = '16'
    const reply = await exportView('xlsx', { assignee: 'sunil' })
    delete process.env[functionEnv.exportDirectMaxBytes]
    expect(reply.statusCode).toBe(200)
    const { url, fileName } = JSON.parse(reply.body!) as { url: string; fileName: string }
    expect(fileName).toBe('leads.xlsx')
    const [, , bucket, ...key] = new URL(url, 'http://local').pathname.split('/').map(decodeURIComponent)
    expect(bucket).toBe(buckets.exports.localName)
    const object = await engineS3().send(new GetObjectCommand({ Bucket: bucket, Key: key.join('/') }))
    const workbook = await openWorkbook(Buffer.from(await object.Body!.transformToByteArray()))
    const sheet = workbook.getWorksheet('leads')!
    expect(sheet.rowCount).toBe(3)
    expect(countFormulaCells(workbook)).toBe(0)
    const headerRow = sheet.getRow(1).values as unknown[]
    const cell = (row: number, name: string) => sheet.getRow(row).getCell(headerRow.indexOf(name)).value
    expect(cell(2, 'Name')).toBe(`'=HYPERLINK("http://evil","click")`)
    expect(cell(3, 'Latest note')).toBe('Called, wants a site visit on Monday')
    expect(cell(3, 'Received')).toBeInstanceOf(Date)
  })

  it('refuses an editor with 403', async () => {
    expect((await exportView('csv', {}, 'esha')).statusCode).toBe(403)
  })
})
