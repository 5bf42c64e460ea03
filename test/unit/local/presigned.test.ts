import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { describe, expect, it } from 'vitest'
import { checkPresigned } from '../../../infra/local/presigned'

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
const client = new S3Client({
  endpoint: 'http://127.0.0.1:4569',
  region: 'us-east-1',
  credentials,
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
})

async function presignPut(key = 'resources/1-a.pdf') {
  const url = new URL(
    await getSignedUrl(
      client,
      new PutObjectCommand({
        Bucket: 'resources',
        Key: key,
        ContentType: 'application/pdf',
        ContentLength: 10,
      }),
      { expiresIn: 300, signableHeaders: new Set(['content-type', 'content-length']) },
    ),
  )
  return url
}

const putHeaders = { host: '127.0.0.1:4569', 'content-type': 'application/pdf', 'content-length': '10' }

describe('checkPresigned', () => {
  it('accepts a PUT exactly as the SDK signed it, until it expires', async () => {
    const url = await presignPut()
    const request = { method: 'PUT', path: url.pathname, query: url.searchParams, headers: putHeaders }
    expect(checkPresigned(request, credentials)).toEqual({ ok: true })
    expect(checkPresigned(request, credentials, Date.now() + 301_000)).toEqual({
      ok: false,
      reason: 'expired',
    })
  })

  it('refuses another type, size, method, key, host or secret', async () => {
    const url = await presignPut()
    const base = { method: 'PUT', path: url.pathname, query: url.searchParams, headers: putHeaders }
    const refused = [
      { ...base, headers: { ...putHeaders, 'content-type': 'text/html' } },
      { ...base, headers: { ...putHeaders, 'content-length': '11' } },
      { ...base, headers: { ...putHeaders, host: '127.0.0.1:3000' } },
      { ...base, method: 'GET' },
      { ...base, path: url.pathname.replace('1-a.pdf', '1-b.pdf') },
    ]
    for (const request of refused) expect(checkPresigned(request, credentials).ok).toBe(false)
    expect(checkPresigned(base, { ...credentials, secretAccessKey: 'other' }).ok).toBe(false)
    expect(checkPresigned(base, { ...credentials, accessKeyId: 'OTHER' }).ok).toBe(false)
  })

  it('accepts a GET with a signed response disposition and refuses a changed one', async () => {
    const url = new URL(
      await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: 'resources',
          Key: 'exports/1-x/quotes.csv',
          ResponseContentDisposition: 'attachment; filename="quotes.csv"',
        }),
        { expiresIn: 300 },
      ),
    )
    const request = {
      method: 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: { host: '127.0.0.1:4569' },
    }
    expect(checkPresigned(request, credentials)).toEqual({ ok: true })
    const query = new URLSearchParams(url.searchParams)
    query.set('response-content-disposition', 'inline')
    expect(checkPresigned({ ...request, query }, credentials).ok).toBe(false)
  })
})
