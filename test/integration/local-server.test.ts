import { spawnSync } from 'node:child_process'
import { get, type IncomingHttpHeaders } from 'node:http'
import { connect } from 'node:net'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tables } from '../../functions/lib/store-definitions'
import { startDynalite } from '../../infra/local/engines'
import type { LocalServer } from '../../infra/local/server'
import { request, startTestServer, temporaryDataDir } from '../support/local-server'
import { readOutbox } from '../support/visitor-outbox'

let server: LocalServer
let dataDir: string
let removeData: () => Promise<void>
let password: string

const contact = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  subject: 'Rooftop solar',
  message: 'Please call me about a 5 kW system.',
  adult: true,
}

beforeAll(async () => {
  const data = await temporaryDataDir()
  dataDir = data.dir
  removeData = data.remove
  server = await startTestServer(dataDir)
  const { bootstrapAdmin } = await import('../../infra/local/admin-users')
  const account = await bootstrapAdmin({})
  password = account?.generatedPassword ?? ''
})
afterAll(async () => {
  await server?.close()
  await removeData?.()
})

async function signIn(): Promise<string> {
  const reply = await request(server.url, '/api/admin/login', { body: { username: 'admin', password } })
  expect(reply.status).toBe(200)
  return reply.body.token
}

describe('local stand-in', () => {
  it('stores a contact through the real bundle and lists it for a signed-in admin', async () => {
    const created = await request(server.url, '/api/contacts', { body: { ...contact, role: 'admin' } })
    expect(created.status).toBe(201)
    const token = await signIn()
    const list = await request(server.url, '/api/admin/contacts', { token })
    expect(list.status).toBe(200)
    expect(list.body.items[0]).toMatchObject({ ...contact, id: created.body.id })
    expect(list.body.items[0]).not.toHaveProperty('role')
  })

  it('refuses the admin list without a token or with a wrong password', async () => {
    expect((await request(server.url, '/api/admin/contacts')).status).toBe(401)
    const wrong = await request(server.url, '/api/admin/login', {
      body: { username: 'admin', password: 'nope' },
    })
    expect(wrong).toMatchObject({ status: 401, body: { error: 'Invalid username or password.' } })
  })

  it('answers JSON 404 and 405 for unknown API paths and methods', async () => {
    expect(await request(server.url, '/api/nothing')).toMatchObject({
      status: 404,
      body: { error: 'Not found.' },
    })
    const wrongMethod = await request(server.url, '/api/contacts')
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('POST')
  })

  it('serves prerendered pages by clean URL and the not-found page with 404', async () => {
    const page = await fetch(`${server.url}/contact`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(await page.text()).toContain('<title>Contact')
    const missing = await fetch(`${server.url}/no-such-page`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('Oops! Page not found')
  })

  it('compresses pages and scripts as CloudFront does: Brotli, else gzip, else none', async () => {
    const raw = (path: string, acceptEncoding?: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get(
          `${server.url}${path}`,
          { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
          (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
          },
        ).on('error', reject)
      })
    const plain = await raw('/contact')
    expect(plain.headers['content-encoding']).toBeUndefined()
    const brotli = await raw('/contact', 'gzip, deflate, br')
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toBe('accept-encoding')
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.byteLength)
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true)
    expect(brotli.body.byteLength).toBeLessThan(plain.body.byteLength / 3)
    const gzipped = await raw('/contact', 'gzip')
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true)
    expect((await raw('/contact', 'br;q=0, identity')).headers['content-encoding']).toBeUndefined()
    const missing = await raw('/no-such-page', 'br')
    expect(missing.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(missing.body).toString()).toContain('Oops! Page not found')
  })

  it('serves uploaded files from the uploads bucket under /files/', async () => {
    const s3 = new S3Client({
      endpoint: server.engines.s3Endpoint,
      region: server.engines.region,
      credentials: server.engines.credentials,
      forcePathStyle: true,
    })
    await s3.send(
      new PutObjectCommand({
        Bucket: 'resources',
        Key: 'resources/123-guide.pdf',
        Body: '%PDF-1.4',
        ContentType: 'application/pdf',
      }),
    )
    const file = await fetch(`${server.url}/files/resources/123-guide.pdf`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await file.text()).toBe('%PDF-1.4')
    expect((await fetch(`${server.url}/files/resources/missing.pdf`)).status).toBe(404)
  })

  it('serves nothing under /files/ outside the resources folder, whatever the bucket holds', async () => {
    const s3 = new S3Client({
      endpoint: server.engines.s3Endpoint,
      region: server.engines.region,
      credentials: server.engines.credentials,
      forcePathStyle: true,
    })
    // An export left in the uploads bucket from before exports had their own bucket, and another folder.
    for (const Key of ['exports/1767225600000-0b5c/quotes.csv', 'private/notes.txt']) {
      await s3.send(
        new PutObjectCommand({ Bucket: 'resources', Key, Body: 'name,phone', ContentType: 'text/csv' }),
      )
    }
    for (const path of [
      '/files/exports/1767225600000-0b5c/quotes.csv',
      '/files/private/notes.txt',
      '/files/resources/%2e%2e/exports/1767225600000-0b5c/quotes.csv',
      '/files/resources%2F..%2Fexports%2F1767225600000-0b5c%2Fquotes.csv',
      '/files/resources/..%5Cexports%5C1767225600000-0b5c%5Cquotes.csv',
    ]) {
      const reply = await fetch(`${server.url}${path}`)
      expect(reply.status, path).toBe(404)
      expect(await reply.text(), path).not.toContain('name,phone')
    }
  })

  it('keeps visitor mail in its outbox with links that open its own pages', async () => {
    const email = 'links@example.com'
    const signup = await request(server.url, '/api/newsletter', { body: { email, adult: true } })
    expect(signup.status).toBe(200)
    const mail = (await readOutbox(join(dataDir, 'visitor-outbox.jsonl'))).find(
      (kept) => kept.kind === 'newsletter-confirm' && kept.to === email,
    )
    expect(mail?.text).toContain(`${server.url}/newsletter/confirm?t=`)
    expect(mail?.choicesLink.startsWith(`${server.url}/privacy/choices?t=`)).toBe(true)
    // The link opens the page on the stand-in.
    const link = /\S*\/newsletter\/confirm\?t=\S+/.exec(mail?.text ?? '')?.[0] ?? ''
    const page = await fetch(link)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Confirm your subscription')
  })

  it('lets a request under way end before it stops the engines, so what it writes is kept', async () => {
    const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb')
    const { dynamo } = await import('../../functions/lib/clients')
    const { tableName } = await import('../../functions/lib/config')
    // Enough contacts that their export reads dynalite for a while (five Queries of 1,000), then writes its
    // audit entry.
    const contacts = Array.from({ length: 5000 }, (_, index) => {
      const createdAt = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString()
      return {
        pk: 'CONTACT',
        sk: `${createdAt}#drain${index}`,
        id: `drain${index}`,
        createdAt,
        name: 'Drain',
      }
    })
    for (let start = 0; start < contacts.length; start += 25) {
      const batch = contacts.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }))
      await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName('leads')]: batch } }))
    }
    const token = await signIn()
    const exporting = fetch(`${server.url}/api/admin/export/contacts`, {
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 150))
    await server.close()
    await exporting
    server = await startTestServer(dataDir)
    const activity = await request(server.url, '/api/admin/activity?limit=5', { token: await signIn() })
    expect(activity.body.items.map((entry: { action: string; target: string }) => entry.target)).toContain(
      'contacts.csv',
    )
  }, 60_000)

  it('answers DynamoDB calls from a thread of its own, while this one is blocked', () => {
    // spawnSync blocks this thread until the child exits: a dynalite on this thread could not answer the
    // child's ListTables, which would time out.
    const call = `fetch(${JSON.stringify(server.engines.dynamoEndpoint)}, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'DynamoDB_20120810.ListTables',
        'x-amz-date': '20260101T000000Z',
        authorization: 'AWS4-HMAC-SHA256 Credential=a/20260101/ap-south-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
      },
      body: '{}',
    }).then((reply) => reply.text()).then((text) => process.stdout.write(text))`
    const child = spawnSync(process.execPath, ['-e', call], { encoding: 'utf8', timeout: 10_000 })
    expect(child.status).toBe(0)
    expect(JSON.parse(child.stdout).TableNames).toEqual(
      expect.arrayContaining(Object.values(tables).map((table) => table.localName)),
    )
  })

  it('keeps leads and admins across a restart on the same data folder', async () => {
    await request(server.url, '/api/contacts', { body: { ...contact, name: 'Before Restart' } })
    await server.close()
    server = await startTestServer(dataDir)
    const token = await signIn()
    const list = await request(server.url, '/api/admin/contacts', { token })
    expect(list.body.items.map((item: { name: string }) => item.name)).toContain('Before Restart')
  })
})

