import {
  DeleteCommand,
  DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { mockClient } from 'aws-sdk-client-mock'
import { validate, version } from 'uuid'
import { afterEach, describe, expect, it } from 'vitest'
import { handler as analytics } from '../../../functions/admin/analytics'
import { handler as createJob } from '../../../functions/admin/create-job'
import { handler as createResource } from '../../../functions/admin/create-resource'
import { handler as deleteJob } from '../../../functions/admin/delete-job'
import { handler as deleteResource } from '../../../functions/admin/delete-resource'
import { handler as listContacts } from '../../../functions/admin/list-contacts'
import { handler as listJobs } from '../../../functions/admin/list-jobs'
import { handler as listNewsletter } from '../../../functions/admin/list-newsletter'
import { handler as listQuotes } from '../../../functions/admin/list-quotes'
import { handler as listResources } from '../../../functions/admin/list-resources'
import { handler as publicJobs } from '../../../functions/jobs/list-jobs'
import { sortKeyOfId, timeOrderedId } from '../../../functions/lib/db/jobs-and-resources'
import { handler as publicResources } from '../../../functions/resources/list-resources'
import { type RouteId, routes } from '../../../functions/routes'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { conditionFailed } from '../../support/leads'
import { adminAuthorization, recordsRefusal, refusedAuthorizations } from '../../support/tokens'

const dynamo = mockClient(DynamoDBDocumentClient)
afterEach(() => dynamo.reset())

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>
const call = async (handler: Handler, ...args: Parameters<typeof apiEvent>) =>
  parseResult(await handler(apiEvent(...args), lambdaContext))

const adminHandlers: Partial<Record<RouteId, Handler>> = {
  'admin-list-contacts': listContacts,
  'admin-list-quotes': listQuotes,
  'admin-list-newsletter': listNewsletter,
  'admin-analytics': analytics,
  'admin-list-jobs': listJobs,
  'admin-create-job': createJob,
  'admin-delete-job': deleteJob,
  'admin-list-resources': listResources,
  'admin-create-resource': createResource,
  'admin-delete-resource': deleteResource,
}

describe('admin routes refuse requests without a valid token', () => {
  it('covers every admin route of this file', () => {
    const tested = Object.keys(adminHandlers)
    const adminRoutes = routes.filter((route) => route.auth === 'admin').map((route) => route.id)
    for (const id of tested) expect(adminRoutes).toContain(id)
  })

  it.each(Object.entries(adminHandlers))('%s answers 401 and reads nothing', async (id, handler) => {
    for (const [reason, headers] of Object.entries(await refusedAuthorizations())) {
      const reply = await call(handler!, id as RouteId, {
        headers,
        body: { title: 'x' },
        pathParameters: { id: timeOrderedId(new Date()) },
      })
      expect({ reason, status: reply.status }).toEqual({ reason, status: 401 })
    }
    // Only the refusal is recorded (a RATE_LIMIT count, a bad-token AUDIT entry): nothing read or written else.
    expect(dynamo.calls().filter(({ args: [command] }) => !recordsRefusal(command))).toEqual([])
  })
})

describe('time-ordered ids', () => {
  it('round-trips the creation time into the sort key and orders by time', () => {
    const first = new Date('2026-11-22T10:00:00.123Z')
    const id = timeOrderedId(first)
    expect(sortKeyOfId(id)).toBe(`2026-11-22T10:00:00.123Z#${id}`)
    expect(timeOrderedId(new Date(first.getTime() + 1)) > id).toBe(true)
  })

  it('makes RFC 9562 version-7 UUIDs (what the uuid package checks)', () => {
    const id = timeOrderedId(new Date('2026-11-22T10:00:00.123Z'))
    expect(validate(id)).toBe(true)
    expect(version(id)).toBe(7)
    expect(new Set(Array.from({ length: 50 }, () => timeOrderedId(new Date()))).size).toBe(50)
  })

  it('knows no sort key for ids that are not its own', () => {
    for (const id of ['', 'abc', '../ADMIN', crypto.randomUUID(), `${timeOrderedId(new Date())}x`]) {
      expect(sortKeyOfId(id)).toBeUndefined()
    }
  })
})

describe('lead lists', () => {
  it.each([
    ['admin-list-quotes', listQuotes, 'QUOTE'],
    ['admin-list-newsletter', listNewsletter, 'NEWSLETTER'],
    ['admin-list-contacts', listContacts, 'CONTACT'],
  ] as const)('%s reads one Query of its partition, newest first', async (id, handler, kind) => {
    dynamo.on(QueryCommand).resolves({
      Items: [{ pk: kind, sk: '2026-11-22T10:00:00.000Z#a', id: 'a', createdAt: '2026-11-22T10:00:00.000Z' }],
    })
    const reply = await call(handler, id, { headers: await adminAuthorization(), query: { limit: '25' } })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ items: [{ id: 'a', createdAt: '2026-11-22T10:00:00.000Z' }] })
    const queries = dynamo.commandCalls(QueryCommand)
    expect(queries).toHaveLength(1)
    expect(queries[0]!.args[0].input).toMatchObject({
      TableName: 'leads',
      ExpressionAttributeValues: { ':kind': kind },
      ScanIndexForward: false,
      Limit: 25,
    })
  })

  it('refuses a limit outside 1 to 100 before reading', async () => {
    for (const limit of ['0', '101', 'ten', '2.5']) {
      const reply = await call(listQuotes, 'admin-list-quotes', {
        headers: await adminAuthorization(),
        query: { limit },
      })
      expect(reply.status).toBe(400)
    }
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('answers 503 with retry-after when DynamoDB throttles', async () => {
    const throttled = Object.assign(new Error('slow down'), {
      name: 'ProvisionedThroughputExceededException',
    })
    dynamo.on(QueryCommand).rejects(throttled)
    const reply = await call(listQuotes, 'admin-list-quotes', { headers: await adminAuthorization() })
    expect(reply.status).toBe(503)
    expect(reply.headers['retry-after']).toBe('1')
  })
})

describe('POST /api/admin/jobs and /api/admin/resources', () => {
  it('stores a valid job under JOB with a time-ordered id, then counts it', async () => {
    dynamo.on(PutCommand).resolves({})
    dynamo.on(UpdateCommand).resolves({})
    const reply = await call(createJob, 'admin-create-job', {
      headers: await adminAuthorization(),
      body: { title: ' Site engineer ', location: 'Pune', employment_type: 'Full-time', pk: 'ADMIN' },
    })
    expect(reply.status).toBe(201)
    expect(reply.body).toMatchObject({ title: 'Site engineer', location: 'Pune', department: '' })
    // Saved published (the default): its first publication is kept, so the samples never come back.
    expect(reply.body.firstPublishedAt).toBe(reply.body.createdAt)
    const item = dynamo.commandCalls(PutCommand)[0]!.args[0].input.Item!
    expect(item.pk).toBe('JOB')
    expect(item.sk).toBe(sortKeyOfId(reply.body.id))
    expect(item.sk).toBe(`${reply.body.createdAt}#${reply.body.id}`)
    expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      TableName: 'content',
      Key: { pk: 'COUNTER', sk: 'JOB' },
      ExpressionAttributeValues: { ':by': 1 },
    })
  })

  it('answers 400 with the fields and writes nothing for an invalid resource', async () => {
    const reply = await call(createResource, 'admin-create-resource', {
      headers: await adminAuthorization(),
      body: { file_url: 'javascript:alert(1)' },
    })
    expect(reply.status).toBe(400)
    expect(Object.keys(reply.body.fields).sort()).toEqual(['file_url', 'title'])
    expect(dynamo.calls()).toHaveLength(0)
  })
})

