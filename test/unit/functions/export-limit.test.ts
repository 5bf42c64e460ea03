import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as exportAll } from '../../../functions/admin/export-all'
import { handler as exportKind } from '../../../functions/admin/export-kind'
import { handler as exportLeads } from '../../../functions/admin/export-leads'
import { awsRequest } from '../../../functions/lib/aws-request'
import { exportRateLimit } from '../../../functions/lib/exports'
import { functionEnv } from '../../../functions/lib/store-definitions'
import { apiEvent, lambdaContext } from '../../support/events'
import { s3StandIn } from '../../support/s3-requests'
import { adminAuthorization } from '../../support/tokens'

const dynamo = mockClient(DynamoDBDocumentClient)
/** S3's calls are signed requests (functions/lib/bucket-request.ts): answered in place of awsRequest. */
vi.mock('../../../functions/lib/aws-request', async (original) => ({
  ...(await original<typeof import('../../../functions/lib/aws-request')>()),
  awsRequest: vi.fn(),
}))
const s3 = s3StandIn()
beforeAll(() => vi.stubEnv(functionEnv.exportRateLimit, ''))
beforeEach(() => vi.mocked(awsRequest).mockImplementation(s3.handle))
afterEach(() => {
  dynamo.reset()
  s3.reset()
  vi.mocked(awsRequest).mockReset()
})
afterAll(() => vi.unstubAllEnvs())

/** The user's export window is full: every step of the count fails its condition, the window ends in 125 s. */
function fullWindow(username: string) {
  const conditionFailed = new ConditionalCheckFailedException({ message: 'failed', $metadata: {} })
  dynamo.on(UpdateCommand).rejects(conditionFailed)
  dynamo
    .on(GetCommand, { Key: { pk: 'RATE_LIMIT#EXPORT', sk: username } })
    .resolves({ Item: { count: 10, windowEndsAt: Date.now() + 125_000 } })
}

const calls = {
  'admin-export-kind': () => exportKind,
  'admin-export-all': () => exportAll,
  'admin-export-leads': () => exportLeads,
} as const
const parameters = {
  'admin-export-kind': { pathParameters: { kind: 'quotes' } },
  'admin-export-all': {},
  'admin-export-leads': { pathParameters: { format: 'xlsx' } },
} as const

describe('the per-user export limit', () => {
  it('is 10 exports per 10 minutes unless EXPORT_RATE_LIMIT says otherwise', () => {
    expect(exportRateLimit()).toEqual({ max: 10, windowSeconds: 600 })
    vi.stubEnv(functionEnv.exportRateLimit, 'lots')
    expect(() => exportRateLimit()).toThrow(/EXPORT_RATE_LIMIT/)
    vi.stubEnv(functionEnv.exportRateLimit, '')
  })

  it.each(Object.keys(calls) as (keyof typeof calls)[])(
    '%s: 429 with Retry-After when the window is full, before any lead, item or bucket is touched',
    async (routeId) => {
      fullWindow('asha')
      const reply = await calls[routeId]()(
        apiEvent(routeId, { headers: await adminAuthorization('asha'), ...parameters[routeId] }),
        lambdaContext,
      )
      if (typeof reply === 'string') throw new Error('expected a structured reply')
      expect(reply.statusCode).toBe(429)
      expect(Number(reply.headers?.['retry-after'])).toBeGreaterThanOrEqual(124)
      expect(Number(reply.headers?.['retry-after'])).toBeLessThanOrEqual(125)
      expect(JSON.parse(String(reply.body)).error).toMatch(
        /^You have made 10 exports in 10 minutes, the most allowed\. Please try again in 3 minutes\.$/,
      )
      expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0)
      expect(s3.requests).toHaveLength(0)
      // The window counted is the caller's own, in its own partition.
      const keys = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input.Key)
      expect(keys.length).toBeGreaterThan(0)
      for (const key of keys) expect(key).toEqual({ pk: 'RATE_LIMIT#EXPORT', sk: 'asha' })
    },
  )

  it('counts an export in the window and then answers it', async () => {
    dynamo.on(UpdateCommand).resolves({})
    dynamo.on(QueryCommand).resolves({ Items: [] })
    const reply = await exportKind(
      apiEvent('admin-export-kind', {
        headers: await adminAuthorization('ravi'),
        pathParameters: { kind: 'contacts' },
      }),
      lambdaContext,
    )
    if (typeof reply === 'string') throw new Error('expected a structured reply')
    expect(reply.statusCode).toBe(200)
    const counted = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input.Key)
    expect(counted).toContainEqual({ pk: 'RATE_LIMIT#EXPORT', sk: 'ravi' })
  })
})
