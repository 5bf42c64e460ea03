import { randomBytes } from 'node:crypto'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import { PutCommand } from '@aws-sdk/lib-dynamodb'
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buckets, tables } from '../../functions/lib/store-definitions'
import { parseCsv } from '../support/csv'
import { engineS3 } from '../support/engine-s3'
import { apiEvent, lambdaContext } from '../support/events'
import { withTestEngines } from '../support/local-server'
import { openWorkbook } from '../support/xlsx'

/**
 * Exports larger than one 5 MiB part, on the real engines: the file is streamed to s3rver as a multipart
 * upload while it is written, and what is stored is the whole file, byte for byte readable.
 */
type Handler = (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>

let exportKind: Handler
let exportAll: Handler
let authorization: Record<string, string>
/**
 * 20 contacts of 380 KB of random text each: 7.6 MB of CSV, and a zipped workbook that random text keeps
 * large too, both past one 5 MiB part.
 */
const messages = Array.from(
  { length: 20 },
  (_, index) => `${index} ${randomBytes(285_000).toString('base64')}`,
)

withTestEngines()
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  const { dynamo } = await import('../../functions/lib/clients')
  exportKind = (await import('../../functions/admin/export-kind')).handler as Handler
  exportAll = (await import('../../functions/admin/export-all')).handler as Handler
  authorization = await (await import('../support/tokens')).adminAuthorization()
  for (const [index, message] of messages.entries()) {
    const createdAt = `2026-11-22T10:00:${String(index).padStart(2, '0')}.000Z`
    await dynamo().send(
      new PutCommand({
        TableName: tables.leads.localName,
        Item: {
          [tables.leads.partitionKey]: 'CONTACT',
          [tables.leads.sortKey]: `${createdAt}#c${index}`,
          id: `c${index}`,
          createdAt,
          name: `Person ${index}`,
          email: `p${index}@example.com`,
          phone: '98765 43210',
          subject: 'Rooftop',
          message,
        },
      }),
    )
  }
})

afterAll(async () => {
  vi.restoreAllMocks()
})

/** The stored object behind a download link (the link's path is /_s3/<bucket>/<key>). */
async function linkedObject(reply: APIGatewayProxyStructuredResultV2): Promise<Buffer> {
  expect(reply.statusCode).toBe(200)
  const { url } = JSON.parse(String(reply.body)) as { url: string }
  const [, , bucket, ...key] = new URL(url, 'http://local').pathname.split('/').map(decodeURIComponent)
  expect(bucket).toBe(buckets.exports.localName)
  const object = await engineS3().send(new GetObjectCommand({ Bucket: bucket, Key: key.join('/') }))
  return Buffer.from(await object.Body!.transformToByteArray())
}

describe('exports larger than one part, on dynalite and s3rver', () => {
  it('contacts.csv goes to storage as a multipart upload and comes back whole', async () => {
    const file = await linkedObject(
      await exportKind(
        apiEvent('admin-export-kind', { headers: authorization, pathParameters: { kind: 'contacts' } }),
        lambdaContext,
      ),
    )
    expect(file.byteLength).toBeGreaterThan(5 * 1024 * 1024)
    const [header, ...rows] = parseCsv(file.toString('utf8').replace(/^\uFEFF/, ''))
    expect(header?.slice(0, 3)).toEqual(['Received', 'ID', 'Full Name'])
    // Newest first, every message complete.
    expect(rows.map((row) => row[6])).toEqual([...messages].reverse())
  })

  it('forms-export.xlsx is streamed the same way and opens with every row', async () => {
    const file = await linkedObject(
      await exportAll(apiEvent('admin-export-all', { headers: authorization }), lambdaContext),
    )
    expect(file.byteLength).toBeGreaterThan(5 * 1024 * 1024)
    const workbook = await openWorkbook(file)
    const contacts = workbook.getWorksheet('contacts')!
    expect(contacts.rowCount).toBe(messages.length + 1)
    expect(contacts.getRow(2).getCell(7).value).toBe(messages.at(-1))
  })
})
