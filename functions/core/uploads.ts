/**
 * The rules of admin file uploads (POST /api/admin/upload): which types are accepted, how a file's first
 * bytes must look for its declared type, and how a client's file name becomes a safe object key. Pure.
 */

/** The largest file accepted in one upload request (decoded). */
export const maxUploadBytes = 4 * 1024 * 1024

/** The largest file accepted through a presigned PUT (POST /api/admin/upload-url), for files above 4 MiB. */
export const maxPresignedUploadBytes = 50 * 1024 * 1024

/** How long a presigned upload URL works, in seconds. */
export const presignedUploadSeconds = 300

/** The only folder uploads go to, in the uploads bucket; served at /files/resources/... */
export const uploadFolder = 'resources'

/** The bucket name the spec's client sends; anything else is refused (the server picks the bucket). */
export const uploadBucketAlias = 'resources'

type Sniffer = (bytes: Uint8Array) => boolean

const startsWith =
  (...signature: number[]): Sniffer =>
  (bytes) =>
    signature.every((byte, index) => bytes[index] === byte)

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0))

const isZip: Sniffer = (bytes) =>
  startsWith(0x50, 0x4b, 0x03, 0x04)(bytes) || startsWith(0x50, 0x4b, 0x05, 0x06)(bytes)
const isOle: Sniffer = startsWith(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)
/** UTF-8 without NUL bytes. `partial`: the bytes are the start of a file, which may end inside a character. */
const isText = (bytes: Uint8Array, partial = false): boolean => {
  if (bytes.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial })
    return true
  } catch {
    return false
  }
}

interface AllowedType {
  readonly extensions: readonly string[]
  /** Whether the bytes look like this type; `partial` when they are only the first bytes of the file. */
  readonly sniff: (bytes: Uint8Array, partial?: boolean) => boolean
}

/** The allow-list: PDF, images, Office documents, plain text and CSV, zip. No SVG or HTML (they can run script). */
export const allowedUploadTypes: Readonly<Record<string, AllowedType>> = {
  'application/pdf': { extensions: ['pdf'], sniff: startsWith(...ascii('%PDF-')) },
  'image/png': { extensions: ['png'], sniff: startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  'image/jpeg': { extensions: ['jpg', 'jpeg'], sniff: startsWith(0xff, 0xd8, 0xff) },
  'image/gif': {
    extensions: ['gif'],
    sniff: (bytes) => startsWith(...ascii('GIF87a'))(bytes) || startsWith(...ascii('GIF89a'))(bytes),
  },
  'image/webp': {
    extensions: ['webp'],
    sniff: (bytes) =>
      startsWith(...ascii('RIFF'))(bytes) && ascii('WEBP').every((b, i) => bytes[8 + i] === b),
  },
  'application/msword': { extensions: ['doc'], sniff: isOle },
  'application/vnd.ms-excel': { extensions: ['xls'], sniff: isOle },
  'application/vnd.ms-powerpoint': { extensions: ['ppt'], sniff: isOle },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    extensions: ['docx'],
    sniff: isZip,
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { extensions: ['xlsx'], sniff: isZip },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    extensions: ['pptx'],
    sniff: isZip,
  },
  'text/plain': { extensions: ['txt'], sniff: isText },
  'text/csv': { extensions: ['csv'], sniff: isText },
  'application/zip': { extensions: ['zip'], sniff: isZip },
  'application/x-zip-compressed': { extensions: ['zip'], sniff: isZip },
}

/** The answer to a type outside the allow-list (HTTP 415). */
export const allowedTypesMessage =
  'This file type is not accepted. Upload a PDF, an image (PNG, JPEG, GIF, WebP), an Office document, plain text, CSV or a zip file.'

/** The media type without parameters, lower case (`Text/Plain; charset=utf-8` → `text/plain`). */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase()
}

export type TypeCheck = 'ok' | 'not-allowed' | 'mismatch'

