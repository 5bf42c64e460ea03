import { type AwsCall, type AwsReply, AwsServiceError } from '../../functions/lib/aws-request'

/**
 * The S3 operations the functions send as signed requests (functions/lib/bucket-request.ts), told apart as S3
 * itself tells them: by method and query. Tests name each request by its operation, as the SDK's commands
 * were named, whether they replace awsRequest (the fault, role and partition tables) or answer over loopback
 * HTTP (startFakeS3 of fake-aws.ts).
 */
export type S3Command =
  | 'ListObjectsV2'
  | 'DeleteObjects'
  | 'PutObject'
  | 'GetObject'
  | 'DeleteObject'
  | 'CreateMultipartUpload'
  | 'UploadPart'
  | 'CompleteMultipartUpload'
  | 'AbortMultipartUpload'

/** One S3 request, read back. */
export interface S3Request {
  readonly command: S3Command
  readonly method: string
  readonly bucket: string
  /** The object's key, decoded ('' for a call on the bucket). */
  readonly key: string
  readonly query: Readonly<Record<string, string>>
  /** Headers by lower-case name. */
  readonly headers: Readonly<Record<string, string>>
  readonly body: Buffer
}

/** The operation of a request to S3. */
export function s3CommandOf(method: string, query: Readonly<Record<string, string>>, key: string): S3Command {
  const has = (name: string) => Object.hasOwn(query, name)
  switch (method) {
    case 'GET':
      return key === '' && has('list-type') ? 'ListObjectsV2' : 'GetObject'
    case 'PUT':
      return has('partNumber') ? 'UploadPart' : 'PutObject'
    case 'DELETE':
      return has('uploadId') ? 'AbortMultipartUpload' : 'DeleteObject'
    case 'POST':
      if (has('delete')) return 'DeleteObjects'
      if (has('uploads')) return 'CreateMultipartUpload'
      if (has('uploadId')) return 'CompleteMultipartUpload'
  }
  throw new Error(`not an S3 operation of the functions: ${method} ?${new URLSearchParams({ ...query })}`)
}

