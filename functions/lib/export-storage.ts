import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { s3, s3Presigner } from './clients'
import { exportsBucketName } from './config'
import { browserUrl } from './upload-storage'

/**
 * The files of exports in the exports bucket (which no CloudFront origin reads; its lifecycle rule removes a
 * file after a day). Apart from upload-storage.ts so that only the export routes bundle the SDK's multipart Upload.
 * The bucket's name is read on first use: the upload routes have no exports bucket in their environment.
 */
const exportsBucket = (): string => exportsBucketName()

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