/** How many first bytes of a stored upload are read to check its type (every signature fits well within). */
export const sniffedBytes = 4096

/**
 * Whether `mediaType` is on the allow-list and the file's bytes look like it. `partial`: `bytes` are only the
 * first bytes of the file (a file uploaded with a presigned PUT, read back from storage), so a text file may
 * end inside a character there.
 */
export function checkUploadType(mediaType: string, bytes: Uint8Array, partial = false): TypeCheck {
  const allowed = Object.hasOwn(allowedUploadTypes, mediaType) ? allowedUploadTypes[mediaType] : undefined
  if (!allowed) return 'not-allowed'
  return allowed.sniff(bytes, partial) ? 'ok' : 'mismatch'
}

const maxNameLength = 100

/**
 * A client's path or file name as a safe last segment of an object key: the last segment only (no folders,
 * no `..`), control characters dropped, anything but letters, digits, dot, dash and underscore replaced by a
 * dash, no leading dot or dash, a client timestamp prefix dropped, at most 100 characters, and an extension
 * that belongs to `mediaType` (added when the name lacks one).
 */
export function sanitiseFileName(raw: string, mediaType: string): string {
  const segment = (raw.split(/[/\\]/).pop() ?? '')
    .normalize('NFKC')
    .replace(/\p{Cc}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
  const parts = /^(.*?)(?:\.([A-Za-z0-9]{1,10}))?$/.exec(segment)
  const extension = parts?.[2]
  const stem =
    (parts?.[1] ?? '')
      .replace(/\.{2,}/g, '.')
      .replace(/-{2,}/g, '-')
      .replace(/^\d{10,}[-_]/, '')
      .replace(/^[.\-_]+|[.\-_]+$/g, '') || 'file'
  const allowed = allowedUploadTypes[mediaType]?.extensions ?? []
  const suffix =
    extension && allowed.includes(extension.toLowerCase())
      ? `.${extension}`
      : `${extension ? `.${extension}` : ''}${allowed[0] ? `.${allowed[0]}` : ''}`
  return stem.slice(0, Math.max(1, maxNameLength - suffix.length)) + suffix
}

/** The object key of an upload: `resources/<timestamp>-<sanitised name>`. */
export function uploadKey(fileName: string, now: Date): string {
  return `${uploadFolder}/${now.getTime()}-${fileName}`
}

/** The public URL of an uploaded object (CloudFront and the stand-in serve the bucket under /files/). */
export function publicFileUrl(key: string): string {
  return `/files/${key}`
}

/**
 * The object key of a public upload URL (`/files/resources/<name>` → `resources/<name>`), or undefined when
 * the URL is no upload of ours: another folder, a sub-folder, a query, or a name `sanitiseFileName` could not
 * have made.
 */
export function uploadKeyOfUrl(url: string): string | undefined {
  const match = new RegExp(`^/files/(${uploadFolder}/[A-Za-z0-9][A-Za-z0-9._-]{0,199})$`).exec(url)
  const key = match?.[1]
  return key && !key.includes('..') ? key : undefined
}

/**
 * The bytes of a base64 (or `data:...;base64,`) text, or undefined when it is not valid base64. Line breaks
 * are allowed; any other character outside the alphabet, or bad padding, is not.
 */
export function decodeBase64(text: string): Uint8Array | undefined {
  const payload = text.replace(/^data:[^,]*;base64,/, '').replace(/[\r\n]/g, '')
  if (payload.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return undefined
  const bytes = Uint8Array.from(atob(payload), (char) => char.charCodeAt(0))
  return bytes
}

/** The decoded size of a base64 text, without decoding it (to refuse oversize files cheaply). */
export function decodedBase64Length(text: string): number {
  const payload = text.replace(/^data:[^,]*;base64,/, '').replace(/[\r\n]/g, '')
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0
  return Math.floor((payload.length * 3) / 4) - padding
}