describe("the stand-in's dynalite thread", () => {
  it('closes at once when its thread has already ended, as after its engine threw', async () => {
    const data = await temporaryDataDir()
    try {
      const dynamo = await startDynalite(join(data.dir, 'dynamodb'))
      await dynamo.thread.terminate()
      await expect(dynamo.close()).resolves.toBeUndefined()
    } finally {
      await data.remove()
    }
  }, 10_000)

  it("keeps an idle connection open past Node's 5 s (8 s idle), so a client's next request on it is answered", async () => {
    const data = await temporaryDataDir()
    const dynamo = await startDynalite(join(data.dir, 'dynamodb'))
    const socket = connect(dynamo.port, '127.0.0.1')
    try {
      let closed = false
      socket.on('end', () => (closed = true))
      socket.on('close', () => (closed = true))
      const listTables = [
        'POST / HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/x-amz-json-1.0',
        'X-Amz-Target: DynamoDB_20120810.ListTables',
        'Content-Length: 2',
        '',
        '{}',
      ].join('\r\n')
      const answer = () =>
        new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString())))
      socket.write(listTables)
      expect(await answer()).toMatch(/^HTTP\/1\.1 /)
      await new Promise((resolve) => setTimeout(resolve, 8_000))
      expect(closed).toBe(false)
      socket.write(listTables)
      expect(await answer()).toMatch(/^HTTP\/1\.1 /)
    } finally {
      socket.destroy()
      await dynamo.close()
      await data.remove()
    }
  }, 20_000)
})
