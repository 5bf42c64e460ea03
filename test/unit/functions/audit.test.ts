import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { auditActions } from '@core/audit'
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as activity } from '../../../functions/admin/activity'
import { handler as createJob } from '../../../functions/admin/create-job'
import { handler as deleteResource } from '../../../functions/admin/delete-resource'
import { handler as exportAll } from '../../../functions/admin/export-all'
import { handler as exportKind } from '../../../functions/admin/export-kind'
import { handler as exportLeads } from '../../../functions/admin/export-leads'
import { handler as login } from '../../../functions/admin/login'
import { handler as upload } from '../../../functions/admin/upload'
import { handler as uploadUrl } from '../../../functions/admin/upload-url'
import { hashPassword } from '../../../functions/lib/auth/passwords'
import { awsRequest } from '../../../functions/lib/aws-request'
import { auditText, listAudit, recordAudit, recordAuditOnce } from '../../../functions/lib/db/audit'
import type { RouteId } from '../../../functions/routes'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { validUpload, validUploadUrlRequest } from '../../support/fuzz'
import { conditionFailed, throttlingError } from '../../support/leads'
import { loggedFields } from '../../support/logs'
import { s3Error, s3StandIn, s3Success } from '../../support/s3-requests'
import { adminAuthorization } from '../../support/tokens'

const dynamo = mockClient(DynamoDBDocumentClient)
/** S3's calls are signed requests (functions/lib/bucket-request.ts): answered in place of awsRequest. */
vi.mock('../../../functions/lib/aws-request', async (original) => ({
  ...(await original<typeof import('../../../functions/lib/aws-request')>()),
  awsRequest: vi.fn(),
}))
const s3 = s3StandIn()
const errorLog = vi.fn<(...data: unknown[]) => void>()
const password = 'a long admin password'
let passwordHash: string
let authorization: Record<string, string>

beforeAll(async () => {
  passwordHash = await hashPassword(password, { N: 1024, r: 8, p: 1 })
  authorization = await adminAuthorization('asha')
})
beforeEach(() => {
  dynamo.onAnyCommand().resolves({})
  vi.mocked(awsRequest).mockImplementation(s3.handle)
  vi.spyOn(console, 'error').mockImplementation(errorLog)
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})
afterEach(() => {
  dynamo.reset()
  s3.reset()
  vi.mocked(awsRequest).mockReset()
  errorLog.mockReset()
  vi.restoreAllMocks()
})

/** The audit entries the handler wrote (Puts into the AUDIT partition). */
const auditPuts = () =>
  dynamo
    .commandCalls(PutCommand)
    .map((call) => call.args[0].input.Item as Record<string, any>)
    .filter((item) => item.pk === 'AUDIT')

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>
const call = async (handler: Handler, ...args: Parameters<typeof apiEvent>) =>
  parseResult(await handler(apiEvent(...args), lambdaContext))

describe('the audit action list', () => {
  it('is the contract of GET /api/admin/activity, in one place', () => {
    expect([...auditActions]).toEqual([
      'login',
      'login-failed',
      'login-locked',
      'mfa-locked',
      'logout',
      'export',
      'upload',
      'content-create',
      'content-update',
      'content-delete',
      'user-change',
      'lead-update',
      'lead-note',
      'lead-attempt',
      'lead-create',
      'settings-change',
      'person-lookup',
      'person-erasure',
      'maintenance',
      'secret-rotation',
      'lead-view',
      'access-refused',
      'bad-token',
      'lead-reminder',
      'lead-escalation',
      'lead-merge',
      'retention-erasure',
      'retention-ask',
      'retention-kept',
      'retention-notice',
      'breach-report',
      'consent-withdrawal',
      'privacy-refused',
      'privacy-request',
      'privacy-case-view',
      'privacy-reply',
      'privacy-erasure',
    ])
  })
})