describe('DELETE /api/admin/jobs/{id} and /api/admin/resources/{id}', () => {
  it('deletes the item its id names, then uncounts it', async () => {
    dynamo.on(DeleteCommand).resolves({})
    dynamo.on(UpdateCommand).resolves({})
    const id = timeOrderedId(new Date('2026-01-02T03:04:05.006Z'))
    const reply = await call(deleteResource, 'admin-delete-resource', {
      headers: await adminAuthorization(),
      pathParameters: { id },
    })
    expect(reply.status).toBe(204)
    expect(dynamo.commandCalls(DeleteCommand)[0]!.args[0].input).toMatchObject({
      Key: { pk: 'RESOURCE', sk: `2026-01-02T03:04:05.006Z#${id}` },
      ConditionExpression: 'attribute_exists(#pk)',
    })
    expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      Key: { pk: 'COUNTER', sk: 'RESOURCE' },
      ExpressionAttributeValues: { ':by': -1 },
    })
  })

  it('answers 404 for an id that does not exist and leaves the counter alone', async () => {
    dynamo.on(DeleteCommand).rejects(conditionFailed())
    const reply = await call(deleteJob, 'admin-delete-job', {
      headers: await adminAuthorization(),
      pathParameters: { id: timeOrderedId(new Date()) },
    })
    expect(reply.status).toBe(404)
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
  })

  it('answers 404 without a request for an id that is not one of ours', async () => {
    const reply = await call(deleteJob, 'admin-delete-job', {
      headers: await adminAuthorization(),
      pathParameters: { id: 'ADMIN' },
    })
    expect(reply.status).toBe(404)
    expect(dynamo.calls()).toHaveLength(0)
  })
})

