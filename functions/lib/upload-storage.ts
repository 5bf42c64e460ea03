import { awsRequest, xmlText } from './aws-request'
import { deleteObject, getObject, presignObjectUrl, putObject } from './bucket-request'
import { filesDistributionId, functionEnv, uploadsBucketName } from './config'
import { uploadsFolders } from './store-definitions'

/**
 * The uploads bucket's files (admin uploads of resources, served under /files/*): storing, reading the first
 * bytes of, deleting and presigning them, and invalidating CloudFront's cached copies. Each is one signed
 * request (bucket-request.ts), or none for a presigned URL.
 */

/**
 * The uploads bucket's name, read on first use: the export routes have no uploads bucket in their environment.
 * The exports bucket's files: export-storage.ts (kept apart so that only the export routes bundle the
 * multipart upload).
 */
const uploadsBucket = (): string => uploadsBucketName()

/** Stores an uploaded file under `key` in the uploads bucket, with its checked media type. */
export async function putUpload(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await putObject(uploadsBucket(), key, body, {
    contentType,
    // The key carries a timestamp, so the object never changes: browsers and CloudFront may keep it.
    cacheControl: 'public, max-age=31536000, immutable',
  })
}

/** The start of a stored upload: its stored media type and its first bytes. */
export interface UploadStart {
  readonly contentType: string
  readonly bytes: Uint8Array
}

function requireUploadKey(key: string): void {
  if (!key.startsWith(uploadsFolders.resources)) throw new Error(`Not an upload key: ${key}`)
}

/**
 * The stored media type and the first `length` bytes of the upload `key` (one ranged GET), or undefined when
 * there is no such object.
 */
export async function readUploadStart(key: string, length: number): Promise<UploadStart | undefined> {
  requireUploadKey(key)
  try {
    const object = await getObject(uploadsBucket(), key, { first: 0, last: length - 1 })
    return { contentType: object.contentType, bytes: object.bytes.subarray(0, length) }
  } catch (error) {
    if (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound')) return undefined
    // An empty object has no first byte to range over: it matches no type.
    if (error instanceof Error && error.name === 'InvalidRange')
      return { contentType: '', bytes: new Uint8Array() }
    throw error
  }
}

/** Deletes the upload `key` (on the versioned bucket, a delete marker: the old version expires later). */
export async function deleteUpload(key: string): Promise<void> {
  requireUploadKey(key)
  await deleteObject(uploadsBucket(), key)
}

/** The body of CloudFront's CreateInvalidation (API version 2020-05-31). */
export function invalidationBatchXml(paths: readonly string[], reference: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<InvalidationBatch xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/">',
    `<Paths><Quantity>${paths.length}</Quantity><Items>`,
    ...paths.map((path) => `<Path>${xmlText(path)}</Path>`),
    '</Items></Paths>',
    `<CallerReference>${xmlText(reference)}</CallerReference>`,
    '</InvalidationBatch>',
  ].join('')
}

/**
 * Asks CloudFront to drop its cached copies of `paths` (URL paths such as `/files/resources/1-a.pdf`) on
 * the distribution of FILES_DISTRIBUTION_ID. Answers false where there is no distribution (the local
 * stand-in caches nothing). One signed CreateInvalidation request (aws-request.ts): the CloudFront client of
 * the SDK would add about 140 KB to the bundle for this one call.
 */
export async function invalidateFilePaths(paths: readonly string[], reference: string): Promise<boolean> {
  const distributionId = filesDistributionId()
  if (!distributionId) return false
  await awsRequest({
    service: 'cloudfront',
    endpointEnv: 'CLOUDFRONT',
    globalEndpoint: 'https://cloudfront.amazonaws.com',
    signingRegion: 'us-east-1',
    method: 'POST',
    path: `/2020-05-31/distribution/${encodeURIComponent(distributionId)}/invalidation`,
    headers: { 'content-type': 'application/xml' },
    body: invalidationBatchXml(paths, reference),
  })
  return true
}

/**
 * A presigned URL as the browser must use it. In the cloud it is S3's own. The local stand-in sets
 * S3_PRESIGNED_URL_BASE (`/_s3`) and proxies that path to s3rver, so the browser stays on the site's origin.
 */
export function browserUrl(presigned: string): string {
  const base = process.env[functionEnv.presignedUrlBase]
  if (!base) return presigned
  const url = new URL(presigned)
  return `${base.replace(/\/$/, '')}${url.pathname}${url.search}`
}

export interface PresignedUpload {
  readonly uploadUrl: string
  /** The headers the PUT must carry, exactly (they are signed). */
  readonly headers: Readonly<Record<string, string>>
  readonly expiresAt: Date
}

/**
 * A presigned PUT of `key` into the resources folder, valid for `expiresInSeconds`. Content-Type and
 * Content-Length are signed: storage refuses the PUT for any other type or size.
 */
export async function presignUpload(
  key: string,
  contentType: string,
  size: number,
  expiresInSeconds: number,
  now = new Date(),
): Promise<PresignedUpload> {
  requireUploadKey(key)
  const url = await presignObjectUrl(uploadsBucket(), key, {
    method: 'PUT',
    expiresInSeconds,
    signedHeaders: { 'content-type': contentType, 'content-length': String(size) },
  })
  return {
    uploadUrl: browserUrl(url),
    headers: { 'Content-Type': contentType },
    expiresAt: new Date(now.getTime() + expiresInSeconds * 1000),
  }
}
