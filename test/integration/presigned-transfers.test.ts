import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { functionEnv } from '../../functions/lib/store-definitions'
import type { LocalServer } from '../../infra/local/server'
import { parseCsv } from '../support/csv'
import { request, startTestServer, temporaryDataDir } from '../support/local-server'
import { staffToken } from '../support/staff'
import { openWorkbook } from '../support/xlsx'

/**
 * Large files on the stand-in (real bundles, dynalite, s3rver): the presigned PUT of uploads above 4 MiB and
 * the download link of exports too large for one reply, both through the stand-in's /_s3 forwarding.
 * Needs `npm run build`.
 */
let server: LocalServer
let removeData: () => Promise<void>
let token: string

beforeAll(async () => {
  const data = await temporaryDataDir()
  removeData = data.remove
  server = await startTestServer(data.dir)
  token = await staffToken(server.url, { username: 'staff', password: 'a long test password' })
})
afterAll(async () => {
  await server?.close()
  await removeData?.()
})
afterEach(() => {
  delete process.env[functionEnv.exportDirectMaxBytes]
})

/** A PDF of `size` bytes. */
function pdfOf(size: number): Buffer {
  const file = Buffer.alloc(size, 0x20)
  file.write('%PDF-1.7\n')
  return file
}

async function presign(body: Record<string, unknown>, auth = token) {
  return request(server.url, '/api/admin/upload-url', { token: auth, body })
}

