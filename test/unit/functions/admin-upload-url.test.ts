import { afterEach, describe, expect, it, vi } from 'vitest'
import { handler as uploadUrl } from '../../../functions/admin/upload-url'
import { awsRequest } from '../../../functions/lib/aws-request'
import { functionEnv } from '../../../functions/lib/store-definitions'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { adminAuthorization, refusedAuthorizations } from '../../support/tokens'

/** Every S3 call is a signed request (functions/lib/bucket-request.ts): none may be made to sign a URL. */
vi.mock('../../../functions/lib/aws-request', async (original) => ({
  ...(await original<typeof import('../../../functions/lib/aws-request')>()),
  awsRequest: vi.fn(),
}))
afterEach(() => vi.mocked(awsRequest).mockReset())

async function send(body: unknown, headers?: Record<string, string>) {
  return parseResult(
    await uploadUrl(
      apiEvent('admin-upload-url', { body, headers: headers ?? (await adminAuthorization()) }),
      lambdaContext,
    ),
  )
}

describe('POST /api/admin/upload-url (as in the cloud)', () => {
  it('signs a PUT to S3 itself with Content-Type and Content-Length, and no checksum of an empty body', async () => {
    expect(process.env[functionEnv.presignedUrlBase]).toBeUndefined()
    const before = Date.now()
    const reply = await send({
      fileName: 'Plant photos.zip',
      contentType: 'Application/Zip',
      size: 7_000_000,
    })
    expect(reply.status).toBe(201)
    const url = new URL(reply.body.uploadUrl)
    expect(url.protocol).toBe('https:')
    expect(url.hostname).toMatch(/^resources\.s3\.[a-z0-9-]+\.amazonaws\.com$/)
    const key = /^\/resources\/(\d+)-Plant-photos\.zip$/.exec(url.pathname)
    expect(key).not.toBeNull()
    expect(Number(key![1])).toBeGreaterThanOrEqual(before)
    expect(reply.body.url).toBe(`/files${url.pathname}`)
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host')
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300')
    expect(url.searchParams.get('X-Amz-Content-Sha256')).toBe('UNSIGNED-PAYLOAD')
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([])
    expect(reply.body.headers).toEqual({ 'Content-Type': 'application/zip' })
    // Signing needs no call to S3.
    expect(awsRequest).not.toHaveBeenCalled()
  })

  it('refuses missing, garbage, expired, wrongly signed and alg-none tokens with 401', async () => {
    for (const headers of Object.values(await refusedAuthorizations())) {
      const reply = await send(
        { fileName: 'a.pdf', contentType: 'application/pdf', size: 5_000_000 },
        headers,
      )
      expect(reply.status).toBe(401)
    }
  })

  it('answers 413 above 50 MiB and 415 for a type outside the allow-list', async () => {
    expect((await send({ fileName: 'a.pdf', contentType: 'application/pdf', size: 52_428_801 })).status).toBe(
      413,
    )
    expect((await send({ fileName: 'a.pdf', contentType: 'application/pdf', size: 52_428_800 })).status).toBe(
      201,
    )
    expect((await send({ fileName: 'a.svg', contentType: 'image/svg+xml', size: 5_000_000 })).status).toBe(
      415,
    )
    expect(
      (await send({ fileName: 'a.exe', contentType: 'application/x-msdownload', size: 5_000_000 })).status,
    ).toBe(415)
  })

  it('keeps traversal inside the resources folder', async () => {
    for (const fileName of ['../../site/index.html', '/etc/passwd', 'C:\\x\\..\\y.pdf', '..']) {
      const reply = await send({ fileName, contentType: 'application/pdf', size: 5_000_000 })
      expect(reply.status).toBe(201)
      expect(new URL(reply.body.uploadUrl).pathname).toMatch(
        /^\/resources\/\d+-[A-Za-z0-9][A-Za-z0-9._-]*\.pdf$/,
      )
    }
  })
})
