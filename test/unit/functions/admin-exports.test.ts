import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as exportAll } from '../../../functions/admin/export-all'
import { handler as exportKind } from '../../../functions/admin/export-kind'
import { awsRequest } from '../../../functions/lib/aws-request'
import { exportPageSize } from '../../../functions/lib/exports'
import { buckets } from '../../../functions/lib/store-definitions'
import { parseCsv } from '../../support/csv'
import { apiEvent, lambdaContext } from '../../support/events'
import { s3Error, s3StandIn, s3Success } from '../../support/s3-requests'
import { adminAuthorization, recordsRefusal, refusedAuthorizations } from '../../support/tokens'
import { countFormulaCells, openWorkbook } from '../../support/xlsx'

const dynamo = mockClient(DynamoDBDocumentClient)
/** S3's calls are signed requests (functions/lib/bucket-request.ts): answered in place of awsRequest. */
vi.mock('../../../functions/lib/aws-request', async (original) => ({
  ...(await original<typeof import('../../../functions/lib/aws-request')>()),
  awsRequest: vi.fn(),
}))
const s3 = s3StandIn()
beforeEach(() => vi.mocked(awsRequest).mockImplementation(s3.handle))
afterEach(() => {
  dynamo.reset()
  s3.reset()
  vi.mocked(awsRequest).mockReset()
})

const hostile = ['=HYPERLINK("http://evil","x")', '+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd', '＝1+1', '＠x']

function contact(index: number, overrides: Record<string, unknown> = {}) {
  const createdAt = new Date(Date.UTC(2026, 10, 22, 10, 0, 59 - index)).toISOString()
  return {
    pk: 'CONTACT',
    sk: `${createdAt}#c${index}`,
    id: `c${index}`,
    createdAt,
    name: `Person ${index}`,
    email: `p${index}@example.com`,
    phone: '98765 43210',
    subject: 'Solar',
    message: 'Line one\r\nLine "two", with a comma',
    ...overrides,
  }
}

/** Answers the Query of `pk` in two pages, to prove the export follows cursors. */
function twoPages(pk: string, items: Record<string, unknown>[]) {
  const half = Math.ceil(items.length / 2)
  const last = items[half - 1] as { pk: string; sk: string }
  dynamo
    .on(QueryCommand, { ExpressionAttributeValues: { ':kind': pk }, ExclusiveStartKey: undefined })
    .resolves({ Items: items.slice(0, half), LastEvaluatedKey: { pk: last.pk, sk: last.sk } })
  dynamo
    .on(QueryCommand, {
      ExpressionAttributeValues: { ':kind': pk },
      ExclusiveStartKey: { pk: last.pk, sk: last.sk },
    })
    .resolves({ Items: items.slice(half) })
}

