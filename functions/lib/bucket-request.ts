import { createHash } from 'node:crypto'
import {
  type AwsCall,
  AwsServiceError,
  awsRegion,
  awsRequest,
  endpointOf,
  escapeUri,
  queryString,
  signerFor,
  textOfXml,
  xmlText,
} from './aws-request'
import { functionEnv } from './store-definitions'

/**
 * Every S3 call of the functions as a signed request (aws-request.ts): listing and deleting a bucket's
 * objects, storing, reading the start of and deleting one object, a multipart upload's four calls, and
 * presigned URLs. The S3 client of the SDK (with its multipart Upload and presigner) would add about 45 KB
 * gzip, 150 KB of code to compile at every cold start, to each bundle that stores a file. Path-style where
 * an endpoint is set or path style is asked for (the stand-in's s3rver), else the bucket's own host.
 */
type BucketCall = Pick<AwsCall, 'service' | 'endpointEnv' | 'globalEndpoint' | 'path'>

function bucketCall(bucket: string): BucketCall {
  const pathStyle =
    process.env[functionEnv.s3ForcePathStyle] === 'true' ||
    Boolean(process.env.AWS_ENDPOINT_URL_S3 || process.env.AWS_ENDPOINT_URL)
  return pathStyle
    ? { service: 's3', endpointEnv: 'S3', path: `/${encodeURIComponent(bucket)}` }
    : {
        service: 's3',
        endpointEnv: 'S3',
        globalEndpoint: `https://${bucket}.s3.${awsRegion()}.amazonaws.com`,
        path: '/',
      }
}

/** The values of every `<name>` element of `xml`, as text. */
const elements = (xml: string, name: string): string[] =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((match) => textOfXml(match[1] ?? ''))

/** One page of the bucket's keys (ListObjectsV2, at most 1,000) and the token of the next, if any. */
export async function listObjectKeys(
  bucket: string,
  continuationToken?: string,
): Promise<{ readonly keys: readonly string[]; readonly next?: string }> {
  const reply = await awsRequest({
    ...bucketCall(bucket),
    method: 'GET',
    query: { 'list-type': '2', ...(continuationToken ? { 'continuation-token': continuationToken } : {}) },
    headers: {},
  })
  const truncated = elements(reply.body, 'IsTruncated')[0] === 'true'
  const next = truncated ? elements(reply.body, 'NextContinuationToken')[0] : undefined
  const keys = [...reply.body.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].flatMap((match) =>
    elements(match[1] ?? '', 'Key'),
  )
  return next ? { keys, next } : { keys }
}

/**
 * Deletes `keys` (at most 1,000) in one DeleteObjects request; answers the keys it could not delete with the
 * first one's error code (none: all deleted).
 */
export async function deleteObjectKeys(
  bucket: string,
  keys: readonly string[],
): Promise<{ readonly failed: number; readonly firstCode?: string }> {
  const body = [
    '<Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Quiet>true</Quiet>',
    ...keys.map((key) => `<Object><Key>${xmlText(key)}</Key></Object>`),
    '</Delete>',
  ].join('')
  const reply = await awsRequest({
    ...bucketCall(bucket),
    method: 'POST',
    query: { delete: '' },
    headers: {
      'content-type': 'application/xml',
      // DeleteObjects refuses a body without its MD5.
      'content-md5': createHash('md5').update(body).digest('base64'),
    },
    body,
  })
  const failed = [...reply.body.matchAll(/<Error>([\s\S]*?)<\/Error>/g)]
  const firstCode = failed[0] ? elements(failed[0][1] ?? '', 'Code')[0] : undefined
  return firstCode === undefined ? { failed: failed.length } : { failed: failed.length, firstCode }
}

/** The call of the object `key` of `bucket`: its key percent-encoded once, segment by segment, as S3 signs it. */
function objectCall(bucket: string, key: string): BucketCall & { readonly path: string } {
  const call = bucketCall(bucket)
  const keyPath = key.split('/').map(escapeUri).join('/')
  return { ...call, path: `${call.path === '/' ? '' : call.path}/${keyPath}` }
}

/** Headers of a stored object: its media type and caching. */
export interface ObjectHeaders {
  readonly contentType: string
  readonly cacheControl?: string
}

const objectHeaders = ({ contentType, cacheControl }: ObjectHeaders): Record<string, string> => ({
  'content-type': contentType,
  ...(cacheControl ? { 'cache-control': cacheControl } : {}),
})

/** Stores `body` as the object `key` (PutObject). */
export async function putObject(
  bucket: string,
  key: string,
  body: Uint8Array | string,
  headers: ObjectHeaders,
): Promise<void> {
  await awsRequest({ ...objectCall(bucket, key), method: 'PUT', headers: objectHeaders(headers), body })
}

/** An object's stored media type and bytes (those of the range asked for). */
export interface ObjectBytes {
  readonly contentType: string
  readonly bytes: Uint8Array
}

/**
 * The object `key`, or the bytes `first`–`last` of it (GetObject with a Range). Throws NoSuchKey when there
 * is no such object, InvalidRange when it has no byte in the range (an empty object), as the SDK names them.
 */