/** The key of an object's path (`/a/b%20c` → `a/b c`). */
const keyOfPath = (path: string): string =>
  path.replace(/^\//, '').split('/').map(decodeURIComponent).join('/')

/** Bucket and key of a path-style path (`/bucket/key…`), percent-decoded. */
export function pathStyleObject(path: string): { bucket: string; key: string } {
  const [bucket = '', ...key] = path.replace(/^\//, '').split('/')
  return { bucket: decodeURIComponent(bucket), key: keyOfPath(key.join('/')) }
}

/** The S3 request of a signed call, path-style (an endpoint is set) or at the bucket's own host. */
export function s3RequestOf(call: AwsCall): S3Request {
  if (call.service !== 's3') throw new Error(`not a call to S3: ${call.service}`)
  const host = call.globalEndpoint ? new URL(call.globalEndpoint).hostname : undefined
  const { bucket, key } = host
    ? { bucket: host.replace(/\.s3\.[a-z0-9-]+\.amazonaws\.com$/, ''), key: keyOfPath(call.path ?? '/') }
    : pathStyleObject(call.path ?? '/')
  const query = { ...call.query }
  const headers = Object.fromEntries(Object.entries(call.headers).map(([n, v]) => [n.toLowerCase(), v]))
  const body = call.body === undefined ? Buffer.alloc(0) : Buffer.from(call.body)
  return {
    command: s3CommandOf(call.method, query, key),
    method: call.method,
    bucket,
    key,
    query,
    headers,
    body,
  }
}

/** An error of S3 as awsRequest throws it once its attempts are spent (three, unless a 4xx). */
export function s3Error(code: string, httpStatusCode: number, message = code): AwsServiceError {
  return new AwsServiceError(code, message, {
    httpStatusCode,
    requestId: 'aws-1',
    attempts: httpStatusCode >= 500 || code === 'SlowDown' ? 3 : 1,
  })
}

/** What S3 answers an operation that succeeds, as its XML (or headers) says it. */
export interface S3Reply {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: Buffer
}

/** The success reply of each operation, with what a test gives (a stored object's bytes, a listing...). */
export function s3Success(
  request: S3Request,
  answer: {
    readonly contentType?: string
    readonly bytes?: Uint8Array | string
    readonly keys?: readonly string[]
    readonly uploadId?: string
    readonly etag?: string
  } = {},
): S3Reply {
  const xml = (body: string): S3Reply => ({
    status: 200,
    headers: { 'content-type': 'application/xml' },
    body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`),
  })
  switch (request.command) {
    case 'ListObjectsV2':
      return xml(
        `<ListBucketResult><IsTruncated>false</IsTruncated>${(answer.keys ?? [])
          .map((key) => `<Contents><Key>${key}</Key></Contents>`)
          .join('')}</ListBucketResult>`,
      )
    case 'DeleteObjects':
      return xml('<DeleteResult></DeleteResult>')
    case 'GetObject': {
      const bytes = Buffer.from(answer.bytes ?? '')
      return {
        status: request.headers.range ? 206 : 200,
        headers: { 'content-type': answer.contentType ?? 'application/octet-stream' },
        body: bytes,
      }
    }
    case 'PutObject':
    case 'UploadPart':
      return { status: 200, headers: { etag: answer.etag ?? '"etag"' }, body: Buffer.alloc(0) }
    case 'DeleteObject':
    case 'AbortMultipartUpload':
      return { status: 204, headers: {}, body: Buffer.alloc(0) }
    case 'CreateMultipartUpload':
      return xml(
        `<InitiateMultipartUploadResult><Bucket>${request.bucket}</Bucket><Key>${request.key}</Key><UploadId>${answer.uploadId ?? 'upload-1'}</UploadId></InitiateMultipartUploadResult>`,
      )
    case 'CompleteMultipartUpload':
      return xml(
        `<CompleteMultipartUploadResult><Bucket>${request.bucket}</Bucket><Key>${request.key}</Key><ETag>"done-2"</ETag></CompleteMultipartUploadResult>`,
      )
  }
}

/** A reply as awsRequest resolves it (for a test that replaces awsRequest). */
export const awsReplyOf = (reply: S3Reply) => ({
  statusCode: reply.status,
  headers: reply.headers,
  body: reply.body.toString('utf8'),
  bytes: reply.body,
})

/** What a stand-in S3 answers a request: a reply, or an error thrown as awsRequest throws it (s3Error). */
export type S3Answer = (request: S3Request) => S3Reply | Promise<S3Reply>

export interface S3StandIn {
  /** Every request, oldest first (one per call: the retries are awsRequest's, replaced with it). */
  readonly requests: S3Request[]
  /** What to answer (replace it per test): by default each operation's success (s3Success). */
  answer: S3Answer
  /** The requests of one operation, oldest first. */
  of(command: S3Command): S3Request[]
  /** Forgets the requests and answers success again. */
  reset(): void
  /** The stand-in for awsRequest: `vi.mocked(awsRequest).mockImplementation(s3.handle)`. */
  readonly handle: (call: AwsCall) => Promise<ReturnType<typeof awsReplyOf>>
}

/**
 * S3 in place of awsRequest, for a test that mocks functions/lib/aws-request.ts (its S3 calls only): each
 * request read back (s3RequestOf) and answered as the test says, as aws-sdk-client-mock answered the SDK's
 * commands. The wire (signing, bytes, retries) has its tests with a loopback S3 (startFakeS3).
 */
export function s3StandIn(): S3StandIn {
  const requests: S3Request[] = []
  const success: S3Answer = (request) => s3Success(request)
  const stand: S3StandIn = {
    requests,
    answer: success,
    of: (command) => requests.filter((request) => request.command === command),
    reset() {
      requests.length = 0
      stand.answer = success
    },
    async handle(call) {
      const request = s3RequestOf(call)
      requests.push(request)
      return awsReplyOf(await stand.answer(request))
    },
  }
  return stand
}

/**
 * The stand-in for awsRequest of a test that mocks functions/lib/aws-request.ts but lets its other services
 * (SSM, SNS, CloudFront over loopback fakes) be called for real: S3's calls go to `s3`, the rest to the real
 * awsRequest.
 */
export async function s3ThenReal(s3: S3StandIn): Promise<(call: AwsCall) => Promise<AwsReply>> {
  // Imported here, not at the top: the bench (test/bench/in-process.ts) reads this module outside Vitest.
  const { vi } = await import('vitest')
  const real = await vi.importActual<typeof import('../../functions/lib/aws-request')>(
    '../../functions/lib/aws-request',
  )
  return (call) => (call.service === 's3' ? s3.handle(call) : real.awsRequest(call))
}
