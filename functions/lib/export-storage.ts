import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  presignObjectUrl,
  putObject,
  type UploadedPart,
  uploadPart,
} from './bucket-request'
import { exportsBucketName } from './config'
import { browserUrl } from './upload-storage'

/**
 * The files of exports in the exports bucket (which no CloudFront origin reads; its lifecycle rule removes a
 * file after a day). Apart from upload-storage.ts so that only the export routes bundle the multipart upload.
 * The bucket's name is read on first use: the upload routes have no exports bucket in their environment.
 */
const exportsBucket = (): string => exportsBucketName()

/** The size of each part of a streamed export (the last may be smaller): S3's smallest part size. */
export const exportPartBytes = 5 * 1024 * 1024

/** How many parts may be on their way to S3 at once; a write waits while this many are (backpressure). */
export const exportPartsInFlight = 2

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
 * Streams an export to `key` in the exports bucket: one PUT when it fits in one part, else an S3 multipart
 * upload (CreateMultipartUpload, UploadPart, CompleteMultipartUpload) of 5 MiB parts (the last smaller), at most
 * {@link exportPartsInFlight} on their way at once, so memory holds those and the part being filled whatever
 * the size of the file. A failed part aborts the upload (S3 removes the parts it has), once.
 */
export function uploadExport(key: string, contentType: string): ExportUpload {
  const bucket = exportsBucket()
  const headers = { contentType, cacheControl: 'private, no-store' }
  /** The part being filled. */
  let chunks: Buffer[] = []
  let filled = 0
  let uploadId: Promise<string> | undefined
  const parts: Promise<UploadedPart>[] = []
  const inFlight = new Set<Promise<UploadedPart>>()
  let failure: unknown
  let aborted: Promise<void> | undefined

  const abortOnce = (): Promise<void> => {
    aborted ??= (async () => {
      if (!uploadId) return
      // A part still on its way would be stored after the abort: let each settle first.
      await Promise.allSettled(parts)
      const id = await uploadId.catch(() => undefined)
      if (id) await abortMultipartUpload(bucket, key, id).catch(() => undefined)
    })()
    return aborted
  }

  const sendPart = (body: Buffer): void => {
    uploadId ??= createMultipartUpload(bucket, key, headers)
    const id = uploadId
    const partNumber = parts.length + 1
    const part = id.then((upload) => uploadPart(bucket, key, upload, partNumber, body))
    parts.push(part)
    inFlight.add(part)
    part.then(
      () => inFlight.delete(part),
      (error: unknown) => {
        inFlight.delete(part)
        failure ??= error
      },
    )
  }

  /** The whole of what is held (the last part, or the one PUT). */
  const takeFilled = (): Buffer => {
    const body = Buffer.concat(chunks, filled)
    chunks = []
    filled = 0
    return body
  }

  /** The next part, exactly {@link exportPartBytes}; what is left over starts the one after. */
  const takePart = (): Buffer => {
    const held = Buffer.concat(chunks, filled)
    const rest = held.subarray(exportPartBytes)
    // A copy of the rest, so the part's memory is freed once it is stored.
    chunks = rest.byteLength > 0 ? [Buffer.from(rest)] : []
    filled = rest.byteLength
    return held.subarray(0, exportPartBytes)
  }

  const failed = async (): Promise<never> => {
    await abortOnce()
    throw failure
  }

  return {
    async write(chunk) {
      if (failure !== undefined) return failed()
      chunks.push(chunk)
      filled += chunk.byteLength
      while (filled >= exportPartBytes) {
        sendPart(takePart())
        // Backpressure: the maker of the file waits while the parts on their way are as many as allowed.
        while (inFlight.size >= exportPartsInFlight && failure === undefined) {
          await Promise.race([...inFlight].map((part) => part.then(undefined, () => undefined)))
        }
        if (failure !== undefined) return failed()
      }
    },
    async finish() {
      if (failure !== undefined) return failed()
      if (!uploadId) {
        await putObject(bucket, key, takeFilled(), headers)
        return
      }
      if (filled > 0) sendPart(takeFilled())
      const settled = await Promise.allSettled(parts)
      if (failure !== undefined) return failed()
      const stored = settled.map((result) => (result as PromiseFulfilledResult<UploadedPart>).value)
      try {
        await completeMultipartUpload(bucket, key, await uploadId, stored)
      } catch (error) {
        failure = error
        return failed()
      }
    },
    abort: abortOnce,
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
  const url = await presignObjectUrl(exportsBucket(), key, {
    method: 'GET',
    expiresInSeconds,
    query: {
      'response-content-disposition': `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`,
    },
  })
  return browserUrl(url)
}
