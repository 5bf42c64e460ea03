import { DynamoDBClient, ScanCommand as RawScanCommand } from '@aws-sdk/client-dynamodb'
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
import { awsRequest } from '../../../functions/lib/aws-request'
import { routes } from '../../../functions/routes'
import { apiEvent, lambdaContext } from '../../support/events'
import { routeHandler } from '../../support/route-calls'
import { validCall } from '../../support/route-fixtures'
import { s3StandIn, s3ThenReal } from '../../support/s3-requests'
import { adminAuthorization } from '../../support/tokens'
import { answerStoredLead } from '../../support/workspace'

/**
 * S3's calls are signed requests (functions/lib/bucket-request.ts): answered in place of awsRequest, an
 * erasure's listing with an empty exports bucket. The other services' signed requests are sent as they are.
 */
vi.mock('../../../functions/lib/aws-request', async (original) => ({
  ...(await original<typeof import('../../../functions/lib/aws-request')>()),
  awsRequest: vi.fn(),
}))
const s3 = s3StandIn()
const awsRequestOrS3 = await s3ThenReal(s3)

const document = mockClient(DynamoDBDocumentClient)
const raw = mockClient(DynamoDBClient)

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
  vi.mocked(awsRequest).mockImplementation(awsRequestOrS3)
  answerStoredLead(document)
})
afterEach(() => {
  document.reset()
  raw.reset()
  s3.reset()
  vi.mocked(awsRequest).mockReset()
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
