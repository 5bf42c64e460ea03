import { ListBucketsCommand } from '@aws-sdk/client-s3'
import { maxUploadBytes } from '@core/uploads'
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buckets } from '../../../functions/lib/store-definitions'
import { engineS3 } from '../../support/engine-s3'
import { listObjectKeys } from '../../support/engine-state'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { writeFigures } from '../../support/figures'
import { validUpload } from '../../support/fuzz'
import { withTestEngines } from '../../support/local-server'

/**
 * Upload abuse: POST /api/admin/upload on s3rver. Broken base64, oversize, wrong and mismatched types, a
 * client-chosen bucket, empty and missing files → 4xx and nothing stored. Hostile file names (traversal,
 * absolute paths, null bytes, encodings) with a valid file are stored, but only ever under `resources/` with
 * a safe name. Afterwards the bucket is listed: every object is one the test accepted, under `resources/`.
 */
type Handler = (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>

let upload: Handler
let authorization: Record<string, string>
const bucket = buckets.uploads.localName
/** The keys the handler said it stored (from the URLs of its 201 replies). */
const acceptedKeys = new Set<string>()
const figures = {
  refused: {} as Record<string, number>,
  hostileNamesStored: 0,
  generatedNames: 0,
  objects: 0,
}

withTestEngines()
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  upload = (await import('../../../functions/admin/upload')).handler as Handler
  authorization = await (await import('../../support/tokens')).adminAuthorization()
})

afterAll(async () => {
  vi.restoreAllMocks()
  if (figures.objects > 0) writeFigures('uploads', figures)
})

