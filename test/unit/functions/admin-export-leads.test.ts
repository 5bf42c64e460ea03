import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { leadViewColumns } from '@core/exports'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler } from '../../../functions/admin/export-leads'
import { awsRequest } from '../../../functions/lib/aws-request'
import { parseCsv } from '../../support/csv'
import { apiEvent, lambdaContext } from '../../support/events'
import { s3Error, s3StandIn, s3Success } from '../../support/s3-requests'
import { adminAuthorization } from '../../support/tokens'
import { countFormulaCells, openWorkbook } from '../../support/xlsx'

const dynamo = mockClient(DynamoDBDocumentClient)
/** S3's calls are signed requests (functions/lib/bucket-request.ts): answered in place of awsRequest. */
vi.mock('../../../functions/lib/aws-request', async (original) => ({
  ...(await original<typeof import('../../../functions/lib/aws-request')>()),
  awsRequest: vi.fn(),
}))
const s3 = s3StandIn()
beforeEach(() => {
  vi.mocked(awsRequest).mockImplementation(s3.handle)
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  dynamo.on(PutCommand).resolves({})
})
afterEach(() => {
  dynamo.reset()
  s3.reset()
  vi.mocked(awsRequest).mockReset()
  vi.restoreAllMocks()
})

/** A lead's inbox entry in partition `pk` (sort key `<prefix><time>#<id>`), as inbox.ts writes it. */
function entry(pk: string, prefix: string, index: number, fields: Record<string, unknown> = {}) {
  const createdAt = new Date(Date.UTC(2026, 10, 22, 10, 59 - index)).toISOString()
  const id = `0190c0de-0000-7000-8000-${String(index).padStart(12, '0')}`
  return {
    pk,
    sk: `${prefix}${createdAt}#${id}`,
    id,
    kind: 'contact',
    createdAt,
    name: `Person ${index}`,
    email: `p${index}@example.com`,
    phone: '+91 98765 43210',
    status: 'contacted',
    version: 1,
    ...fields,
  }
}

const exportView = async (format: string, query: Record<string, string> = {}) =>
  await handler(
    apiEvent('admin-export-leads', {
      headers: await adminAuthorization('asha', undefined, 'sales'),
      pathParameters: { format },
      query,
    }),
    lambdaContext,
  )

type Reply = { statusCode: number; headers?: Record<string, string>; body?: string }

