import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import { CreateInvalidationCommand } from '@aws-sdk/client-cloudfront'
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { cloudFront, s3, s3Presigner } from './clients'
import { exportsBucketName, filesDistributionId, functionEnv, uploadsBucketName } from './config'
import { uploadsFolders } from './stores'

/**
 * The bucket names, read on first use: the upload routes have no exports bucket and the export routes no
 * uploads bucket in their environment.
 */
const uploadsBucket = (): string => uploadsBucketName()
const exportsBucket = (): string => exportsBucketName()

/** Stores an uploaded file under `key` in the uploads bucket, with its checked media type. */
export async function putUpload(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: uploadsBucket(),
      Key: key,
      Body: body,
      ContentType: contentType,
      // The key carries a timestamp, so the object never changes: browsers and CloudFront may keep it.
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  )
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
    const object = await s3().send(
      new GetObjectCommand({ Bucket: uploadsBucket(), Key: key, Range: `bytes=0-${length - 1}` }),
    )
    const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array()
    return { contentType: object.ContentType ?? '', bytes: bytes.subarray(0, length) }
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
  await s3().send(new DeleteObjectCommand({ Bucket: uploadsBucket(), Key: key }))
}

/**
 * Asks CloudFront to drop its cached copies of `paths` (URL paths such as `/files/resources/1-a.pdf`) on
 * the distribution of FILES_DISTRIBUTION_ID. Answers false where there is no distribution (the local
 * stand-in caches nothing).
 */
export async function invalidateFilePaths(paths: readonly string[], reference: string): Promise<boolean> {
  const distributionId = filesDistributionId()
  if (!distributionId) return false
  await cloudFront().send(
    new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: {
        CallerReference: reference,
        Paths: { Quantity: paths.length, Items: [...paths] },
      },
    }),
  )
  return true
}

/**
 * A presigned URL as the browser must use it. In the cloud it is S3's own. The local stand-in sets
 * S3_PRESIGNED_URL_BASE (`/_s3`) and proxies that path to s3rver, so the browser stays on the site's origin.
 */
function browserUrl(presigned: string): string {
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
  const url = await getSignedUrl(
    s3Presigner(),
    new PutObjectCommand({
      Bucket: uploadsBucket(),
      Key: key,
      ContentType: contentType,
      ContentLength: size,
    }),
    { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type', 'content-length']) },
  )
  return {
    uploadUrl: browserUrl(url),
    headers: { 'Content-Type': contentType },
    expiresAt: new Date(now.getTime() + expiresInSeconds * 1000),
  }
}

/** The size of each part of a streamed export: S3's smallest part size. */
export const exportPartBytes = 5 * 1024 * 1024

/** An export being written to the exports bucket as it is made. */
export interface ExportUpload {
  /** Sends a chunk; resolves when the stream can take more (backpressure), rejects if the upload failed. */
  write(chunk: Buffer): Promise<void>
  /** Ends the file and resolves once it is stored. */
  finish(): Promise<void>
  /** Gives up: nothing stays stored (a multipart upload is aborted, its parts removed). */
  abort(): Promise<void>
}

/**
 * Streams an export to `key` in the exports bucket (which no CloudFront origin reads; its lifecycle rule
 * removes the file after a day): one PUT when it fits in one part, else an S3 multipart upload of 5 MiB
 * parts, two at a time, so at most a few parts are in memory whatever the size of the file.
 */
export function uploadExport(key: string, contentType: string): ExportUpload {
  const body = new PassThrough()
  const upload = new Upload({
    client: s3(),
    params: {
      Bucket: exportsBucket(),
      Key: key,
      Body: body,
      ContentType: contentType,
      CacheControl: 'private, no-store',
    },
    partSize: exportPartBytes,
    queueSize: 2,
    leavePartsOnError: false,
  })
  const done = upload.done().then(() => undefined)
  // Awaited in write() and finish(); until then a failure must not count as unhandled.
  done.catch(() => undefined)
  return {
    async write(chunk) {
      if (body.write(chunk)) return
      await Promise.race([once(body, 'drain'), done])
    },
    async finish() {
      body.end()
      await done
    },
    async abort() {
      await upload.abort().catch(() => undefined)
      body.destroy()
    },
  }
}

/**
 * A short-lived presigned GET of an export, saved by the browser as `fileName`: the only way to read an
 * export, since the exports bucket is no CloudFront origin.
 */
export async function presignExportDownload(
  key: string,
  fileName: string,
  expiresInSeconds: number,
): Promise<string> {
  const url = await getSignedUrl(
    s3Presigner(),
    new GetObjectCommand({
      Bucket: exportsBucket(),
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`,
    }),
    { expiresIn: expiresInSeconds },
  )
  return browserUrl(url)
}
