import { DeleteCommand, DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as createResource } from '../../../functions/admin/create-resource'
import { handler as deleteResource } from '../../../functions/admin/delete-resource'
import { awsClientConfig } from '../../../functions/lib/aws-config'
import { setAwsRetryBackoff } from '../../../functions/lib/aws-request'
import { timeOrderedId } from '../../../functions/lib/db/jobs-and-resources'
import { buckets, functionEnv } from '../../../functions/lib/store-definitions'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import {
  type FakeCloudFront,
  type FakeS3,
  type FakeS3Answer,
  startFakeCloudFront,
  startFakeS3,
} from '../../support/fake-aws'
import { conditionFailed } from '../../support/leads'
import { type S3Request, s3Success } from '../../support/s3-requests'
import { adminAuthorization } from '../../support/tokens'

const dynamo = mockClient(DynamoDBDocumentClient)
/**
 * S3 and CloudFront over loopback HTTP: reading the start of a file, deleting it and CreateInvalidation are each
 * one signed request (functions/lib/bucket-request.ts, aws-request.ts), not an SDK client.
 */
let s3: FakeS3
let cloudFront: FakeCloudFront
let answerInvalidation: FakeCloudFront['answer']
const distributionId = 'E2EXAMPLE0FILES'

beforeAll(async () => {
  cloudFront = await startFakeCloudFront()
  s3 = await startFakeS3()
  answerInvalidation = cloudFront.answer
  // The SDK's backoff between retries only slows the tests down.
  setAwsRetryBackoff(() => 0)
})
afterAll(async () => {
  setAwsRetryBackoff()
  await cloudFront.close()
  await s3.close()
})
beforeEach(() => {
  dynamo.on(PutCommand).resolves({})
  dynamo.on(UpdateCommand).resolves({})
  s3.requests.length = 0
  s3.answer = (request) => s3Success(request)
  cloudFront.invalidations.length = 0
  cloudFront.answer = answerInvalidation
  vi.stubEnv('AWS_ENDPOINT_URL_CLOUDFRONT', cloudFront.url)
  vi.stubEnv('AWS_ENDPOINT_URL_S3', s3.url)
})
afterEach(() => {
  dynamo.reset()
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
})

/** Storage answering a ranged GET with the stored type and the bytes of the range, and `other` to the rest. */
const stored =
  (contentType: string, bytes: Uint8Array | string, other: FakeS3Answer | undefined = undefined) =>
  (request: S3Request): FakeS3Answer =>
    request.command === 'GetObject'
      ? s3Success(request, { contentType, bytes })
      : (other ?? s3Success(request))
/** Storage answering `answer` to one operation, and success to the rest. */
const answering =
  (command: S3Request['command'], answer: FakeS3Answer) =>
  (request: S3Request): FakeS3Answer =>
    request.command === command ? answer : s3Success(request)
const noSuchKey = { error: 'NoSuchKey', status: 404, message: 'The specified key does not exist.' }
/** A GetObject or DeleteObject as the test reads it: bucket, key and range. */
const objectCall = (request: S3Request) => ({
  bucket: request.bucket,
  key: request.key,
  ...(request.headers.range ? { range: request.headers.range } : {}),
})

const create = async (file_url: string) =>
  parseResult(
    await createResource(
      apiEvent('admin-create-resource', {
        headers: await adminAuthorization(),
        body: { title: 'Annual report', resource_type: 'pdf', file_url },
      }),
      lambdaContext,
    ),
  )

const uploadedKey = 'resources/1767225600000-Annual-Report.pdf'
const uploadedUrl = `/files/${uploadedKey}`

