/**
 * Checks AWS Signature V4 query signatures (presigned URLs) for the local stand-in. s3rver accepts any V4
 * signature without checking it, so the stand-in checks presigned requests itself before forwarding them:
 * the same method, key, signed headers (Content-Type, Content-Length of an upload) and expiry that S3 checks.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

export interface SigningCredentials {
  readonly accessKeyId: string
  readonly secretAccessKey: string
}

export interface PresignedRequest {
  readonly method: string
  /** The path as sent (still percent-encoded), with the host's path-style bucket: `/bucket/key`. */
  readonly path: string
  readonly query: URLSearchParams
  /** The request's headers by lower-case name, with `host` as the URL was signed for. */
  readonly headers: Readonly<Record<string, string | undefined>>
}

export type PresignCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string }

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function escapeUri(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest()

/** `20260101T000000Z` → epoch milliseconds, or NaN. */
function parseAmzDate(value: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value)
  if (!match) return Number.NaN
  const [y = 0, mo = 1, d = 0, h = 0, mi = 0, s = 0] = match.slice(1).map(Number)
  return Date.UTC(y, mo - 1, d, h, mi, s)
}

/** Whether a presigned request carries a valid, unexpired signature of `credentials` for what it does. */
export function checkPresigned(
  request: PresignedRequest,
  credentials: SigningCredentials,
  now = Date.now(),
): PresignCheck {
  const q = request.query
  const algorithm = q.get('X-Amz-Algorithm')
  const credential = q.get('X-Amz-Credential') ?? ''
  const amzDate = q.get('X-Amz-Date') ?? ''
  const expires = Number(q.get('X-Amz-Expires'))
  const signedHeaders = q.get('X-Amz-SignedHeaders') ?? ''
  const signature = q.get('X-Amz-Signature') ?? ''
  if (algorithm !== 'AWS4-HMAC-SHA256') return { ok: false, reason: 'unsupported algorithm' }
  const [accessKeyId, ...scopeParts] = credential.split('/')
  if (accessKeyId !== credentials.accessKeyId || scopeParts.length !== 4) {
    return { ok: false, reason: 'unknown credential' }
  }
  const signedAt = parseAmzDate(amzDate)
  if (!Number.isFinite(signedAt) || !Number.isInteger(expires) || expires < 1 || expires > 604_800) {
    return { ok: false, reason: 'bad date or expiry' }
  }
  if (now > signedAt + expires * 1000) return { ok: false, reason: 'expired' }
  if (now < signedAt - 15 * 60 * 1000) return { ok: false, reason: 'signed in the future' }

  const headerNames = signedHeaders.split(';')
  if (!headerNames.includes('host')) return { ok: false, reason: 'host not signed' }
  const canonicalHeaders = headerNames
    .map((name) => `${name}:${(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('')
  const canonicalQuery = [...q.entries()]
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [escapeUri(key), escapeUri(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&')
  const canonicalRequest = [
    request.method,
    request.path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n')
  const scope = scopeParts.join('/')
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n')
  const [day, region, service, terminator] = scopeParts as [string, string, string, string]
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day)
  for (const part of [region, service, terminator]) key = hmac(key, part)
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature does not match' }
  }
  return { ok: true }
}