describe('GET /api/admin/export-leads/{format}', () => {
  it('answers 404 for a format it does not know and 400 for a filter outside its list, reading nothing', async () => {
    for (const format of ['pdf', 'CSV', '..'])
      expect(await exportView(format)).toMatchObject({ statusCode: 404 })
    const refused: Record<string, string>[] = [
      { status: 'closed' },
      { kind: 'newsletter' },
      { from: '2026-02-01', to: '2026-01-01' },
    ]
    for (const query of refused) {
      const reply = (await exportView('csv', query)) as Reply
      expect(reply.statusCode).toBe(400)
      expect(JSON.parse(reply.body!).fields).toBeDefined()
    }
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0)
  })

  it('writes the leads of a status view as leads.csv: every page of its partition, labels, latest note, neutralised cells', async () => {
    const first = [
      entry('INBOX#STATUS', 'contacted#', 0, {
        kind: 'quote',
        email: undefined,
        segment: 'housing',
        pincode: '500081',
        estimateInr: 245000,
        source: { kind: 'form', form: 'quote', page: '/get-quote' },
        utmSource: 'google',
        utmCampaign: 'rooftop',
        assignee: 'sunil',
        followUpOn: '2026-12-01',
        latestNote: 'Wants a site visit, "after 6 pm", on Monday',
      }),
      entry('INBOX#STATUS', 'contacted#', 1, { name: '=HYPERLINK("http://evil","x")' }),
    ]
    const second = [entry('INBOX#STATUS', 'contacted#', 2, { name: '@SUM(A1)', latestNote: '+1 call back' })]
    const last = first.at(-1)!
    dynamo
      .on(QueryCommand, { ExclusiveStartKey: undefined })
      .resolves({ Items: first, LastEvaluatedKey: { pk: last.pk, sk: last.sk } })
    dynamo.on(QueryCommand, { ExclusiveStartKey: { pk: last.pk, sk: last.sk } }).resolves({ Items: second })

    const reply = (await exportView('csv', { status: 'contacted', cursor: 'ignored', limit: '5' })) as Reply
    expect(reply.statusCode).toBe(200)
    expect(reply.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="leads.csv"',
    })
    const queries = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input)
    expect(queries).toHaveLength(2)
    expect(queries[0]).toMatchObject({
      ExpressionAttributeValues: { ':pk': 'INBOX#STATUS', ':low': 'contacted#0', ':high': 'contacted#9~' },
      ScanIndexForward: false,
    })

    expect(reply.body!.startsWith('\uFEFF')).toBe(true)
    const [header, ...rows] = parseCsv(reply.body!.slice(1))
    expect(header).toEqual(leadViewColumns.map((column) => column.header))
    const column = (name: string) => header!.indexOf(name)
    expect(rows.map((row) => row[column('ID')])).toEqual([...first, ...second].map((lead) => lead.id))
    expect(rows[0]).toEqual([
      first[0]!.createdAt,
      first[0]!.id,
      'Quote',
      'Person 0',
      '',
      // A leading + could start a formula: neutralised like every cell of every export.
      "'+91 98765 43210",
      '500081',
      'Housing Society',
      '245000',
      // Its source in words, then the landing URL's UTM source and campaign.
      'Quote form, /get-quote',
      'google',
      'rooftop',
      'Contacted',
      'sunil',
      '2026-12-01',
      'Wants a site visit, "after 6 pm", on Monday',
      '',
    ])
    expect(rows[1]![column('Name')]).toBe(`'=HYPERLINK("http://evil","x")`)
    expect(rows[2]![column('Name')]).toBe(`'@SUM(A1)`)
    expect(rows[2]![column('Latest note')]).toBe(`'+1 call back`)
    const audit = dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item)
    expect(audit).toEqual([
      expect.objectContaining({ action: 'export', target: 'leads.csv', detail: 'status=contacted: 3 leads' }),
    ])
  })

  it('writes a name search once per lead, even when two words of its name match', async () => {
    const lead = entry('INBOX#NAME', 'ravi#', 0, { name: 'Ravi Ravindra' })
    const again = { ...lead, sk: `ravindra#${lead.createdAt}#${lead.id}` }
    dynamo.on(QueryCommand).resolves({ Items: [lead, again] })
    const reply = (await exportView('csv', { q: 'ravi' })) as Reply
    const [, ...rows] = parseCsv(reply.body!.slice(1))
    expect(rows).toHaveLength(1)
    // The audit trail says a search was exported, never what was searched for (a customer's name).
    const audit = dynamo.commandCalls(PutCommand)[0]!.args[0].input.Item
    expect(audit).toMatchObject({ detail: 'a search: 1 lead' })
    expect(JSON.stringify(audit)).not.toContain('ravi')
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({
      ':pk': 'INBOX#NAME',
      ':prefix': 'ravi',
    })
  })

  it('writes leads.xlsx: bold header, a date cell, numbers, empty cells left out, no formula', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        entry('INBOX', '', 0, {
          kind: 'quote',
          estimateInr: 245000,
          status: 'lost',
          lostReason: 'price',
          lostNote: 'Went with a cheaper installer',
        }),
        entry('INBOX', '', 1, { name: '-2+3' }),
      ],
    })
    const reply = (await exportView('xlsx')) as Reply & { isBase64Encoded?: boolean }
    expect(reply.statusCode).toBe(200)
    expect(reply.headers?.['content-disposition']).toBe('attachment; filename="leads.xlsx"')
    const workbook = await openWorkbook(Buffer.from(reply.body!, 'base64'))
    const sheet = workbook.getWorksheet('leads')!
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true)
    expect(sheet.rowCount).toBe(3)
    expect(countFormulaCells(workbook)).toBe(0)
    const headers = sheet.getRow(1).values as unknown[]
    const cell = (row: number, header: string) => sheet.getRow(row).getCell(headers.indexOf(header)).value
    expect(cell(2, 'Received')).toEqual(new Date(Date.UTC(2026, 10, 22, 10, 59)))
    expect(cell(2, 'Server estimate (₹)')).toBe(245000)
    expect(cell(2, 'Status')).toBe('Lost')
    expect(cell(2, 'Lost reason')).toMatch(/^.+: Went with a cheaper installer$/)
    expect(cell(2, 'Assignee')).toBeNull()
    expect(cell(3, 'Name')).toBe("'-2+3")
  })

  /** Eleven leads with a 1 MiB note each: past one 5 MiB part, so the file goes up as a multipart upload. */
  const largeView = (count: number) =>
    Array.from({ length: count }, (_, index) =>
      entry('INBOX', '', index, { latestNote: 'x'.repeat(1024 * 1024) }),
    )

  it('aborts the upload and answers 500 without details when storage fails mid-export', async () => {
    dynamo.on(QueryCommand).resolves({ Items: largeView(11) })
    s3.answer = (request) => {
      if (request.command === 'UploadPart')
        throw s3Error('AccessDenied', 403, 'Access Denied for arn:aws:s3:::secret')
      return s3Success(request, { uploadId: 'upload-view' })
    }
    const reply = (await exportView('csv')) as Reply
    expect(reply.statusCode).toBe(500)
    expect(reply.body).not.toContain('arn:aws')
    expect(s3.of('AbortMultipartUpload').map((request) => request.query.uploadId)).toEqual(['upload-view'])
    expect(s3.of('CompleteMultipartUpload')).toHaveLength(0)
    // Nothing exported, nothing audited.
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0)
  })

  it('aborts the upload and answers 503 when DynamoDB throttles after the first page', async () => {
    // Two full parts in the first page: the upload has begun when the second page's read fails.
    const page = largeView(11)
    const last = page.at(-1)!
    dynamo
      .on(QueryCommand, { ExclusiveStartKey: undefined })
      .resolves({ Items: page, LastEvaluatedKey: { pk: last.pk, sk: last.sk } })
    dynamo
      .on(QueryCommand, { ExclusiveStartKey: { pk: last.pk, sk: last.sk } })
      .rejects(Object.assign(new Error('busy'), { name: 'ThrottlingException' }))
    s3.answer = (request) =>
      s3Success(request, { uploadId: 'upload-throttled', etag: `"${request.query.partNumber}"` })
    const reply = (await exportView('csv')) as Reply
    expect(reply.statusCode).toBe(503)
    expect(s3.of('UploadPart').length).toBeGreaterThan(0)
    expect(s3.of('AbortMultipartUpload').map((request) => request.query.uploadId)).toEqual([
      'upload-throttled',
    ])
    expect(s3.of('CompleteMultipartUpload')).toHaveLength(0)
  })
})
