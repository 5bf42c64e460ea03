import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AwsCall, awsRequest } from '../../../functions/lib/aws-request'
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  deleteObject,
  deleteObjectKeys,
  getObject,
  listObjectKeys,
  presignObjectUrl,
  putObject,
  uploadPart,
} from '../../../functions/lib/bucket-request'
import { checkPresigned } from '../../../infra/local/presigned'

vi.mock('../../../functions/lib/aws-request', async (original) => ({
  ...(await original<typeof import('../../../functions/lib/aws-request')>()),
  awsRequest: vi.fn(),
}))

const calls: AwsCall[] = []
const reply = (body: string) => ({ statusCode: 200, headers: {}, body })

beforeEach(() => {
  calls.length = 0
  vi.stubEnv('AWS_REGION', 'ap-south-1')
  vi.stubEnv('AWS_ENDPOINT_URL_S3', '')
  vi.stubEnv('AWS_ENDPOINT_URL', '')
  vi.stubEnv('S3_FORCE_PATH_STYLE', '')
})
afterEach(() => {
  vi.unstubAllEnvs()
  vi.mocked(awsRequest).mockReset()
})

describe('the exports bucket through signed requests', () => {
  it("lists a page of keys at the bucket's own host, XML entities (named, decimal, hex) read back, with the next page's token", async () => {
    vi.mocked(awsRequest).mockImplementation(async (call) => {
      calls.push(call)
      return reply(
        '<ListBucketResult><IsTruncated>true</IsTruncated><NextContinuationToken>t+2/=</NextContinuationToken>' +
          '<Contents><Key>exports/1-a/quotes &amp; contacts.csv</Key><Size>9</Size></Contents>' +
          '<Contents><Key>exports/2-b/&lt;all&gt;.xlsx</Key></Contents>' +
          '<Contents><Key>exports/3-c/Asha&#x27;s &#39;list&#39;.csv</Key></Contents></ListBucketResult>',
      )
    })
    const page = await listObjectKeys('site-exports-1', 'previous token')
    expect(page).toEqual({
      keys: ['exports/1-a/quotes & contacts.csv', 'exports/2-b/<all>.xlsx', "exports/3-c/Asha's 'list'.csv"],
      next: 't+2/=',
    })
    expect(calls[0]).toMatchObject({
      service: 's3',
      method: 'GET',
      globalEndpoint: 'https://site-exports-1.s3.ap-south-1.amazonaws.com',
      path: '/',
      query: { 'list-type': '2', 'continuation-token': 'previous token' },
    })
  })

  it('goes path-style to an endpoint set in the environment (the stand-in), and ends at the last page', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://127.0.0.1:4569')
    vi.mocked(awsRequest).mockImplementation(async (call) => {
      calls.push(call)
      return reply('<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>')
    })
    expect(await listObjectKeys('site-exports-1')).toEqual({ keys: [] })
    expect(calls[0]).toMatchObject({ path: '/site-exports-1', query: { 'list-type': '2' } })
    expect(calls[0]?.globalEndpoint).toBeUndefined()
  })

  it('deletes keys in one request with the MD5 S3 asks for, escaping them, and answers the keys it could not delete', async () => {
    vi.mocked(awsRequest).mockImplementation(async (call) => {
      calls.push(call)
      return reply(
        '<DeleteResult><Error><Key>b</Key><Code>AccessDenied</Code></Error>' +
          '<Error><Key>c</Key><Code>InternalError</Code></Error></DeleteResult>',
      )
    })
    expect(await deleteObjectKeys('site-exports-1', ['a & b', 'b', 'c'])).toEqual({
      failed: 2,
      firstCode: 'AccessDenied',
    })
    const call = calls[0] as AwsCall
    expect(call).toMatchObject({ method: 'POST', query: { delete: '' } })
    expect(call.body).toContain('<Object><Key>a &amp; b</Key></Object>')
    const { createHash } = await import('node:crypto')
    expect(call.headers['content-md5']).toBe(createHash('md5').update(String(call.body)).digest('base64'))
  })

  it('answers nothing failed when every key was deleted', async () => {
    vi.mocked(awsRequest).mockResolvedValue(reply('<DeleteResult></DeleteResult>'))
    expect(await deleteObjectKeys('site-exports-1', ['a'])).toEqual({ failed: 0 })
  })
})

