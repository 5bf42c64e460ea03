import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalServer } from '../../infra/local/server'
import { parseCsv } from '../support/csv'
import { request, startTestServer, temporaryDataDir } from '../support/local-server'
import { staffToken } from '../support/staff'
import { countFormulaCells, openWorkbook } from '../support/xlsx'

/** The admin API through the real bundles on the stand-in (dynalite + s3rver). Needs `npm run build`. */
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

describe('admin API on the stand-in', () => {
  it('creates a job that the public list shows, counts it, exports it and deletes it', async () => {
    const created = await request(server.url, '/api/admin/jobs', {
      token,
      body: { title: '=Site engineer', location: 'Pune', employment_type: 'Full-time', requirements: 'a\nb' },
    })
    expect(created.status).toBe(201)
    const publicList = await request(server.url, '/api/jobs')
    expect(publicList.headers.get('cache-control')).toContain('max-age=60')
    expect(publicList.body).toEqual([
      expect.objectContaining({ id: created.body.id, title: '=Site engineer' }),
    ])

    const admin = await request(server.url, '/api/admin/jobs', { token })
    expect(admin.body.items.map((job: { id: string }) => job.id)).toEqual([created.body.id])
    expect((await request(server.url, '/api/admin/analytics', { token })).body).toMatchObject({ jobs: 1 })

    const csv = await request(server.url, '/api/admin/export/jobs', { token })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="jobs.csv"')
    const rows = parseCsv(csv.text.replace(/^\uFEFF/, ''))
    expect(rows[1]).toContain("'=Site engineer")
    expect(rows[1]).toContain('a\nb')

    const removed = await request(server.url, `/api/admin/jobs/${created.body.id}`, {
      token,
      method: 'DELETE',
    })
    expect(removed.status).toBe(204)
    expect((await request(server.url, '/api/jobs')).body).toEqual([])
    expect((await request(server.url, '/api/admin/analytics', { token })).body).toMatchObject({ jobs: 0 })
    const again = await request(server.url, `/api/admin/jobs/${created.body.id}`, { token, method: 'DELETE' })
    expect(again.status).toBe(404)
  })

  it('uploads a file that is then served from its /files URL, and refuses a wrong type', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% test file\n')
    const uploaded = await request(server.url, '/api/admin/upload', {
      token,
      body: {
        bucket: 'resources',
        path: `${Date.now()}-../../Guide.pdf`,
        file_base64: pdf.toString('base64'),
        contentType: 'application/pdf',
      },
    })
    expect(uploaded.status).toBe(201)
    expect(uploaded.body.url).toMatch(/^\/files\/resources\/\d+-Guide\.pdf$/)
    const file = await fetch(`${server.url}${uploaded.body.url}`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true)

    const resource = await request(server.url, '/api/admin/resources', {
      token,
      body: { title: 'Guide', resource_type: 'pdf', file_url: uploaded.body.url, description: 'How to' },
    })
    expect(resource.status).toBe(201)
    expect((await request(server.url, '/api/resources')).body[0]).toMatchObject({
      file_url: uploaded.body.url,
    })

    const wrong = await request(server.url, '/api/admin/upload', {
      token,
      body: {
        path: 'x.pdf',
        file_base64: Buffer.from('<html>').toString('base64'),
        contentType: 'application/pdf',
      },
    })
    expect(wrong.status).toBe(415)
  })

  it('exports every kind into forms-export.xlsx that exceljs opens, with no formula cell', async () => {
    await request(server.url, '/api/contacts', {
      body: {
        name: '@Asha',
        email: 'asha@example.com',
        phone: '+91 98765 43210',
        subject: 'S',
        message: 'M',
        adult: true,
      },
    })
    const reply = await fetch(`${server.url}/api/admin/export-all/xlsx`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="forms-export.xlsx"')
    const workbook = await openWorkbook(await reply.arrayBuffer())
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'quotes',
      'contacts',
      'jobs',
      'resources',
      'newsletter',
    ])
    const contacts = workbook.getWorksheet('contacts')!
    expect(contacts.rowCount).toBe(2)
    expect(contacts.getRow(2).getCell(3).value).toBe("'@Asha")
    expect(contacts.getRow(2).getCell(1).value).toBeInstanceOf(Date)
    expect(countFormulaCells(workbook)).toBe(0)
    expect(workbook.getWorksheet('resources')!.rowCount).toBe(2)
  })

  it('records sign-ins, content changes and exports, and lists them newest first page by page', async () => {
    const failed = await request(server.url, '/api/admin/login', {
      body: { username: 'staff', password: 'not the password' },
    })
    expect(failed.status).toBe(401)
    const job = await request(server.url, '/api/admin/jobs', { token, body: { title: 'Audit engineer' } })
    await request(server.url, `/api/admin/jobs/${job.body.id}`, { token, method: 'DELETE' })
    await request(server.url, '/api/admin/export/quotes', { token })

    const first = await request(server.url, '/api/admin/activity?limit=3', { token })
    expect(first.status).toBe(200)
    expect(first.body.items.map((entry: { action: string }) => entry.action)).toEqual([
      'export',
      'content-delete',
      'content-create',
    ])
    expect(first.body.items[0]).toEqual({
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      actor: 'staff',
      action: 'export',
      target: 'quotes.csv',
      network: expect.any(String),
      role: 'owner',
    })
    expect(first.body.items[2].target).toBe(`job ${job.body.id} "Audit engineer"`)
    const rest = await request(server.url, `/api/admin/activity?cursor=${first.body.nextCursor}`, { token })
    const actions = rest.body.items.map(
      (entry: { action: string; actor: string }) => `${entry.action} ${entry.actor}`,
    )
    expect(actions.indexOf('login-failed staff')).toBeLessThan(actions.lastIndexOf('login staff'))
    expect(JSON.stringify(rest.body)).not.toContain('not the password')

    const bad = await request(server.url, '/api/admin/activity?cursor=eyJwayI6IkFETUlOIiwic2siOiJzdGFmZiJ9', {
      token,
    })
    expect(bad.status).toBe(400)
    expect((await request(server.url, '/api/admin/activity')).status).toBe(401)
  })

  it('lists quotes and newsletter signups for a signed-in admin only', async () => {
    for (const path of ['/api/admin/quotes', '/api/admin/newsletter', '/api/admin/export/newsletter']) {
      expect((await request(server.url, path)).status).toBe(401)
      expect((await request(server.url, path, { token })).status).toBe(200)
    }
    expect((await request(server.url, '/api/admin/quotes', { token })).body).toEqual({ items: [] })
  })

  it('refuses a sixth sign-in after five failures for a username with 429, even with the right password', async () => {
    const { setAdminPassword } = await import('../../infra/local/admin-users')
    await setAdminPassword('target', 'the right long password')
    for (let index = 0; index < 5; index += 1) {
      const wrong = await request(server.url, '/api/admin/login', {
        body: { username: 'target', password: `guess ${index}` },
      })
      expect(wrong.status).toBe(401)
    }
    const locked = await request(server.url, '/api/admin/login', {
      body: { username: 'TARGET', password: 'the right long password' },
    })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(locked.body.error).toMatch(/^Too many failed sign-in attempts/)
    // Another user from the same address is not locked out (5 of the 20 per-IP failures used).
    const other = await request(server.url, '/api/admin/login', {
      body: { username: 'staff', password: 'a long test password' },
    })
    expect(other.status).toBe(200)
  })
})
