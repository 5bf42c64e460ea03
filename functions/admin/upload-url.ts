import type { UploadUrlReply } from '@core/api-types'
import { presignedUploadSchema } from '@core/upload-schema'
import {
  allowedTypesMessage,
  allowedUploadTypes,
  maxPresignedUploadBytes,
  mediaTypeOf,
  presignedUploadSeconds,
  publicFileUrl,
  sanitiseFileName,
  uploadKey,
} from '@core/uploads'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { BadRequestError, HttpError } from '../lib/errors'
import { json } from '../lib/http'
import { presignUpload } from '../lib/upload-storage'

/**
 * POST /api/admin/upload-url `{ fileName, contentType, size }` → 201 `{ url, uploadUrl, headers, expiresAt }`:
 * a presigned PUT for a file above the 4 MiB of POST /api/admin/upload, at most 50 MiB, valid 5 minutes.
 * Same key rule (`resources/<timestamp>-<sanitised name>`) and type allow-list; the signed Content-Type and
 * Content-Length make storage refuse any other type or size.
 */
export const handler = adminHandler('admin-upload-url', async (request) => {
  const result = validate(presignedUploadSchema, request.body)
  if (!result.ok) throw new BadRequestError('The upload is incomplete.', result.fields)
  const { fileName, contentType, size } = result.value
  if (size > maxPresignedUploadBytes) {
    throw new HttpError(413, `The file is larger than ${maxPresignedUploadBytes / 1024 / 1024} MiB.`)
  }
  const mediaType = mediaTypeOf(contentType)
  if (!Object.hasOwn(allowedUploadTypes, mediaType)) throw new HttpError(415, allowedTypesMessage)
  const now = new Date()
  const key = uploadKey(sanitiseFileName(fileName, mediaType), now)
  const upload = await presignUpload(key, mediaType, size, presignedUploadSeconds, now)
  // Recorded when the link is signed: the file itself goes straight to storage.
  await auditAdminAction(request, 'upload', key, 'upload link signed')
  const reply: UploadUrlReply = {
    url: publicFileUrl(key),
    uploadUrl: upload.uploadUrl,
    headers: upload.headers,
    expiresAt: upload.expiresAt.toISOString(),
  }
  return json(201, reply)
})