describe('one object through signed requests', () => {
  const record = (answer: { statusCode?: number; headers?: Record<string, string>; body?: string } = {}) =>
    vi.mocked(awsRequest).mockImplementation(async (call) => {
      calls.push(call)
      return { statusCode: answer.statusCode ?? 200, headers: answer.headers ?? {}, body: answer.body ?? '' }
    })
  const key = 'exports/1767225600000-ab12/quotes & contacts (all).csv'
  /** The key as S3 signs it: each segment percent-encoded once, !'()* too. */
  const keyPath = '/exports/1767225600000-ab12/quotes%20%26%20contacts%20%28all%29.csv'
  const s3 = { service: 's3', endpointEnv: 'S3' }
  const atBucketHost = { ...s3, globalEndpoint: 'https://site-exports-1.s3.ap-south-1.amazonaws.com' }

  it("puts an object at the bucket's own host with its type and caching, the body as given", async () => {
    record()
    const body = new Uint8Array([0, 1, 2, 255])
    await putObject('site-exports-1', key, body, {
      contentType: 'text/csv',
      cacheControl: 'private, no-store',
    })
    expect(calls).toEqual([
      {
        ...atBucketHost,
        method: 'PUT',
        path: keyPath,
        headers: { 'content-type': 'text/csv', 'cache-control': 'private, no-store' },
        body,
      },
    ])
  })

  it('goes path-style with an endpoint set (the stand-in): /bucket/key', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://127.0.0.1:4569')
    record()
    await deleteObject('resources', 'resources/1-a.pdf')
    expect(calls).toEqual([{ ...s3, method: 'DELETE', path: '/resources/resources/1-a.pdf', headers: {} }])
  })

  it('reads a range of an object: its type and its bytes as they came', async () => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff])
    vi.mocked(awsRequest).mockImplementation(async (call) => {
      calls.push(call)
      return {
        statusCode: 206,
        headers: { 'content-type': 'application/pdf' },
        body: bytes.toString(),
        bytes,
      }
    })
    const object = await getObject('site-exports-1', key, { first: 0, last: 4095 })
    expect(calls).toEqual([
      { ...atBucketHost, method: 'GET', path: keyPath, headers: { range: 'bytes=0-4095' } },
    ])
    expect(object.contentType).toBe('application/pdf')
    expect(Buffer.from(object.bytes).equals(bytes)).toBe(true)
  })

  it('deletes an object', async () => {
    record({ statusCode: 204 })
    await deleteObject('site-exports-1', key)
    expect(calls).toEqual([{ ...atBucketHost, method: 'DELETE', path: keyPath, headers: {} }])
  })

  it('starts, fills, completes and aborts a multipart upload with the calls S3 documents', async () => {
    vi.mocked(awsRequest).mockImplementation(async (call) => {
      calls.push(call)
      if (call.query?.uploads === '') {
        return {
          statusCode: 200,
          headers: {},
          body: '<InitiateMultipartUploadResult><UploadId>VXBsb2FkIElE.a-_~</UploadId></InitiateMultipartUploadResult>',
        }
      }
      if (call.query?.partNumber)
        return { statusCode: 200, headers: { etag: `"e${call.query.partNumber}"` }, body: '' }
      return { statusCode: 200, headers: {}, body: '' }
    })
    const headers = { contentType: 'text/csv', cacheControl: 'private, no-store' }
    const uploadId = await createMultipartUpload('site-exports-1', key, headers)
    expect(uploadId).toBe('VXBsb2FkIElE.a-_~')
    const part = Buffer.alloc(16, 1)
    const parts = [
      await uploadPart('site-exports-1', key, uploadId, 1, part),
      await uploadPart('site-exports-1', key, uploadId, 2, part),
    ]
    expect(parts).toEqual([
      { partNumber: 1, etag: '"e1"' },
      { partNumber: 2, etag: '"e2"' },
    ])
    await completeMultipartUpload('site-exports-1', key, uploadId, parts)
    await abortMultipartUpload('site-exports-1', key, uploadId)
    const object = { ...atBucketHost, path: keyPath }
    expect(calls).toEqual([
      {
        ...object,
        method: 'POST',
        query: { uploads: '' },
        headers: { 'content-type': 'text/csv', 'cache-control': 'private, no-store' },
      },
      { ...object, method: 'PUT', query: { partNumber: '1', uploadId }, headers: {}, body: part },
      { ...object, method: 'PUT', query: { partNumber: '2', uploadId }, headers: {}, body: part },
      {
        ...object,
        method: 'POST',
        query: { uploadId },
        headers: { 'content-type': 'application/xml' },
        body:
          '<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
          '<Part><PartNumber>1</PartNumber><ETag>&quot;e1&quot;</ETag></Part>' +
          '<Part><PartNumber>2</PartNumber><ETag>&quot;e2&quot;</ETag></Part>' +
          '</CompleteMultipartUpload>',
        errorIn200: true,
      },
      { ...object, method: 'DELETE', query: { uploadId }, headers: {} },
    ])
  })

  it('throws when S3 answers a part without its ETag or an upload without its id', async () => {
    record()
    await expect(uploadPart('site-exports-1', key, 'u1', 1, Buffer.alloc(1))).rejects.toMatchObject({
      name: 'InternalError',
    })
    await expect(
      createMultipartUpload('site-exports-1', key, { contentType: 'text/csv' }),
    ).rejects.toMatchObject({ name: 'InternalError' })
  })
})