export async function getObject(
  bucket: string,
  key: string,
  range?: { readonly first: number; readonly last: number },
): Promise<ObjectBytes> {
  const reply = await awsRequest({
    ...objectCall(bucket, key),
    method: 'GET',
    headers: range ? { range: `bytes=${range.first}-${range.last}` } : {},
  })
  const contentType = reply.headers['content-type']
  return {
    contentType: typeof contentType === 'string' ? contentType : '',
    bytes: reply.bytes ?? new TextEncoder().encode(reply.body),
  }
}

/** Deletes the object `key` (DeleteObject; on a versioned bucket, a delete marker). */
export async function deleteObject(bucket: string, key: string): Promise<void> {
  await awsRequest({ ...objectCall(bucket, key), method: 'DELETE', headers: {} })
}

/** Starts a multipart upload of `key` (CreateMultipartUpload); answers its upload id. */
export async function createMultipartUpload(
  bucket: string,
  key: string,
  headers: ObjectHeaders,
): Promise<string> {
  const reply = await awsRequest({
    ...objectCall(bucket, key),
    method: 'POST',
    query: { uploads: '' },
    headers: objectHeaders(headers),
  })
  const uploadId = elements(reply.body, 'UploadId')[0]
  if (!uploadId) {
    throw new AwsServiceError('InternalError', 'CreateMultipartUpload answered no upload id', {
      httpStatusCode: reply.statusCode,
      attempts: 1,
    })
  }
  return uploadId
}

/** A stored part of a multipart upload: its number (from 1) and the ETag S3 gave it. */
export interface UploadedPart {
  readonly partNumber: number
  readonly etag: string
}

/** Stores part `partNumber` of the multipart upload `uploadId` (UploadPart). */
export async function uploadPart(
  bucket: string,
  key: string,
  uploadId: string,
  partNumber: number,
  body: Uint8Array,
): Promise<UploadedPart> {
  const reply = await awsRequest({
    ...objectCall(bucket, key),
    method: 'PUT',
    query: { partNumber: String(partNumber), uploadId },
    headers: {},
    body,
  })
  const etag = reply.headers.etag
  if (typeof etag !== 'string' || etag === '') {
    throw new AwsServiceError('InternalError', `UploadPart ${partNumber} answered no ETag`, {
      httpStatusCode: reply.statusCode,
      attempts: 1,
    })
  }
  return { partNumber, etag }
}

/** Joins the stored `parts` into the object (CompleteMultipartUpload). */
export async function completeMultipartUpload(
  bucket: string,
  key: string,
  uploadId: string,
  parts: readonly UploadedPart[],
): Promise<void> {
  const body = [
    '<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
    ...parts.map(
      (part) => `<Part><PartNumber>${part.partNumber}</PartNumber><ETag>${xmlText(part.etag)}</ETag></Part>`,
    ),
    '</CompleteMultipartUpload>',
  ].join('')
  await awsRequest({
    ...objectCall(bucket, key),
    method: 'POST',
    query: { uploadId },
    headers: { 'content-type': 'application/xml' },
    body,
    errorIn200: true,
  })
}

/** Gives up the multipart upload `uploadId`: S3 removes its parts (AbortMultipartUpload). */
export async function abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void> {
  await awsRequest({ ...objectCall(bucket, key), method: 'DELETE', query: { uploadId }, headers: {} })
}

/** What a presigned URL allows. */
export interface PresignedObjectRequest {
  readonly method: 'GET' | 'PUT'
  readonly expiresInSeconds: number
  /** Headers the request must carry with exactly these values (signed), e.g. an upload's type and size. */
  readonly signedHeaders?: Readonly<Record<string, string>>
  /** Query parameters of the URL (signed), e.g. the `response-content-disposition` of a download. */
  readonly query?: Readonly<Record<string, string>>
  /** The signature's time (tests); now by default. */
  readonly signingDate?: Date
}

/**
 * A presigned URL of the object `key` for the browser: SigV4 query parameters, with the unsigned payload, the
 * signed headers and the expiry S3 checks, as the SDK's presigner writes them. Made without a call.
 */
export async function presignObjectUrl(
  bucket: string,
  key: string,
  request: PresignedObjectRequest,
): Promise<string> {
  const region = awsRegion()
  const call = objectCall(bucket, key)
  const endpoint = endpointOf(call, region)
  const path = `${endpoint.pathname.replace(/\/$/, '')}${call.path}`
  const signedHeaders = Object.fromEntries(
    Object.entries(request.signedHeaders ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  )
  const presigned = await signerFor('s3', region).presign(
    {
      method: request.method,
      protocol: endpoint.protocol,
      hostname: endpoint.hostname,
      ...(endpoint.port ? { port: Number(endpoint.port) } : {}),
      path,
      query: { ...request.query },
      headers: { ...signedHeaders, host: endpoint.host, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
    },
    {
      expiresIn: request.expiresInSeconds,
      signableHeaders: new Set(Object.keys(signedHeaders)),
      ...(request.signingDate ? { signingDate: request.signingDate } : {}),
    },
  )
  const query = Object.fromEntries(
    Object.entries(presigned.query ?? {})
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  )
  return `${endpoint.protocol}//${endpoint.host}${path}?${queryString(query)}`
}
