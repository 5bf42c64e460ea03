import { DynamoDBClient, ScanCommand as RawScanCommand } from '@aws-sdk/client-dynamodb'
import { S3Client } from '@aws-sdk/client-s3'
import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { setDecoyScryptParamsForTests } from '../../../functions/lib/auth/passwords'
import { routes } from '../../../functions/routes'
import { apiEvent, lambdaContext } from '../../support/events'
import { routeHandler } from '../../support/route-calls'
import { validCall } from '../../support/route-fixtures'
import { adminAuthorization } from '../../support/tokens'
import { answerStoredLead } from '../../support/workspace'

// An erasure lists the exports bucket and deletes what it holds: two signed requests (bucket-request.ts), here
// an empty bucket.
vi.mock('../../../functions/lib/bucket-request', () => ({
  listObjectKeys: vi.fn(async () => ({ keys: [] })),
  deleteObjectKeys: vi.fn(async () => ({ failed: 0 })),
}))

const document = mockClient(DynamoDBDocumentClient)
const raw = mockClient(DynamoDBClient)
/** The uploads' bucket: the upload route stores its file there. */
const s3 = mockClient(S3Client)

/** A stored item every read answers with, so list and export paths run through their loops. */
const storedItem = {
  pk: 'QUOTE',
  sk: '2026-11-22T10:00:00.000Z#q1',
  id: 'q1',
  createdAt: '2026-11-22T10:00:00.000Z',
  name: 'Asha',
  title: 'Engineer',
}

// The sign-in finds no user (every read answers nothing) and checks the decoy hash: a cheap one here.
beforeAll(() => setDecoyScryptParamsForTests({ N: 1024, r: 8, p: 1 }))
afterAll(() => setDecoyScryptParamsForTests())
beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const scanRefused = new Error('Scan on a request path')
  document.on(ScanCommand).rejects(scanRefused)
  raw.on(RawScanCommand).rejects(scanRefused)
  document.on(QueryCommand).resolves({ Items: [storedItem] })
  document.on(GetCommand).resolves({})
  document.on(BatchGetCommand).resolves({ Responses: {} })
  document.on(DeleteCommand).resolves({})
  document.on(PutCommand).resolves({})
  document.on(UpdateCommand).resolves({ Attributes: { total: 1, count: 1 } })
  document.on(TransactWriteCommand).resolves({})
  s3.onAnyCommand().resolves({})
  answerStoredLead(document)
})
afterEach(() => {
  document.reset()
  raw.reset()
  s3.reset()
  vi.restoreAllMocks()
})

describe('no Scan on any request path (reads are Queries and Gets only)', () => {
  it.each(routes.map((route) => [route.id, route] as const))('%s reads without a Scan', async (id, route) => {
    const headers = route.auth === 'admin' ? await adminAuthorization() : {}
    // The route's valid call (its fixture), so its handler goes past validation to the store.
    const event = apiEvent(id, { ...validCall(id), headers })
    const reply = await (await routeHandler(id))(event, lambdaContext)
    expect(reply.statusCode, JSON.stringify(reply)).toBeLessThan(500)
    expect(document.commandCalls(ScanCommand)).toHaveLength(0)
    expect(raw.commandCalls(RawScanCommand)).toHaveLength(0)
    const touched = document.calls().length + raw.calls().length
    // Every route but the uploads (S3 only; a presigned URL is signed without a call) talks to DynamoDB, so the
    // mock really saw its requests.
    if (id !== 'admin-upload' && id !== 'admin-upload-url') expect(touched).toBeGreaterThan(0)
  })
})
