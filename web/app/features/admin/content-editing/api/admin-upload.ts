import type { UploadUrlReply } from '@core/api-types'
import { maxUploadBytes, uploadBucketAlias } from '@core/uploads'
import { adminRouteCall } from '~/features/admin/session/admin-client'
import type { ApiRequest } from '~/lib/api/client'

/** The body of POST /api/admin/upload-url, for files above 4 MiB. */
export type UploadUrlRequest = ApiRequest<'admin-upload-url'>

/** Bytes as base64, in slices so a large file does not overflow the argument list of fromCharCode. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  const slice = 0x8000
  for (let start = 0; start < bytes.length; start += slice) {
    binary += String.fromCharCode(...bytes.subarray(start, start + slice))
  }
  return btoa(binary)
}

function readUrl(body: unknown): string | undefined {
  const url = body && typeof body === 'object' && 'url' in body ? body.url : undefined
  return typeof url === 'string' && url !== '' ? url : undefined
}

/** Bytes sent so far of an upload, and its size. */
export interface UploadProgress {
  readonly loaded: number
  readonly total: number
}

/**
 * PUTs a file to a presigned URL with XMLHttpRequest, whose upload events report progress (fetch has no
 * upload progress in every browser). Resolves on a 2xx reply; rejects otherwise.
 */
export function putWithProgress(
  url: string,
  headers: Readonly<Record<string, string>>,
  file: Blob,
  onProgress?: (progress: UploadProgress) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('PUT', url)
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value)
    request.upload.addEventListener('progress', (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size })
    })
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.({ loaded: file.size, total: file.size })
        resolve()
      } else reject(new Error(`The upload failed (HTTP ${request.status}).`))
    })
    request.addEventListener('error', () => reject(new Error('The upload failed.')))
    request.addEventListener('abort', () => reject(new Error('The upload was stopped.')))
    request.send(file)
  })
}

/**
 * Uploads a resource file and answers its public URL, or undefined when none came back. Up to 4 MiB the
 * file goes as base64 JSON (the spec's payload); above, the API hands out a presigned PUT URL and the file
 * goes straight to storage, reporting its progress to `onProgress`. Rejects on failure.
 */
export async function uploadResourceFile(
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): Promise<string | undefined> {
  const contentType = file.type || 'application/octet-stream'
  if (file.size <= maxUploadBytes) {
    const response = await adminRouteCall('admin-upload', {
      failure: 'The upload failed.',
      body: {
        bucket: uploadBucketAlias,
        path: `${Date.now()}-${file.name}`,
        file_base64: toBase64(new Uint8Array(await file.arrayBuffer())),
        contentType,
      },
    })
    return readUrl(await response.json().catch(() => undefined))
  }
  const request: UploadUrlRequest = { fileName: file.name, contentType, size: file.size }
  const response = await adminRouteCall('admin-upload-url', {
    failure: 'The upload failed.',
    body: request,
  })
  const reply = (await response.json().catch(() => undefined)) as Partial<UploadUrlReply> | undefined
  const url = readUrl(reply)
  if (!reply || !url || typeof reply.uploadUrl !== 'string') return undefined
  const headers =
    reply.headers && typeof reply.headers === 'object' ? (reply.headers as Record<string, string>) : {}
  await putWithProgress(reply.uploadUrl, headers, file, onProgress)
  return url
}