describe('POST /api/admin/resources with an uploaded file', () => {
  it('reads the first bytes of the named upload and stores the resource when they match its type', async () => {
    s3.answer = stored('application/pdf', '%PDF-1.7\n%âãÏÓ')
    const reply = await create(uploadedUrl)
    expect(reply.status).toBe(201)
    expect(s3.requests.map(objectCall)).toEqual([
      { bucket: buckets.uploads.localName, key: uploadedKey, range: 'bytes=0-4095' },
    ])
    expect(s3.of('DeleteObject')).toHaveLength(0)
    expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({ file_url: uploadedUrl })
  })

  it.each([
    ['HTML sent as a PDF', 'application/pdf', '<!doctype html><script>alert(1)</script>'],
    ['a script sent as a PNG', 'image/png', 'alert(document.cookie)'],
    ['a zip sent as a PDF', 'application/pdf', 'PK\u0003\u0004rest'],
    ['binary sent as plain text', 'text/plain', new Uint8Array([0x61, 0x00, 0x62])],
    ['a type outside the allow-list', 'text/html', '<!doctype html>'],
    ['an SVG', 'image/svg+xml', '<svg onload="alert(1)"/>'],
    ['no stored type', '', '%PDF-1.7'],
  ])('refuses %s with 400, deletes the file and stores nothing', async (_, type, bytes) => {
    s3.answer = stored(type, bytes)
    const reply = await create(uploadedUrl)
    expect(reply.status).toBe(400)
    expect(reply.body.fields).toHaveProperty('file_url')
    expect(reply.body.fields.file_url).toMatch(/deleted/)
    expect(s3.of('DeleteObject').map(objectCall)).toEqual([
      { bucket: buckets.uploads.localName, key: uploadedKey },
    ])
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('accepts a text file whose first 4 KiB end inside a character', async () => {
    const text = new TextEncoder().encode('ह'.repeat(2000)).subarray(0, 4096)
    s3.answer = stored('text/plain', text)
    expect((await create('/files/resources/1-notes.txt')).status).toBe(201)
  })

  it('refuses a missing upload with 400, deleting and storing nothing', async () => {
    s3.answer = answering('GetObject', noSuchKey)
    const reply = await create(uploadedUrl)
    expect(reply.status).toBe(400)
    expect(reply.body.fields.file_url).toMatch(/not found/)
    expect(s3.of('GetObject')).toHaveLength(1)
    expect(s3.of('DeleteObject')).toHaveLength(0)
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('refuses an empty upload (S3 has no first byte to answer: InvalidRange) with 400 and deletes it', async () => {
    s3.answer = answering('GetObject', {
      error: 'InvalidRange',
      status: 416,
      message: 'The requested range is not satisfiable',
    })
    const reply = await create(uploadedUrl)
    expect(reply.status).toBe(400)
    expect(reply.body.fields.file_url).toMatch(/deleted/)
    expect(s3.requests.map((request) => request.command)).toEqual(['GetObject', 'DeleteObject'])
    expect(dynamo.calls()).toHaveLength(0)
  })

  it.each([
    '/files/exports/1767225600000-0b5c/quotes.csv',
    '/files/resources/nested/a.pdf',
    '/files/resources/..%2Fexports%2Fq.csv',
    '/files/resources/a.pdf?download=1',
    '/files/1-a.pdf',
  ])('refuses %s, which is no upload of ours, before any storage call', async (url) => {
    const reply = await create(url)
    expect(reply.status).toBe(400)
    expect(reply.body.fields).toHaveProperty('file_url')
    expect(s3.requests).toHaveLength(0)
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('does not read storage for an http(s) address or an empty file URL', async () => {
    expect((await create('https://example.com/report.pdf')).status).toBe(201)
    expect((await create('')).status).toBe(201)
    expect(s3.requests).toHaveLength(0)
  })

  it('answers 503 and stores nothing when storage throttles the read', async () => {
    s3.answer = answering('GetObject', {
      error: 'SlowDown',
      status: 503,
      message: 'Please reduce your request rate.',
    })
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reply = await create(uploadedUrl)
    expect(reply.status).toBe(503)
    expect(dynamo.calls()).toHaveLength(0)
    // Throttled on every attempt (the first and its retries).
    expect(s3.of('GetObject')).toHaveLength(awsClientConfig.maxAttempts)
    expect(s3.of('DeleteObject')).toHaveLength(0)
  })
})

describe('DELETE /api/admin/resources/{id}', () => {
  const id = timeOrderedId(new Date('2026-01-02T03:04:05.006Z'))
  const remove = async () =>
    parseResult(
      await deleteResource(
        apiEvent('admin-delete-resource', { headers: await adminAuthorization(), pathParameters: { id } }),
        lambdaContext,
      ),
    )
  const storedResource = (file_url: string) =>
    dynamo.on(DeleteCommand).resolves({
      Attributes: { pk: 'RESOURCE', sk: `2026-01-02T03:04:05.006Z#${id}`, id, title: 'Guide', file_url },
    })

  it('deletes the uploaded file and invalidates its path on CloudFront', async () => {
    vi.stubEnv(functionEnv.filesDistributionId, distributionId)
    storedResource(uploadedUrl)
    const reply = await remove()
    expect(reply.status).toBe(204)
    expect(dynamo.commandCalls(DeleteCommand)[0]!.args[0].input.ReturnValues).toBe('ALL_OLD')
    expect(s3.requests.map(objectCall)).toEqual([{ bucket: buckets.uploads.localName, key: uploadedKey }])
    expect(s3.of('DeleteObject')).toHaveLength(1)
    expect(cloudFront.invalidations).toHaveLength(1)
    const invalidation = cloudFront.invalidations[0]!
    expect(invalidation.distributionId).toBe(distributionId)
    expect({ quantity: invalidation.quantity, paths: invalidation.paths }).toEqual({
      quantity: 1,
      paths: [uploadedUrl],
    })
    expect(invalidation.callerReference).toMatch(/\S/)
    // Signed for CloudFront, a global service signed in us-east-1.
    expect(invalidation.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/us-east-1\/cloudfront\/aws4_request, /,
    )
  })

  it('deletes the file without an invalidation where there is no distribution (the stand-in)', async () => {
    storedResource(uploadedUrl)
    expect((await remove()).status).toBe(204)
    expect(s3.of('DeleteObject')).toHaveLength(1)
    expect(cloudFront.invalidations).toHaveLength(0)
  })

  it('leaves storage alone for a resource with an http(s) address or no file', async () => {
    vi.stubEnv(functionEnv.filesDistributionId, distributionId)
    for (const url of ['https://example.com/a.pdf', '', '/files/exports/1-x/quotes.csv']) {
      storedResource(url)
      expect((await remove()).status).toBe(204)
    }
    expect(s3.requests).toHaveLength(0)
    expect(cloudFront.invalidations).toHaveLength(0)
  })

  it('answers 204 and logs the key when the invalidation fails: the file is deleted, the cache expires', async () => {
    vi.stubEnv(functionEnv.filesDistributionId, distributionId)
    storedResource(uploadedUrl)
    // Throttled on every attempt (the first and its retries).
    cloudFront.answer = () => ({ error: 'Throttling', status: 400 })
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect((await remove()).status).toBe(204)
    expect(s3.of('DeleteObject')).toHaveLength(1)
    expect(cloudFront.invalidations).toHaveLength(awsClientConfig.maxAttempts)
    const line = JSON.parse(String(log.mock.calls[0]?.[0]))
    expect(line).toMatchObject({
      level: 'ERROR',
      key: uploadedKey,
      message: expect.stringMatching(/invalidation/),
      error: { name: 'Throttling', message: 'Rate exceeded' },
    })
  })

  it('answers 204 and logs the key when the file cannot be deleted, without invalidating', async () => {
    vi.stubEnv(functionEnv.filesDistributionId, distributionId)
    storedResource(uploadedUrl)
    s3.answer = answering('DeleteObject', { error: 'InternalError', status: 500 })
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect((await remove()).status).toBe(204)
    expect(s3.of('DeleteObject')).toHaveLength(awsClientConfig.maxAttempts)
    expect(cloudFront.invalidations).toHaveLength(0)
    expect(JSON.parse(String(log.mock.calls[0]?.[0]))).toMatchObject({ key: uploadedKey })
  })

  it('answers 404 and touches no file for a resource that does not exist', async () => {
    dynamo.on(DeleteCommand).rejects(conditionFailed())
    expect((await remove()).status).toBe(404)
    expect(s3.requests).toHaveLength(0)
    expect(cloudFront.invalidations).toHaveLength(0)
  })
})
