import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { uploadsFolders } from '../../infra/tables'
import { s3, s3Presigner } from './clients'
import { functionEnv, uploadsBucketName } from './config'

const uploadsBucket = uploadsBucketName()

/** Stores an uploaded file under `key` in the uploads bucket, with its checked media type. */
export async function putUpload(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: uploadsBucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      // The key carries a timestamp, so the object never changes: browsers and CloudFront may keep it.
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  )
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
  if (!key.startsWith(uploadsFolders.resources)) throw new Error(`Not an upload key: ${key}`)
  const url = await getSignedUrl(
    s3Presigner(),
    new PutObjectCommand({ Bucket: uploadsBucket, Key: key, ContentType: contentType, ContentLength: size }),
    { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type', 'content-length']) },
  )
  return {
    uploadUrl: browserUrl(url),
    headers: { 'Content-Type': contentType },
    expiresAt: new Date(now.getTime() + expiresInSeconds * 1000),
  }
}

/** Stores an export under `exports/` (removed after a day by the bucket's lifecycle rule). */
export async function putExport(key: string, body: Buffer | string, contentType: string): Promise<void> {
  if (!key.startsWith(uploadsFolders.exports)) throw new Error(`Not an export key: ${key}`)
  await s3().send(
    new PutObjectCommand({
      Bucket: uploadsBucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      CacheControl: 'private, no-store',
    }),
  )
}

/** A short-lived presigned GET of an export, saved by the browser as `fileName`. */
export async function presignExportDownload(
  key: string,
  fileName: string,
  expiresInSeconds: number,
): Promise<string> {
  if (!key.startsWith(uploadsFolders.exports)) throw new Error(`Not an export key: ${key}`)
  const url = await getSignedUrl(
    s3Presigner(),
    new GetObjectCommand({
      Bucket: uploadsBucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`,
    }),
    { expiresIn: expiresInSeconds },
  )
  return browserUrl(url)
}
