import * as z from 'zod/mini'
import { requiredText } from './field-schemas'

/**
 * The upload requests' schemas, apart from the rules in uploads.ts: the store definitions
 * (functions/lib/store-definitions.ts, in every bundle) and the pages import those, and only the upload
 * routes, which validate a body, load zod.
 */

/**
 * The body of POST /api/admin/upload: `bucket` (only 'resources', or absent), `path` (the client's
 * timestamp and file name: only its last segment is used), `file_base64` and `contentType`.
 */
export const uploadSchema = z.object({
  bucket: z.optional(z.string({ error: 'Bucket must be text' })),
  path: requiredText('File name', 1024),
  file_base64: z.string({ error: 'The file is required' }).check(z.minLength(1, 'The file is required')),
  contentType: requiredText('Content type', 255),
})

/**
 * The body of POST /api/admin/upload-url: the file's name, its type (checked against the allow-list; the
 * signed Content-Type makes storage refuse any other) and its exact size in bytes (signed as Content-Length).
 */
export const presignedUploadSchema = z.object({
  fileName: requiredText('File name', 1024),
  contentType: requiredText('Content type', 255),
  size: z.int({ error: 'Size must be a whole number of bytes' }).check(z.positive('The file is empty')),
})

export type PresignedUploadRequest = z.output<typeof presignedUploadSchema>