describe('recordAudit', () => {
  it('stores who, what, when and the network in the AUDIT partition, newest-first sortable, kept 400 days', async () => {
    const now = new Date('2026-11-23T10:00:00.000Z')
    await recordAudit({ actor: 'asha', action: 'export', target: 'quotes.csv', network: '203.0.113.7' }, now)
    const [item] = auditPuts()
    expect(item).toMatchObject({
      pk: 'AUDIT',
      at: '2026-11-23T10:00:00.000Z',
      actor: 'asha',
      action: 'export',
      target: 'quotes.csv',
      network: '203.0.113.7',
      expiresAt: Math.ceil(now.getTime() / 1000) + 400 * 24 * 60 * 60,
    })
    expect(item?.sk).toMatch(/^2026-11-23T10:00:00\.000Z#[0-9a-f-]{36}$/)
    expect(Object.keys(item ?? {}).sort()).toEqual(
      ['action', 'actor', 'at', 'expiresAt', 'network', 'pk', 'sk', 'target'].sort(),
    )
  })

  it('never fails the request when DynamoDB throttles, and logs the failure without personal data', async () => {
    dynamo.on(PutCommand).rejects(throttlingError())
    await expect(
      recordAudit({ actor: 'asha.secret', action: 'login-failed', network: '198.51.100.23' }),
    ).resolves.toBeUndefined()
    expect(errorLog).toHaveBeenCalledTimes(1)
    const line = String(errorLog.mock.calls[0]?.[0])
    expect(loggedFields(line)).toEqual({
      level: 'ERROR',
      message: 'audit entry not recorded',
      action: 'login-failed',
      error: 'ProvisionedThroughputExceededException',
    })
    expect(line).not.toContain('asha.secret')
    expect(line).not.toContain('198.51.100.23')
  })

  it('removes line breaks, bidi overrides and lone surrogates from what a client typed, and cuts it', () => {
    expect(auditText('eve\r\n2026-01-01 admin login')).toBe('eve2026-01-01 admin login')
    expect(auditText('\u202Enimda\u200B')).toBe('nimda')
    expect(auditText('a\uD800b')).toBe('a\uFFFDb')
    expect(auditText('x'.repeat(500))).toHaveLength(200)
  })

  it('records a repeatable entry once per key and period (a flood of refused attempts is one entry)', async () => {
    const now = new Date('2026-11-23T10:00:00.000Z')
    const later = new Date(now.getTime() + 61_000)
    const entry = { actor: 'asha', action: 'login-locked', network: '203.0.113.9' } as const
    await recordAuditOnce('asha\n203.0.113.9', 60, entry, now)
    await recordAuditOnce('asha\n203.0.113.9', 60, entry, now)
    await recordAuditOnce('asha\n203.0.113.10', 60, { ...entry, network: '203.0.113.10' }, now)
    expect(auditPuts()).toHaveLength(2)
    await recordAuditOnce('asha\n203.0.113.9', 60, entry, later)
    expect(auditPuts()).toHaveLength(3)
  })
})

describe('listAudit', () => {
  it('reads the AUDIT partition newest first and answers only the entry fields', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        {
          pk: 'AUDIT',
          sk: '2026-11-23T10:00:01.000Z#b',
          at: '2026-11-23T10:00:01.000Z',
          actor: 'asha',
          action: 'upload',
          target: 'resources/1-guide.pdf',
          network: '203.0.113.7',
          expiresAt: 1,
        },
        { pk: 'AUDIT', sk: 'x', at: 'x', actor: 'x', action: 'not-an-action' },
      ],
      LastEvaluatedKey: { pk: 'AUDIT', sk: '2026-11-23T10:00:01.000Z#b' },
    })
    const page = await listAudit({ limit: 10 })
    expect(page.items).toEqual([
      {
        at: '2026-11-23T10:00:01.000Z',
        actor: 'asha',
        action: 'upload',
        target: 'resources/1-guide.pdf',
        network: '203.0.113.7',
      },
    ])
    expect(page.nextCursor).toBeTypeOf('string')
    const query = dynamo.commandCalls(QueryCommand)[0]?.args[0].input
    expect(query).toMatchObject({ ScanIndexForward: false, ExpressionAttributeValues: { ':kind': 'AUDIT' } })
  })
})

describe('GET /api/admin/activity', () => {
  const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url')

  it('answers { items, nextCursor } and continues from a cursor of the AUDIT partition', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [{ at: '2026-11-23T10:00:00.000Z', actor: 'asha', action: 'login', network: '203.0.113.7' }],
    })
    const cursor = cursorOf({ pk: 'AUDIT', sk: '2026-11-23T10:00:01.000Z#b' })
    const reply = await call(activity, 'admin-activity', { headers: authorization, query: { cursor } })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      items: [{ at: '2026-11-23T10:00:00.000Z', actor: 'asha', action: 'login', network: '203.0.113.7' }],
    })
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input.ExclusiveStartKey).toEqual({
      pk: 'AUDIT',
      sk: '2026-11-23T10:00:01.000Z#b',
    })
  })

  it.each([
    ['garbage', 'not a cursor'],
    ['another partition', cursorOf({ pk: 'ADMIN', sk: 'asha' })],
    ['a wrong shape', cursorOf({ pk: 'AUDIT', sk: 'x', extra: 1 })],
    ['a number sort key', cursorOf({ pk: 'AUDIT', sk: 5 })],
  ])('refuses a cursor of %s with 400 and reads nothing', async (_name, cursor) => {
    const reply = await call(activity, 'admin-activity', { headers: authorization, query: { cursor } })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ error: 'The paging cursor is not valid.' })
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0)
  })

  it('refuses a limit outside 1 to 100 with 400', async () => {
    const reply = await call(activity, 'admin-activity', { headers: authorization, query: { limit: '0' } })
    expect(reply.status).toBe(400)
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0)
  })

  it('refuses a request without a token with 401', async () => {
    expect((await call(activity, 'admin-activity')).status).toBe(401)
  })
})

