import { checkUploadType, mediaTypeOf, sniffedBytes, uploadKeyOfUrl } from '@core/uploads'
import { BadRequestError } from './errors'
import { loggedError, logger } from './logging'
import { deleteUpload, invalidateFilePaths, readUploadStart } from './upload-storage'

/**
 * The files of resources: a resource that names an upload of ours (`/files/resources/…`) may only point at
 * a stored file whose first bytes match its type, and takes its file with it when it is deleted.
 */

const fileUrlProblem = (message: string) => new BadRequestError(message, { file_url: message })

/**
 * Checks the upload a new resource names, before the resource is stored: a file sent with a presigned PUT
 * reached storage without the first-bytes check of POST /api/admin/upload, so it gets it here. Its stored
 * type must be on the allow-list and its first bytes must look like it; otherwise the file is deleted and
 * the request refused (400). A URL outside our uploads (an http(s) address, or empty) is not checked here;
 * a `/files/` URL that is no upload key, or names a missing file, is refused.
 */
export async function checkResourceFile(fileUrl: string): Promise<void> {
  if (!fileUrl.startsWith('/files/')) return
  const key = uploadKeyOfUrl(fileUrl)
  if (!key) throw fileUrlProblem('File URL must be a file uploaded here (/files/resources/…).')
  const start = await readUploadStart(key, sniffedBytes)
  if (!start) throw fileUrlProblem('The uploaded file was not found. Upload it again.')
  const mediaType = mediaTypeOf(start.contentType)
  if (checkUploadType(mediaType, start.bytes, true) === 'ok') return
  await deleteUpload(key)
  throw fileUrlProblem(
    `The uploaded file's content is not ${mediaType || 'an accepted type'}, so it was deleted. Upload the right file.`,
  )
}

/**
 * Removes the file of a deleted resource when it is an upload of ours: deletes the object, then asks
 * CloudFront to drop its cached copy (which could otherwise be served until it expires). The resource is
 * gone by then, so neither failure turns the request into an error: each is logged with the file's key
 * (no personal data) for an operator to finish by hand.
 */
export async function removeResourceFile(fileUrl: unknown, requestId: string): Promise<void> {
  const key = typeof fileUrl === 'string' ? uploadKeyOfUrl(fileUrl) : undefined
  if (!key) return
  const log = (message: string, error: unknown) =>
    logger.error(message, { requestId, key, error: loggedError(error) })
  try {
    await deleteUpload(key)
  } catch (error) {
    log('resource deleted but its file was not; delete the object by hand', error)
    return
  }
  try {
    await invalidateFilePaths([`/files/${key}`], `${requestId}-${Date.now()}`)
  } catch (error) {
    log('file deleted but its CloudFront invalidation failed; the cached copy lives until it expires', error)
  }
}
