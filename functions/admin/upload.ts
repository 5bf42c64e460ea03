import type { UploadReply } from '@core/api-types'
import { uploadSchema } from '@core/upload-schema'
import {
  allowedTypesMessage,
  checkUploadType,
  decodeBase64,
  decodedBase64Length,
  maxUploadBytes,
  mediaTypeOf,
  publicFileUrl,
  sanitiseFileName,
  uploadBucketAlias,
  uploadKey,
} from '@core/uploads'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { BadRequestError, HttpError } from '../lib/errors'
import { json } from '../lib/http'
import { putUpload } from '../lib/upload-storage'

/**
 * POST /api/admin/upload `{ bucket, path, file_base64, contentType }` → 201 `{ url }`. The server picks the
 * bucket and folder: the key is `resources/<timestamp>-<sanitised name>`. 413 over 4 MiB; 415 for a type
 * outside the allow-list or one the file's first bytes contradict.
 */
export const handler = adminHandler(
  'admin-upload',
  async (request) => {
    const result = validate(uploadSchema, request.body)
    if (!result.ok) throw new BadRequestError('The upload is incomplete.', result.fields)
    const { bucket, path, file_base64, contentType } = result.value
    if (bucket !== undefined && bucket !== uploadBucketAlias) {
      throw new BadRequestError('Uploads go to the resources folder only.', { bucket: 'Unknown bucket' })
    }
    if (decodedBase64Length(file_base64) > maxUploadBytes) {
      throw new HttpError(413, `The file is larger than ${maxUploadBytes / 1024 / 1024} MiB.`)
    }
    const bytes = decodeBase64(file_base64)
    if (!bytes) throw new BadRequestError('The file is not valid base64.', { file_base64: 'Not base64' })
    if (bytes.byteLength === 0) throw new BadRequestError('The file is empty.', { file_base64: 'Empty file' })
    const mediaType = mediaTypeOf(contentType)
    const check = checkUploadType(mediaType, bytes)
    if (check === 'not-allowed') throw new HttpError(415, allowedTypesMessage)
    if (check === 'mismatch') throw new HttpError(415, `The file's content is not ${mediaType}.`)
    const key = uploadKey(sanitiseFileName(path, mediaType), new Date())
    await putUpload(key, bytes, mediaType)
    await auditAdminAction(request, 'upload', key)
    const reply: UploadReply = { url: publicFileUrl(key) }
    return json(201, reply)
  },
  // 4 MiB as base64 is about 5.6 MB; the JSON around it is small. Larger bodies are refused before parsing.
  { maxBodyBytes: 6 * 1024 * 1024 },
)