const send = async (body: unknown, options: { raw?: string } = {}) => {
  const event =
    options.raw === undefined
      ? apiEvent('admin-upload', { body, headers: authorization })
      : apiEvent('admin-upload', {
          rawBody: options.raw,
          headers: { ...authorization, 'content-type': 'application/json' },
        })
  const reply = parseResult(await upload(event, lambdaContext))
  if (reply.status === 201) acceptedKeys.add(String(reply.body.url).replace(/^\/files\//, ''))
  return reply
}

const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64')
const pdf = Buffer.from('%PDF-1.4\n% upload abuse test\n')
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>')
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
const exe = Buffer.from('MZ\x90\x00\x03\x00\x00\x00')

/** A key the handler may write: in `resources/`, `<timestamp>-<letters, digits, . _ ->`, no `..`. */
const safeKey = /^resources\/\d{13}-[A-Za-z0-9][A-Za-z0-9._-]*$/

const refusals: [string, unknown, number][] = [
  // Broken base64
  ['base64 with a bad character', { ...validUpload, file_base64: `${b64(pdf)}*` }, 400],
  ['base64 with bad padding', { ...validUpload, file_base64: 'JVBERi0=xx==' }, 400],
  ['base64 of a wrong length', { ...validUpload, file_base64: 'JVBERi0xLjQ' }, 400],
  [
    'base64url instead of base64',
    {
      ...validUpload,
      file_base64: b64(Buffer.from([0xfb, 0xff, 0xfe, 0x25]))
        .replace(/\+/g, '-')
        .replace(/\//g, '_'),
    },
    400,
  ],
  ['base64 with a null byte', { ...validUpload, file_base64: `${b64(pdf)}\u0000` }, 400],
  [
    'a data URL of nothing (empty file)',
    { ...validUpload, file_base64: 'data:application/pdf;base64,' },
    400,
  ],
  ['no file', { ...validUpload, file_base64: '' }, 400],
  // Size
  [
    'a file of 4 MiB + 1 byte',
    { ...validUpload, file_base64: b64(Buffer.concat([pdf, Buffer.alloc(maxUploadBytes + 1 - pdf.length)])) },
    413,
  ],
  // Types
  [
    'SVG (can run script)',
    { ...validUpload, path: 'logo.svg', file_base64: b64(svg), contentType: 'image/svg+xml' },
    415,
  ],
  ['HTML', { ...validUpload, path: 'index.html', file_base64: b64(html), contentType: 'text/html' }, 415],
  [
    'an executable',
    { ...validUpload, path: 'setup.exe', file_base64: b64(exe), contentType: 'application/x-msdownload' },
    415,
  ],
  ['octet-stream', { ...validUpload, file_base64: b64(pdf), contentType: 'application/octet-stream' }, 415],
  ['a type with a null byte', { ...validUpload, contentType: 'application/pdf\u0000text/html' }, 415],
  ['HTML declared as PDF', { ...validUpload, file_base64: b64(html) }, 415],
  [
    'SVG declared as PNG',
    { ...validUpload, path: 'x.png', file_base64: b64(svg), contentType: 'image/png' },
    415,
  ],
  [
    'PNG declared as JPEG',
    { ...validUpload, path: 'x.jpg', file_base64: b64(png), contentType: 'image/jpeg' },
    415,
  ],
  [
    'an executable declared as plain text',
    {
      ...validUpload,
      path: 'x.txt',
      file_base64: b64(Buffer.from([0x4d, 0x5a, 0, 0xff])),
      contentType: 'text/plain',
    },
    415,
  ],
  [
    'HTML declared as a zip',
    { ...validUpload, path: 'x.zip', file_base64: b64(html), contentType: 'application/zip' },
    415,
  ],
  // The client choosing where to write
  ['another bucket', { ...validUpload, bucket: 'site-assets' }, 400],
  ['a bucket with traversal', { ...validUpload, bucket: '../resources' }, 400],
  ['the bucket with a folder', { ...validUpload, bucket: 'resources/../exports' }, 400],
  ['the bucket in capitals', { ...validUpload, bucket: 'RESOURCES' }, 400],
  ['an empty bucket', { ...validUpload, bucket: '' }, 400],
  ['a bucket that is not text', { ...validUpload, bucket: ['resources'] }, 400],
  // Missing and malformed fields
  ['no path', { ...validUpload, path: undefined }, 400],
  ['an empty path', { ...validUpload, path: '  ' }, 400],
  ['a path over 1,024 characters', { ...validUpload, path: `${'../'.repeat(400)}x.pdf` }, 400],
  ['a path that is not text', { ...validUpload, path: { '../x': 1 } }, 400],
  ['no content type', { ...validUpload, contentType: undefined }, 400],
  [
    'traversal AND a mismatched type',
    { ...validUpload, path: '../../index.html', file_base64: b64(html) },
    415,
  ],
  ['traversal AND another bucket', { ...validUpload, path: '../../x.pdf', bucket: 'exports' }, 400],
]

/** Hostile names sent with a valid PDF: stored, but only as a safe name under resources/. */
const hostileNames = [
  '../x.pdf',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fx.pdf',
  '..%2F..%2Fx.pdf',
  '%252e%252e%252fx.pdf',
  '..%5c..%5cx.pdf',
  '....//....//x.pdf',
  '..;/x.pdf',
  '/etc/passwd',
  '/resources/../exports/x.pdf',
  'exports/x.pdf',
  'resources/../../x.pdf',
  'C:\\Windows\\System32\\x.pdf',
  '\\\\server\\share\\x.pdf',
  'file:///etc/passwd',
  'a.pdf\u0000.html',
  'x\u0000/../../y.pdf',
  '\u0000',
  '．．／．．／x.pdf',
  '\u202Efdp.exe',
  '.htaccess',
  '..',
  '.',
  'x.pdf/',
  'x.pdf\\',
  '~/.ssh/id_rsa',
  '1700000000000-../../x.pdf',
  `${'a'.repeat(300)}.pdf`,
]

describe('POST /api/admin/upload on s3rver', () => {
  it.each(refusals)('refuses %s', async (_name, body, status) => {
    const before = await listObjectKeys(bucket)
    const reply = await send(body)
    expect(reply.status).toBe(status)
    expect(reply.body).toEqual(expect.objectContaining({ error: expect.any(String) }))
    expect(await listObjectKeys(bucket)).toEqual(before)
    figures.refused[String(status)] = (figures.refused[String(status)] ?? 0) + 1
  })

  it('refuses a body over 6 MiB before reading it (413)', async () => {
    const before = await listObjectKeys(bucket)
    const reply = await send(undefined, {
      raw: JSON.stringify({ ...validUpload, file_base64: 'A'.repeat(6 * 1024 * 1024 + 1) }),
    })
    expect(reply.status).toBe(413)
    expect(await listObjectKeys(bucket)).toEqual(before)
    figures.refused['413'] = (figures.refused['413'] ?? 0) + 1
  })

  it('accepts a file of exactly 4 MiB (the limit is inclusive)', async () => {
    const reply = await send({
      ...validUpload,
      file_base64: b64(Buffer.concat([pdf, Buffer.alloc(maxUploadBytes - pdf.length)])),
    })
    expect(reply.status).toBe(201)
  })

  it.each(hostileNames)('stores %j only as a safe name under resources/', async (path) => {
    const reply = await send({ ...validUpload, path })
    expect(reply.status).toBe(201)
    const key = String(reply.body.url).replace(/^\/files\//, '')
    expect(key).toMatch(safeKey)
    expect(key).not.toContain('..')
    expect(await listObjectKeys(bucket)).toContain(key)
    figures.hostileNamesStored += 1
  })

  it('stores 200 generated hostile names only as safe names under resources/', async () => {
    const piece = fc.constantFrom(
      '..',
      '.',
      '/',
      '\\',
      '%2e',
      '%2f',
      '%5c',
      '\u0000',
      '\u202E',
      '．',
      '／',
      '~',
      ':',
      'C:',
      'a',
      'é',
      '😀',
      ' ',
      '\n',
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { minLength: 1, maxLength: 20 }).map((parts) => parts.join('')),
        async (path) => {
          fc.pre(path.trim() !== '')
          const reply = await send({ ...validUpload, path })
          expect(reply.status).toBe(201)
          expect(String(reply.body.url).replace(/^\/files\//, '')).toMatch(safeKey)
          figures.generatedNames += 1
        },
      ),
      { numRuns: 200 },
    )
  })

  it('afterwards the bucket holds exactly the accepted objects, all under resources/, and no other bucket of ours has any', async () => {
    const keys = await listObjectKeys(bucket)
    figures.objects = keys.length
    expect(keys.length).toBeGreaterThan(hostileNames.length)
    for (const key of keys) expect(key).toMatch(safeKey)
    expect(new Set(keys)).toEqual(acceptedKeys)
    const listed = await engineS3().send(new ListBucketsCommand({}))
    // The buckets of functions/lib/store-definitions.ts only (the exports bucket stays empty: no upload goes there).
    expect((listed.Buckets ?? []).map((entry) => entry.Name).sort()).toEqual(
      Object.values(buckets)
        .map((definition) => definition.localName)
        .sort(),
    )
    expect(await listObjectKeys(buckets.exports.localName)).toEqual([])
  })
})