describe('what the handlers record', () => {
  const attempt = (body: unknown) => call(login, 'admin-login', { body })

  it('records a sign-in with the username and the client address, never the password', async () => {
    dynamo.on(GetCommand).resolves({ Item: { username: 'asha', passwordHash, role: 'owner' } })
    dynamo.on(BatchGetCommand).resolves({ Responses: {} })
    expect((await attempt({ username: 'asha', password })).status).toBe(200)
    expect(auditPuts()).toEqual([
      expect.objectContaining({ actor: 'asha', action: 'login', network: '203.0.113.7' }),
    ])
    expect(JSON.stringify(auditPuts())).not.toContain(password)
  })

  it('records a failed sign-in with the username tried', async () => {
    dynamo.on(GetCommand).resolves({ Item: { username: 'asha', passwordHash, role: 'owner' } })
    dynamo.on(BatchGetCommand).resolves({ Responses: {} })
    dynamo.on(UpdateCommand).resolves({})
    expect((await attempt({ username: 'asha', password: 'a wrong guess' })).status).toBe(401)
    expect(auditPuts()).toEqual([
      expect.objectContaining({ actor: 'asha', action: 'login-failed', network: '203.0.113.7' }),
    ])
    expect(JSON.stringify(auditPuts())).not.toContain('a wrong guess')
  })

  it('records a sign-in refused by the lockout', async () => {
    // This network's attempt window for the username is full: the reservation's conditions fail.
    dynamo.on(UpdateCommand).rejects(conditionFailed())
    dynamo.on(GetCommand).resolves({ Item: { count: 99, windowEndsAt: Date.now() + 60_000 } })
    expect((await attempt({ username: 'mallory', password })).status).toBe(429)
    expect(auditPuts()).toEqual([expect.objectContaining({ actor: 'mallory', action: 'login-locked' })])
  })

  it('still signs in when the audit write is throttled', async () => {
    dynamo.on(GetCommand).resolves({ Item: { username: 'asha', passwordHash, role: 'owner' } })
    dynamo.on(BatchGetCommand).resolves({ Responses: {} })
    dynamo.on(PutCommand).rejects(throttlingError())
    const reply = await attempt({ username: 'asha', password })
    expect(reply.status).toBe(200)
    expect(reply.body.token).toBeTypeOf('string')
  })

  const adminCases: [string, Handler, RouteId, Parameters<typeof apiEvent>[1], string, RegExp][] = [
    [
      'an export',
      exportKind,
      'admin-export-kind',
      { pathParameters: { kind: 'quotes' } },
      'export',
      /^quotes\.csv$/,
    ],
    ['the workbook export', exportAll, 'admin-export-all', {}, 'export', /^forms-export\.xlsx$/],
    [
      "an export of the inbox's view",
      exportLeads,
      'admin-export-leads',
      { pathParameters: { format: 'xlsx' }, query: { status: 'new' } },
      'export',
      /^leads\.xlsx$/,
    ],
    ['an upload', upload, 'admin-upload', { body: validUpload }, 'upload', /^resources\/\d+-.+\.pdf$/],
    [
      'an upload link',
      uploadUrl,
      'admin-upload-url',
      { body: validUploadUrlRequest },
      'upload',
      /^resources\//,
    ],
    [
      'a new job',
      createJob,
      'admin-create-job',
      { body: { title: 'Site engineer' } },
      'content-create',
      /^job [0-9a-f-]{36} "Site engineer"$/,
    ],
    [
      'a deleted resource',
      deleteResource,
      'admin-delete-resource',
      { pathParameters: { id: '0190c0de-0000-7000-8000-000000000001' } },
      'content-delete',
      /^resource 0190c0de-0000-7000-8000-000000000001$/,
    ],
  ]

  it.each(adminCases)(
    'records %s with the admin, the target and the network',
    async (_name, handler, id, options, action, target) => {
      // Exports answer a file, not JSON: only the status is read.
      const reply = (await handler(apiEvent(id, { headers: authorization, ...options }), lambdaContext)) as {
        statusCode: number
      }
      expect(reply.statusCode).toBeLessThan(300)
      const entries = auditPuts()
      expect(entries).toHaveLength(1)
      expect(entries[0]).toMatchObject({ actor: 'asha', action, network: '203.0.113.7' })
      expect(entries[0]?.target).toMatch(target)
    },
  )

  it('records nothing when the action itself fails', async () => {
    dynamo.on(DeleteCommand).rejects(conditionFailed())
    const reply = await call(deleteResource, 'admin-delete-resource', {
      headers: authorization,
      pathParameters: { id: '0190c0de-0000-7000-8000-000000000001' },
    })
    expect(reply.status).toBe(404)
    expect(auditPuts()).toEqual([])
    s3.answer = (request) => {
      if (request.command === 'PutObject') throw s3Error('SlowDown', 503, 'Please reduce your request rate.')
      return s3Success(request)
    }
    expect((await call(upload, 'admin-upload', { headers: authorization, body: validUpload })).status).toBe(
      503,
    )
    expect(auditPuts()).toEqual([])
  })
})