describe('GET /api/admin/export/{kind}', () => {
  it('answers 401 for every refused token and reads nothing', async () => {
    for (const headers of Object.values(await refusedAuthorizations())) {
      const reply = await exportKind(
        apiEvent('admin-export-kind', { headers, pathParameters: { kind: 'contacts' } }),
        lambdaContext,
      )
      expect(reply).toMatchObject({ statusCode: 401 })
    }
    // Only the refusal is recorded (a RATE_LIMIT count, a bad-token AUDIT entry): nothing read or written else.
    expect(dynamo.calls().filter(({ args: [command] }) => !recordsRefusal(command))).toEqual([])
  })

  it('answers contacts.csv with a BOM, CRLF rows, every contact across pages and neutralised cells', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] })
    const items = [contact(0), ...hostile.map((name, index) => contact(index + 1, { name })), contact(9)]
    twoPages('CONTACT', items)
    const reply = await exportKind(
      apiEvent('admin-export-kind', {
        headers: await adminAuthorization(),
        pathParameters: { kind: 'contacts' },
      }),
      lambdaContext,
    )
    if (typeof reply === 'string') throw new Error('expected a structured reply')
    expect(reply.statusCode).toBe(200)
    expect(reply.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="contacts.csv"',
    })
    const text = reply.body!
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(text).toContain('\r\n')
    const [header, ...rows] = parseCsv(text.slice(1))
    expect(header).toEqual([
      'Received',
      'ID',
      'Full Name',
      'Email',
      'Phone',
      'Subject',
      'Message',
      'Reference',
      'I am 18 or older',
      'Send me updates and offers on WhatsApp',
      'Send me updates and offers on WhatsApp withdrawn',
      'Send me the newsletter and offers by e-mail',
      'Send me the newsletter and offers by e-mail withdrawn',
      'Source',
      'Source form',
      'Source page',
      'Source channel',
      'UTM source',
      'UTM medium',
      'UTM campaign',
      'UTM term',
      'UTM content',
      'Consent',
      'Consent version',
      'Consent given',
      'Other fields',
    ])
    expect(rows).toHaveLength(items.length)
    expect(rows.map((row) => row[1])).toEqual(items.map((item) => item.id))
    expect(rows[0]![6]).toBe('Line one\r\nLine "two", with a comma')
    // The items come as stored, with their table's key attributes: those are in no column and not in Other fields.
    expect(rows.map((row) => row.at(-1))).toEqual(items.map(() => ''))
    expect(rows.map((row) => row[2]).slice(1, 1 + hostile.length)).toEqual(hostile.map((name) => `'${name}`))
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r＝＋－＠]/)
    const queries = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input)
    expect(queries).toHaveLength(2)
    // Newest first, in pages as large as an export reads (not the admin lists' 100).
    for (const query of queries)
      expect(query).toMatchObject({ ScanIndexForward: false, Limit: exportPageSize })
  })

  it('answers 404 for a kind it does not know, before reading', async () => {
    for (const kind of ['admins', '..', 'ADMIN']) {
      const reply = await exportKind(
        apiEvent('admin-export-kind', { headers: await adminAuthorization(), pathParameters: { kind } }),
        lambdaContext,
      )
      expect(reply).toMatchObject({ statusCode: 404 })
    }
    expect(dynamo.calls()).toHaveLength(0)
  })

  const exportContacts = async () =>
    await exportKind(
      apiEvent('admin-export-kind', {
        headers: await adminAuthorization(),
        pathParameters: { kind: 'contacts' },
      }),
      lambdaContext,
    )

  const expectDownloadLink = (reply: unknown, key: string | undefined) => {
    expect(reply).toMatchObject({ statusCode: 200 })
    const body = JSON.parse((reply as { body: string }).body)
    expect(key).toMatch(/^\d+-[0-9a-f-]{36}\/contacts\.csv$/)
    const url = new URL(body.url)
    // A link to the exports bucket, which no CloudFront origin reads.
    expect(url.hostname.split('.')[0]).toBe(buckets.exports.localName)
    expect(url.pathname).toBe(`/${key}`)
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300')
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="contacts.csv"')
    expect(body.fileName).toBe('contacts.csv')
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now())
  }

  it('stores an export too large for one reply (but within one part) with one PUT, and answers a download link', async () => {
    // 4 x 1.1 MiB: past the 4 MiB reply limit, within one 5 MiB part.
    const items = Array.from({ length: 4 }, (_, index) => contact(index, { message: 'x'.repeat(1_150_000) }))
    dynamo.on(QueryCommand).resolves({ Items: items })
    const reply = await exportContacts()
    expect(s3.requests.map((request) => request.command)).toEqual(['PutObject'])
    const put = s3.of('PutObject')[0]!
    expect(put.bucket).toBe(buckets.exports.localName)
    expect(put.headers['content-type']).toBe('text/csv; charset=utf-8')
    const size = put.body.byteLength
    expect(size).toBeGreaterThan(4 * 1024 * 1024)
    expect(size).toBeLessThan(5 * 1024 * 1024)
    expect(s3.of('CreateMultipartUpload')).toHaveLength(0)
    expectDownloadLink(reply, put.key)
  })

  it('streams a larger export to storage in 5 MiB parts (multipart upload), the parts making the whole file', async () => {
    // 11 x 1 MiB of message: three parts, the first two exactly 5 MiB.
    const items = Array.from({ length: 11 }, (_, index) =>
      contact(index, { message: 'x'.repeat(1024 * 1024) }),
    )
    dynamo.on(QueryCommand).resolves({ Items: items })
    s3.answer = (request) =>
      s3Success(request, { uploadId: 'upload-1', etag: `"etag-${request.query.partNumber}"` })
    const reply = await exportContacts()
    const create = s3.of('CreateMultipartUpload')[0]!
    expect(create.bucket).toBe(buckets.exports.localName)
    expect(create.headers['content-type']).toBe('text/csv; charset=utf-8')
    const parts = s3.of('UploadPart').sort((a, b) => Number(a.query.partNumber) - Number(b.query.partNumber))
    expect(parts.map((part) => part.query.partNumber)).toEqual(['1', '2', '3'])
    expect(parts.every((part) => part.query.uploadId === 'upload-1' && part.key === create.key)).toBe(true)
    const sizes = parts.map((part) => part.body.byteLength)
    expect(sizes.slice(0, 2)).toEqual([5 * 1024 * 1024, 5 * 1024 * 1024])
    const file = Buffer.concat(parts.map((part) => part.body)).toString('utf8')
    const [header, ...rows] = parseCsv(file.slice(1))
    expect(header?.[0]).toBe('Received')
    expect(rows.map((row) => row[1])).toEqual(items.map((item) => item.id))
    const complete = s3.of('CompleteMultipartUpload')
    expect(complete).toHaveLength(1)
    expect(complete[0]?.query).toEqual({ uploadId: 'upload-1' })
    expect(
      [...(complete[0]?.body.toString() ?? '').matchAll(/<ETag>([^<]*)<\/ETag>/g)].map((m) => m[1]),
    ).toEqual(['&quot;etag-1&quot;', '&quot;etag-2&quot;', '&quot;etag-3&quot;'])
    expect(s3.of('PutObject')).toHaveLength(0)
    expectDownloadLink(reply, create.key)
  }, 30_000)

  it('answers 500 without details when the large export cannot be stored, and aborts the upload', async () => {
    const items = Array.from({ length: 11 }, (_, index) =>
      contact(index, { message: 'x'.repeat(1024 * 1024) }),
    )
    dynamo.on(QueryCommand).resolves({ Items: items })
    s3.answer = (request) => {
      if (request.command === 'UploadPart')
        throw s3Error('AccessDenied', 403, 'Access Denied for arn:aws:s3:::secret')
      return s3Success(request, { uploadId: 'upload-2' })
    }
    const reply = await exportContacts()
    expect(reply).toMatchObject({ statusCode: 500 })
    expect((reply as { body: string }).body).not.toContain('arn:aws')
    expect(s3.of('AbortMultipartUpload').map((request) => request.query.uploadId)).toEqual(['upload-2'])
    expect(s3.of('CompleteMultipartUpload')).toHaveLength(0)
  })

  it('answers 500 when the one-PUT store fails', async () => {
    const items = Array.from({ length: 4 }, (_, index) => contact(index, { message: 'x'.repeat(1_150_000) }))
    dynamo.on(QueryCommand).resolves({ Items: items })
    s3.answer = (request) => {
      if (request.command === 'PutObject')
        throw s3Error('AccessDenied', 403, 'Access Denied for arn:aws:s3:::secret')
      return s3Success(request)
    }
    const reply = await exportContacts()
    expect(reply).toMatchObject({ statusCode: 500 })
    expect((reply as { body: string }).body).not.toContain('arn:aws')
    expect(s3.of('PutObject')).toHaveLength(1)
  })

  it('answers 503 when DynamoDB throttles mid-export', async () => {
    dynamo.on(QueryCommand).rejects(Object.assign(new Error('busy'), { name: 'ThrottlingException' }))
    const reply = await exportKind(
      apiEvent('admin-export-kind', {
        headers: await adminAuthorization(),
        pathParameters: { kind: 'jobs' },
      }),
      lambdaContext,
    )
    expect(reply).toMatchObject({ statusCode: 503 })
  })
})

