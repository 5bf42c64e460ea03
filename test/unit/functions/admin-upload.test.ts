import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as upload } from '../../../functions/admin/upload'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { fakeServiceForFile, startFakeS3 } from '../../support/fake-aws'
import { s3Success } from '../../support/s3-requests'
import { adminAuthorization, refusedAuthorizations } from '../../support/tokens'

/** S3 over loopback HTTP: PutObject is one signed request (functions/lib/bucket-request.ts). */
const s3 = fakeServiceForFile(startFakeS3)
beforeEach(() => {
  s3().requests.length = 0
  s3().answer = (request) => s3Success(request)
  vi.stubEnv('AWS_ENDPOINT_URL_S3', s3().url)
})
afterEach(() => vi.unstubAllEnvs())

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100, 0x20)])

async function send(body: unknown, headers?: Record<string, string>) {
  return parseResult(
    await upload(
      apiEvent('admin-upload', { body, headers: headers ?? (await adminAuthorization()) }),
      lambdaContext,
    ),
  )
}

const payload = (overrides: Record<string, unknown> = {}) => ({
  bucket: 'resources',
  path: '1732270000000-Brochure 2026.pdf',
  file_base64: pdf.toString('base64'),
  contentType: 'application/pdf',
  ...overrides,
})

describe('POST /api/admin/upload', () => {
  it('stores the file under resources/<timestamp>-<name> with its type and answers its /files URL', async () => {
    const before = Date.now()
    const reply = await send(payload())
    expect(reply.status).toBe(201)
    expect(s3().requests.map((request) => request.command)).toEqual(['PutObject'])
    const put = s3().of('PutObject')[0]!
    expect(put.bucket).toBe('resources')
    expect(put.headers['content-type']).toBe('application/pdf')
    expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(put.body.equals(pdf)).toBe(true)
    const match = /^resources\/(\d+)-Brochure-2026\.pdf$/.exec(put.key)
    expect(match).not.toBeNull()
    expect(Number(match![1])).toBeGreaterThanOrEqual(before)
    expect(reply.body).toEqual({ url: `/files/${put.key}` })
  })

  it('keeps traversal, absolute paths and null bytes inside the resources folder', async () => {
    for (const path of [
      '../../site/index.html',
      '/etc/passwd',
      'C:\\temp\\..\\x.pdf',
      'a.pdf\u0000../../x',
      '..',
    ]) {
      const reply = await send(payload({ path }))
      expect(reply.status).toBe(201)
    }
    expect(s3().of('PutObject')).toHaveLength(5)
    for (const { key } of s3().of('PutObject')) {
      expect(key).toMatch(/^resources\/\d+-[A-Za-z0-9][A-Za-z0-9._-]*\.pdf$/)
      expect(key).not.toContain('..')
      expect(key).not.toContain('\u0000')
    }
  })

  it('refuses another bucket with 400 and stores nothing', async () => {
    const reply = await send(payload({ bucket: 'site' }))
    expect(reply.status).toBe(400)
    expect(reply.body.fields).toHaveProperty('bucket')
    expect(s3().requests).toHaveLength(0)
  })

  it('answers 415 for a type outside the allow-list and for a type the bytes contradict', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>').toString('base64')
    const notAllowed = await send(payload({ contentType: 'image/svg+xml', file_base64: svg, path: 'x.svg' }))
    expect(notAllowed.status).toBe(415)
    expect(notAllowed.body.error).toMatch(/not accepted/)
    const html = Buffer.from('<html><script>alert(1)</script>').toString('base64')
    const mismatched = await send(payload({ file_base64: html }))
    expect(mismatched.status).toBe(415)
    const pngClaim = await send(payload({ contentType: 'image/png' }))
    expect(pngClaim.status).toBe(415)
    expect(s3().requests).toHaveLength(0)
  })

  it('answers 413 for a file over 4 MiB without storing it', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(4 * 1024 * 1024)]).toString('base64')
    const reply = await send(payload({ file_base64: big }))
    expect(reply.status).toBe(413)
    expect(reply.body.error).toBe('The file is larger than 4 MiB.')
    expect(s3().requests).toHaveLength(0)
  })

  it('answers 400 for broken base64, an empty file and missing fields', async () => {
    for (const file_base64 of ['%%%%', 'JVBERi0', 'JVBE Ri0x']) {
      expect((await send(payload({ file_base64 }))).status).toBe(400)
    }
    expect((await send(payload({ file_base64: '' }))).status).toBe(400)
    const missing = await send({})
    expect(missing.status).toBe(400)
    expect(Object.keys(missing.body.fields).sort()).toEqual(['contentType', 'file_base64', 'path'])
    expect(s3().requests).toHaveLength(0)
  })

  it('answers 401 for refused tokens before reading the body', async () => {
    for (const headers of Object.values(await refusedAuthorizations())) {
      expect((await send(payload(), headers)).status).toBe(401)
    }
    expect(s3().requests).toHaveLength(0)
  })

  it('answers 500 without details when S3 fails', async () => {
    s3().answer = () => ({
      error: 'AccessDenied',
      status: 403,
      message: 'Access Denied for arn:aws:s3:::secret',
    })
    const reply = await send(payload())
    expect(reply.status).toBe(500)
    expect(JSON.stringify(reply.body)).not.toContain('arn:aws')
    expect(s3().of('PutObject')).toHaveLength(1)
  })
})