describe('POST /api/admin/upload-url on the stand-in', () => {
  it('hands out a same-origin presigned PUT; the file is then served from its /files URL', async () => {
    const file = pdfOf(5 * 1024 * 1024 + 7)
    const before = Date.now()
    const reply = await presign({
      fileName: '../Annual Report 2026.pdf',
      contentType: 'application/pdf',
      size: file.length,
    })
    expect(reply.status).toBe(201)
    const match = /^\/files\/resources\/(\d+)-Annual-Report-2026\.pdf$/.exec(reply.body.url)
    expect(match).not.toBeNull()
    expect(Number(match![1])).toBeGreaterThanOrEqual(before)
    expect(reply.body.uploadUrl).toMatch(/^\/_s3\/resources\/resources\/\d+-Annual-Report-2026\.pdf\?/)
    const signed = new URL(reply.body.uploadUrl, server.url)
    expect(signed.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    )
    expect(Number(signed.searchParams.get('X-Amz-Expires'))).toBe(300)
    expect([...signed.searchParams.keys()].some((key) => key.toLowerCase().includes('checksum'))).toBe(false)
    expect(reply.body.headers).toEqual({ 'Content-Type': 'application/pdf' })
    expect(Date.parse(reply.body.expiresAt) - Date.now()).toBeGreaterThan(200_000)

    const put = await fetch(new URL(reply.body.uploadUrl, server.url), {
      method: 'PUT',
      headers: reply.body.headers,
      body: new Uint8Array(file),
    })
    expect(put.status).toBe(200)
    const served = await fetch(`${server.url}${reply.body.url}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true)
  })

  it('refuses a PUT with another type, another size or a changed key', async () => {
    const file = pdfOf(4 * 1024 * 1024 + 1)
    const reply = await presign({ fileName: 'a.pdf', contentType: 'application/pdf', size: file.length })
    const url = new URL(reply.body.uploadUrl, server.url)
    const body = new Uint8Array(file)
    const wrongType = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'text/html' }, body })
    expect(wrongType.status).toBe(403)
    const wrongSize = await fetch(url, {
      method: 'PUT',
      headers: reply.body.headers,
      body: new Uint8Array(Buffer.concat([file, Buffer.from('more')])),
    })
    expect(wrongSize.status).toBe(403)
    const otherKey = new URL(url.href.replace(/-a\.pdf\?/, '-b.pdf?'))
    const moved = await fetch(otherKey, { method: 'PUT', headers: reply.body.headers, body })
    expect(moved.status).toBe(403)
    expect((await fetch(`${server.url}${reply.body.url}`)).status).toBe(404)
  })

  it('answers 413 above 50 MiB, 415 outside the allow-list, 400 without a size and 401 without a token', async () => {
    const tooLarge = await presign({
      fileName: 'a.zip',
      contentType: 'application/zip',
      size: 50 * 1024 * 1024 + 1,
    })
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.body.error).toMatch(/50 MiB/)
    const svg = await presign({ fileName: 'a.svg', contentType: 'image/svg+xml', size: 5_000_000 })
    expect(svg.status).toBe(415)
    const html = await presign({ fileName: 'a.html', contentType: 'text/html', size: 5_000_000 })
    expect(html.status).toBe(415)
    for (const size of [undefined, 0, -1, 1.5, '5000000']) {
      const bad = await presign({ fileName: 'a.pdf', contentType: 'application/pdf', size })
      expect(bad.status).toBe(400)
      expect(bad.body.fields).toHaveProperty('size')
    }
    const anonymous = await request(server.url, '/api/admin/upload-url', {
      body: { fileName: 'a.pdf', contentType: 'application/pdf', size: 5_000_000 },
    })
    expect(anonymous.status).toBe(401)
  })

  it('forwards only signed requests for the uploads and exports folders to storage', async () => {
    const unsigned = await fetch(`${server.url}/_s3/resources/resources/1-x.pdf`, {
      method: 'PUT',
      body: 'x',
    })
    expect(unsigned.status).toBe(403)
    const outside = await fetch(`${server.url}/_s3/resources/site/index.html?X-Amz-Signature=00`, {
      method: 'PUT',
      body: 'x',
    })
    expect(outside.status).toBe(403)
    const forged = await fetch(
      `${server.url}/_s3/resources/resources/1-x.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=S3RVER%2F20260101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20260101T000000Z&X-Amz-Expires=300&X-Amz-SignedHeaders=host&X-Amz-Signature=${'0'.repeat(64)}`,
      { method: 'PUT', body: 'x' },
    )
    expect(forged.status).toBe(403)
  })
})

describe('resources that name a presigned upload, on the stand-in', () => {
  /** Uploads `file` as `contentType` through a presigned PUT and answers its /files URL. */
  async function putPresigned(fileName: string, contentType: string, file: Buffer): Promise<string> {
    const reply = await presign({ fileName, contentType, size: file.length })
    expect(reply.status).toBe(201)
    const put = await fetch(new URL(reply.body.uploadUrl, server.url), {
      method: 'PUT',
      headers: reply.body.headers,
      body: new Uint8Array(file),
    })
    expect(put.status).toBe(200)
    return reply.body.url
  }
  const createResource = (title: string, file_url: string) =>
    request(server.url, '/api/admin/resources', { token, body: { title, resource_type: 'pdf', file_url } })

  it('refuses a resource whose presigned upload is not what its type says (400), and deletes the file', async () => {
    const page = Buffer.alloc(5 * 1024 * 1024, 0x20)
    page.write('<!doctype html><script>alert(document.domain)</script>')
    const url = await putPresigned('brochure.pdf', 'application/pdf', page)
    expect((await fetch(`${server.url}${url}`)).status).toBe(200)
    const before = (await request(server.url, '/api/admin/resources', { token })).body.items.length
    const refused = await createResource('Brochure', url)
    expect(refused.status).toBe(400)
    expect(refused.body.fields.file_url).toMatch(/not application\/pdf/)
    expect((await fetch(`${server.url}${url}`)).status).toBe(404)
    expect((await request(server.url, '/api/admin/resources', { token })).body.items).toHaveLength(before)
  })

  it('accepts a presigned upload whose first bytes match, and deleting the resource deletes its file', async () => {
    const url = await putPresigned('Handbook.pdf', 'application/pdf', pdfOf(5 * 1024 * 1024 + 1))
    const created = await createResource('Handbook', url)
    expect(created.status).toBe(201)
    expect((await fetch(`${server.url}${url}`)).status).toBe(200)
    const deleted = await request(server.url, `/api/admin/resources/${created.body.id}`, {
      token,
      method: 'DELETE',
    })
    expect(deleted.status).toBe(204)
    expect((await fetch(`${server.url}${url}`)).status).toBe(404)
  })

  it('refuses a /files/ URL that names no stored upload, storing nothing', async () => {
    for (const url of ['/files/resources/1767225600000-never-uploaded.pdf', '/files/exports/1-x/jobs.csv']) {
      const refused = await createResource('Ghost', url)
      expect(refused.status, url).toBe(400)
      expect(refused.body.fields, url).toHaveProperty('file_url')
    }
  })
})

describe('large exports on the stand-in', () => {
  it('answers a short-lived link for an export above the direct limit, which downloads the CSV', async () => {
    const job = await request(server.url, '/api/admin/jobs', {
      token,
      body: { title: 'Export engineer', location: 'Chennai' },
    })
    expect(job.status).toBe(201)
    const direct = await request(server.url, '/api/admin/export/jobs', { token })
    expect(direct.headers.get('content-type')).toContain('text/csv')

    process.env[functionEnv.exportDirectMaxBytes] = '16'
    const linked = await request(server.url, '/api/admin/export/jobs', { token })
    expect(linked.status).toBe(200)
    expect(linked.body).toMatchObject({ fileName: 'jobs.csv' })
    expect(linked.body.url).toMatch(/^\/_s3\/exports\/\d+-[0-9a-f-]+\/jobs\.csv\?/)
    expect(Date.parse(linked.body.expiresAt) - Date.now()).toBeLessThanOrEqual(300_000)

    const file = await fetch(new URL(linked.body.url, server.url))
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="jobs.csv"')
    const text = await file.text()
    expect(text).toBe(direct.text)
    expect(parseCsv(text.replace(/^\uFEFF/, ''))[1]).toEqual(
      expect.arrayContaining(['Export engineer', 'Chennai']),
    )

    const tampered = await fetch(new URL(linked.body.url.replace('jobs.csv?', 'quotes.csv?'), server.url))
    expect(tampered.status).toBe(403)
    // Without its signature the export cannot be fetched.
    const path = new URL(linked.body.url, server.url).pathname
    expect((await fetch(`${server.url}${path}`)).status).toBe(403)
  })

  it('links the workbook too, and exceljs opens what the link downloads', async () => {
    process.env[functionEnv.exportDirectMaxBytes] = '16'
    const linked = await request(server.url, '/api/admin/export-all/xlsx', { token })
    expect(linked.body.fileName).toBe('forms-export.xlsx')
    const file = await fetch(new URL(linked.body.url, server.url))
    expect(file.status).toBe(200)
    const workbook = await openWorkbook(Buffer.from(await file.arrayBuffer()))
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(
      expect.arrayContaining(['quotes', 'contacts', 'jobs', 'resources', 'newsletter']),
    )
    const jobs = workbook.getWorksheet('jobs')!
    expect(jobs.getRow(2).values).toEqual(expect.arrayContaining(['Export engineer', 'Chennai']))
  })

  it('never serves an export without a fresh signature: /files/exports/<its key> answers 404', async () => {
    await request(server.url, '/api/admin/jobs', { token, body: { title: 'Signed link only' } })
    process.env[functionEnv.exportDirectMaxBytes] = '1'
    const linked = await request(server.url, '/api/admin/export/jobs', { token })
    expect(linked.status).toBe(200)
    const file = await fetch(new URL(linked.body.url, server.url))
    expect(file.status).toBe(200)
    expect(await file.text()).toContain('Signed link only')
    // The object's key, wherever it is stored (`/_s3/<bucket>/<key>`), without any folder named exports.
    const key = new URL(linked.body.url, server.url).pathname
      .split('/')
      .slice(3)
      .join('/')
      .replace(/^exports\//, '')
    for (const path of [`/files/exports/${key}`, `/files/${key}`, `/files/resources/../exports/${key}`]) {
      const direct = await fetch(`${server.url}${path}`)
      expect(direct.status, path).toBe(404)
      expect(await direct.text(), path).not.toContain('Signed link only')
    }
    // A presigned request may read the exports and write uploads, nothing else: no PUT into the exports.
    const put = await fetch(new URL(linked.body.url, server.url), { method: 'PUT', body: 'x' })
    expect(put.status).toBe(403)
  })
})