describe('GET /api/admin/analytics', () => {
  it('answers the totals from the counter partitions of both tables', async () => {
    dynamo.on(QueryCommand, { TableName: 'leads' }).resolves({
      Items: [
        { pk: 'COUNTER', sk: 'QUOTE', count: 7 },
        { pk: 'COUNTER', sk: 'CONTACT', count: 3 },
      ],
    })
    dynamo.on(QueryCommand, { TableName: 'content' }).resolves({
      Items: [
        { pk: 'COUNTER', sk: 'JOB', count: 2 },
        { pk: 'COUNTER', sk: 'RESOURCE', count: -1 },
      ],
    })
    const reply = await call(analytics, 'admin-analytics', { headers: await adminAuthorization() })
    expect(reply.body).toEqual({ quotes: 7, contacts: 3, newsletter: 0, jobs: 2, resources: 0 })
    for (const query of dynamo.commandCalls(QueryCommand)) {
      expect(query.args[0].input.ExpressionAttributeValues).toEqual({ ':kind': 'COUNTER' })
    }
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(2)
  })
})

describe('public lists', () => {
  it.each([
    ['list-jobs', publicJobs, 'JOB'],
    ['list-resources', publicResources, 'RESOURCE'],
  ] as const)(
    '%s answers a JSON array of the newest items with a short cache time',
    async (id, handler, kind) => {
      dynamo.on(QueryCommand).resolves({
        Items: [{ pk: kind, sk: 's', id: 'x', title: 'T', createdAt: '2026-11-22T10:00:00.000Z' }],
      })
      const reply = await call(handler, id)
      expect(reply.status).toBe(200)
      expect(reply.body).toEqual([
        {
          id: 'x',
          title: 'T',
          createdAt: '2026-11-22T10:00:00.000Z',
          created_at: '2026-11-22T10:00:00.000Z',
        },
      ])
      expect(reply.headers['cache-control']).toBe('public, max-age=60, s-maxage=60')
      expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
        ExpressionAttributeValues: { ':kind': kind },
        ScanIndexForward: false,
      })
    },
  )

  it.each([
    ['nothing stored', [], undefined],
    ['a draft never published', [{ id: 'd', state: 'draft' }], undefined],
    ['a published item', [{ id: 'p', state: 'published' }], '1'],
    [
      'a draft published once',
      [{ id: 'u', state: 'draft', firstPublishedAt: '2026-11-01T00:00:00.000Z' }],
      '1',
    ],
  ])('says whether the company has published an item of its own: %s', async (_name, items, header) => {
    dynamo.on(QueryCommand).resolves({
      Items: items.map((item) => ({ pk: 'JOB', sk: 's', createdAt: '2026-11-22T10:00:00.000Z', ...item })),
    })
    const reply = await call(publicJobs, 'list-jobs')
    expect(reply.status).toBe(200)
    expect(reply.headers['x-own-items']).toBe(header)
    expect(reply.headers['x-next-cursor']).toBeUndefined()
  })

  it('names the next page in a header and reads it from ?cursor=', async () => {
    const nextKey = { pk: 'RESOURCE', sk: '2026-11-01T00:00:00.000Z#x' }
    dynamo.on(QueryCommand).resolves({ Items: [], LastEvaluatedKey: nextKey })
    const first = await call(publicResources, 'list-resources')
    const cursor = first.headers['x-next-cursor'] as string
    expect(cursor).toEqual(expect.any(String))
    dynamo.reset()
    dynamo.on(QueryCommand).resolves({ Items: [] })
    const second = await call(publicResources, 'list-resources', { query: { cursor } })
    expect(second.status).toBe(200)
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input.ExclusiveStartKey).toEqual(nextKey)
    // A later page comes only from a company with items of its own; it has no next page here.
    expect(second.headers['x-own-items']).toBe('1')
    expect(second.headers['x-next-cursor']).toBeUndefined()
    // A cursor of another kind reads nothing.
    const foreign = Buffer.from(JSON.stringify({ pk: 'LEAD', sk: 'x' })).toString('base64url')
    expect((await call(publicResources, 'list-resources', { query: { cursor: foreign } })).status).toBe(400)
  })

  it('answers 500 without details when the table cannot be read', async () => {
    dynamo.on(QueryCommand).rejects(new Error('AccessDenied: secret detail'))
    const reply = await call(publicJobs, 'list-jobs')
    expect(reply.status).toBe(500)
    expect(JSON.stringify(reply.body)).not.toContain('secret detail')
  })
})