describe('GET /api/admin/export-all/xlsx', () => {
  it('answers forms-export.xlsx with a sheet per kind, styled header, dates, every row and no formula', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] })
    const contacts = [contact(0), ...hostile.map((name, index) => contact(index + 1, { name }))]
    twoPages('CONTACT', contacts)
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':kind': 'QUOTE' } }).resolves({
      Items: [
        {
          pk: 'QUOTE',
          sk: 's',
          id: 'q1',
          createdAt: '2026-11-20T08:30:00.000Z',
          name: '=1+1',
          capacityKw: 5,
          agree: true,
          billRange: '3500-4500',
        },
      ],
    })
    const reply = await exportAll(
      apiEvent('admin-export-all', { headers: await adminAuthorization() }),
      lambdaContext,
    )
    if (typeof reply === 'string') throw new Error('expected a structured reply')
    expect(reply.statusCode).toBe(200)
    expect(reply.isBase64Encoded).toBe(true)
    expect(reply.headers).toMatchObject({
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': 'attachment; filename="forms-export.xlsx"',
    })
    const workbook = await openWorkbook(Buffer.from(reply.body!, 'base64'))
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'quotes',
      'contacts',
      'jobs',
      'resources',
      'newsletter',
    ])

    expect(countFormulaCells(workbook)).toBe(0)
    for (const sheet of workbook.worksheets) {
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true)
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
      expect(sheet.autoFilter).toBeTruthy()
    }

    const contactSheet = workbook.getWorksheet('contacts')!
    expect(contactSheet.rowCount).toBe(contacts.length + 1)
    const names = contacts.map((_, index) => contactSheet.getRow(index + 2).getCell(3).value)
    // XML reads a lone CR back as LF; the apostrophe in front is what matters.
    expect(names).toEqual(
      contacts.map((item) => (hostile.includes(item.name) ? `'${item.name.replace('\r', '\n')}` : item.name)),
    )
    expect(contactSheet.getRow(2).getCell(1).value).toEqual(new Date(contacts[0]!.createdAt))
    expect(contactSheet.getColumn(7).width).toBe(60)

    const quotes = workbook.getWorksheet('quotes')!
    const quoteRow = quotes.getRow(2)
    const byHeader = (header: string) => {
      const headers = quotes.getRow(1).values as unknown[]
      return quoteRow.getCell(headers.indexOf(header)).value
    }
    expect(byHeader('Name')).toBe("'=1+1")
    expect(byHeader('Capacity (kW)')).toBe(5)
    expect(byHeader('Agreed to terms')).toBe('yes')
    expect(workbook.getWorksheet('jobs')!.rowCount).toBe(1)
  })
})

describe('countFormulaCells (the check the export tests rely on)', () => {
  it('finds a formula cell that exceljs wrote', async () => {
    const { default: ExcelJS } = await import('exceljs')
    const workbook = new ExcelJS.Workbook()
    workbook.addWorksheet('x').addRow(['text', { formula: '1+1', result: 2 }])
    const reopened = await openWorkbook(Buffer.from(await workbook.xlsx.writeBuffer()))
    expect(countFormulaCells(reopened)).toBe(1)
  })
})