describe('presigned URLs', () => {
  const signingDate = new Date('2026-11-22T10:00:00.000Z')
  const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'presign-secret' }
  beforeEach(() => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', credentials.accessKeyId)
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', credentials.secretAccessKey)
    vi.stubEnv('AWS_SESSION_TOKEN', '')
  })
  const upload = () =>
    presignObjectUrl('site-uploads-1', 'resources/1767225600000-a b(1).pdf', {
      method: 'PUT',
      expiresInSeconds: 300,
      signedHeaders: { 'Content-Type': 'application/pdf', 'content-length': '1234' },
      signingDate,
    })

  it("signs a PUT at the bucket's own host with the upload's type and size, unsigned payload, no checksum", async () => {
    const url = new URL(await upload())
    expect(url.origin).toBe('https://site-uploads-1.s3.ap-south-1.amazonaws.com')
    expect(url.pathname).toBe('/resources/1767225600000-a%20b%281%29.pdf')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
      'X-Amz-Credential': 'AKIDEXAMPLE/20261122/ap-south-1/s3/aws4_request',
      'X-Amz-Date': '20261122T100000Z',
      'X-Amz-Expires': '300',
      'X-Amz-Signature': expect.stringMatching(/^[0-9a-f]{64}$/),
      'X-Amz-SignedHeaders': 'content-length;content-type;host',
    })
    // The query in the order and encoding it is signed in (the SDK's presigner writes the same).
    expect(url.search).toMatch(
      /^\?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Content-Sha256=UNSIGNED-PAYLOAD&X-Amz-Credential=AKIDEXAMPLE%2F20261122%2Fap-south-1%2Fs3%2Faws4_request&X-Amz-Date=20261122T100000Z&X-Amz-Expires=300&X-Amz-Signature=[0-9a-f]{64}&X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost$/,
    )
    const request = {
      method: 'PUT',
      path: `/site-uploads-1${url.pathname}`,
      query: url.searchParams,
      headers: { host: url.host, 'content-type': 'application/pdf', 'content-length': '1234' },
    }
    // Virtual-hosted: the checker of the stand-in reads path-style paths, so it is given the host's own.
    expect(checkPresigned({ ...request, path: url.pathname }, credentials, signingDate.getTime())).toEqual({
      ok: true,
    })
    expect(
      checkPresigned(
        { ...request, path: url.pathname, headers: { ...request.headers, 'content-length': '1235' } },
        credentials,
        signingDate.getTime(),
      ).ok,
    ).toBe(false)
  })

  it('signs a path-style GET for the stand-in whose signature its checker accepts, with the disposition signed', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://127.0.0.1:4569')
    vi.stubEnv('S3_FORCE_PATH_STYLE', 'true')
    vi.stubEnv('AWS_SESSION_TOKEN', 'session+/=')
    const url = new URL(
      await presignObjectUrl('exports', 'exports/1-x/quotes & contacts.csv', {
        method: 'GET',
        expiresInSeconds: 300,
        query: { 'response-content-disposition': 'attachment; filename="quotes & contacts.csv"' },
        signingDate,
      }),
    )
    expect(url.origin).toBe('http://127.0.0.1:4569')
    expect(url.pathname).toBe('/exports/exports/1-x/quotes%20%26%20contacts.csv')
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host')
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('session+/=')
    expect(url.searchParams.get('response-content-disposition')).toBe(
      'attachment; filename="quotes & contacts.csv"',
    )
    const request = {
      method: 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: { host: url.host },
    }
    expect(checkPresigned(request, credentials, signingDate.getTime())).toEqual({ ok: true })
    expect(checkPresigned(request, credentials, signingDate.getTime() + 301_000)).toEqual({
      ok: false,
      reason: 'expired',
    })
    const changed = new URLSearchParams(url.searchParams)
    changed.set('response-content-disposition', 'inline')
    expect(checkPresigned({ ...request, query: changed }, credentials, signingDate.getTime()).ok).toBe(false)
  })

  it('makes no call to sign', async () => {
    await upload()
    expect(awsRequest).not.toHaveBeenCalled()
  })
})
