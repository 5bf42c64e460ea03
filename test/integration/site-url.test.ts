/**
 * The site built for its own address (SITE_URL), checked in the built files and through the smoke test
 * (`npm run smoke`, infra/smoke.ts) run as a command against the local stand-in serving that build.
 */
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buckets } from '../../functions/lib/store-definitions'
import type { LocalServer } from '../../infra/local/server'
import { listPagePaths } from '../../infra/site-files'
import { exportProbePath, smokeContact } from '../../infra/smoke'
import { company } from '../../web/app/content/company'
import { sitePages } from '../../web/app/content/pages'
import { runScript } from '../support/admin-cli'
import { request, temporaryDataDir } from '../support/local-server'

const run = promisify(execFile)
const root = join(import.meta.dirname, '..', '..')
/** Under the repository, so the build's server bundle resolves its packages; dist/ is not committed. */
const buildDir = join('dist', 'test-site-url')
const siteDir = join(root, buildDir, 'client')
const siteUrl = 'https://solar.example.in'

/** Runs `npm run smoke -- ...args` (its bundle, or with `{ script: true }` the tsx script itself). */
const smoke = (args: string[], options: { script?: boolean } = {}) => runScript('smoke', args, options)

/** The result lines of a smoke run, by check name. */
function checks(stdout: string): Map<string, 'PASS' | 'FAIL'> {
  const lines = stdout.split('\n').map((line) => line.match(/^(PASS|FAIL) {2}([^:]+):/))
  return new Map(
    lines.flatMap((match) => (match ? [[match[2] ?? '', match[1] as 'PASS' | 'FAIL'] as const] : [])),
  )
}

function textFiles(dir: string): string[] {
  const text = new Set(['.html', '.js', '.css', '.xml', '.txt', '.json', '.svg', '.webmanifest', '.data'])
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && text.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name))
}

beforeAll(async () => {
  await rm(join(root, buildDir), { recursive: true, force: true })
  await run('npm', ['run', 'build:web'], {
    cwd: root,
    env: { ...process.env, SITE_URL: siteUrl, WEB_BUILD_DIR: buildDir },
  })
}, 300_000)

describe('a build with SITE_URL', () => {
  it('writes the site URL into the canonical link and og:url of every page', () => {
    const paths = listPagePaths(siteDir)
    expect(paths).toEqual(expect.arrayContaining(sitePages.map((page) => page.path)))
    for (const path of paths) {
      const html = readFileSync(join(siteDir, path, 'index.html'), 'utf8')
      const url = new URL(path, `${siteUrl}/`).href
      expect(html, path).toContain(`<link rel="canonical" href="${url}"/>`)
      expect(html, path).toContain(`<meta property="og:url" content="${url}"/>`)
    }
  })

  it('lists the pages at the site URL in sitemap.xml and names it in robots.txt', () => {
    const sitemap = readFileSync(join(siteDir, 'sitemap.xml'), 'utf8')
    expect(sitemap).toContain(`<loc>${siteUrl}/about</loc>`)
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '')
    expect(locs.length).toBe(sitePages.filter((page) => page.indexable).length)
    for (const loc of locs) expect(loc.startsWith(`${siteUrl}/`), loc).toBe(true)
    expect(readFileSync(join(siteDir, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${siteUrl}/sitemap.xml`)
  })

  it('names no other domain as its own in any built file', () => {
    // The home page's path '/' is every origin's too (links to other sites' home pages); its canonical link
    // is checked above, and the old domain anywhere by name.
    const ownPaths = new Set([
      ...sitePages.map((page) => page.path).filter((path) => path !== '/'),
      '/sitemap.xml',
      '/robots.txt',
    ])
    // The company's mailbox may sit at another domain; it is not an address of the site.
    const mailbox = `@${company.email.split('@')[1]}`
    const files = textFiles(siteDir)
    expect(files.length).toBeGreaterThan(sitePages.length)
    const foreign: string[] = []
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      if (text.replaceAll(mailbox, '').includes('suryodaya.example'))
        foreign.push(`${file}: suryodaya.example`)
      for (const match of text.matchAll(/\bhttps?:\/\/([a-z0-9.-]+(?::\d+)?)(\/[^\s"'<>`?#)]*)/gi)) {
        const [url, host, path = ''] = match
        if (ownPaths.has(path.replace(/(.)\/$/, '$1')) && host !== new URL(siteUrl).host)
          foreign.push(`${file}: ${url}`)
      }
    }
    expect(foreign).toEqual([])
  })
})

describe('npm run smoke', () => {
  let server: LocalServer
  let removeData: () => Promise<void>
  let password: string

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    const { startLocalServer } = await import('../../infra/local/server')
    server = await startLocalServer({ dataDir: data.dir, port: 0, siteDir })
    const { bootstrapAdmin } = await import('../../infra/local/admin-users')
    password = (await bootstrapAdmin({}))?.generatedPassword ?? ''
  })
  afterAll(async () => {
    await server?.close()
    await removeData?.()
  })

  const storedContacts = async () => {
    const login = await request(server.url, '/api/admin/login', { body: { username: 'admin', password } })
    expect(login.status).toBe(200)
    const list = await request(server.url, '/api/admin/contacts', { token: login.body.token })
    expect(list.status).toBe(200)
    return list.body.items as { id: string; name: string; message: string }[]
  }

  it('passes every check against the stand-in, one line per check, and writes nothing', async () => {
    // The script itself, as npm run smoke runs it.
    const result = await smoke([server.url, '--canonical-origin', siteUrl], { script: true })
    expect(result.stdout).not.toContain('FAIL')
    const results = checks(result.stdout)
    for (const page of sitePages) expect(results.get(`page ${page.path}`), page.path).toBe('PASS')
    for (const name of [
      'an unknown path answers 404',
      'security headers on the pages',
      'content security policy on the pages',
      'GET /api/jobs answers a JSON array',
      'GET /api/resources answers a JSON array',
      'GET /api/admin/contacts without a token answers 401',
      'an export under /files/exports/ is refused',
    ]) {
      expect(results.get(name), name).toBe('PASS')
    }
    expect(result.stdout).toContain(`${results.size} passed, 0 failed`)
    expect(result.code).toBe(0)
    expect(await storedContacts()).toEqual([])
  })

  it('fails every page whose canonical link names another origin than the one checked', async () => {
    const result = await smoke([server.url])
    expect(result.code).toBe(1)
    const results = checks(result.stdout)
    for (const page of sitePages) expect(results.get(`page ${page.path}`), page.path).toBe('FAIL')
    expect(result.stdout).toContain(`expected ${server.url}/about`)
    expect(result.stdout).toContain(`${results.size - sitePages.length} passed, ${sitePages.length} failed`)
  })

  it('sends one contact marked as a test with --write and reports its id', async () => {
    const result = await smoke([server.url, '--canonical-origin', siteUrl, '--write'])
    expect(result.code).toBe(0)
    const id = result.stdout.match(/PASS {2}POST \/api\/contacts [^\n]*contact id (\S+)/)?.[1]
    expect(id).toBeTruthy()
    const stored = await storedContacts()
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ id, name: smokeContact.name })
    expect(stored[0]?.message).toMatch(/not a real enquiry/)
  })

  // A real file at the probe's key in the uploads bucket: the stand-in refuses everything outside
  // /files/resources/ as CloudFront does, so the probe still passes.
  it('refuses an export file that exists', async () => {
    const s3 = new S3Client({
      endpoint: server.engines.s3Endpoint,
      region: server.engines.region,
      credentials: server.engines.credentials,
      forcePathStyle: true,
    })
    await s3.send(
      new PutObjectCommand({
        Bucket: buckets.uploads.localName,
        Key: exportProbePath.slice('/files/'.length),
        Body: 'leads',
      }),
    )
    s3.destroy()
    const result = await smoke([server.url, '--canonical-origin', siteUrl])
    expect(checks(result.stdout).get('an export under /files/exports/ is refused')).toBe('PASS')
  })

  describe('against a server that answers 200 with the same page everywhere', () => {
    let broken: Server
    let brokenUrl: string
    beforeAll(async () => {
      broken = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' })
        response.end('<!doctype html><title>Anything</title><p>Hello')
      })
      await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve))
      brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`
    })
    afterAll(() => new Promise<void>((resolve) => broken?.close(() => resolve())))

    it('fails every check, says why, and exits non-zero', async () => {
      const result = await smoke([brokenUrl])
      expect(result.code).toBe(1)
      const results = checks(result.stdout)
      expect([...results.values()].every((status) => status === 'FAIL')).toBe(true)
      expect(results.size).toBe(sitePages.length + 7)
      expect(result.stdout).toMatch(
        /FAIL {2}page \/about: title "Anything", expected "About Us \| Suryodaya Energy"; canonical missing/,
      )
      expect(result.stdout).toMatch(
        /FAIL {2}an unknown path answers 404: \/smoke-test-no-such-page-\w+ answered 200/,
      )
      expect(result.stdout).toMatch(
        /FAIL {2}content security policy on the pages: content-security-policy header missing/,
      )
      expect(result.stdout).toMatch(/FAIL {2}GET \/api\/jobs answers a JSON array: content-type text\/html/)
      expect(result.stdout).toMatch(
        /FAIL {2}GET \/api\/admin\/contacts without a token answers 401: status 200/,
      )
      expect(result.stdout).toMatch(/FAIL {2}an export under \/files\/exports\/ is refused: .* answered 200/)
      expect(result.stdout).toContain(`0 passed, ${sitePages.length + 7} failed`)
    })

    it('fails the write check when the contact is not stored', async () => {
      const result = await smoke([brokenUrl, '--write'])
      expect(result.code).toBe(1)
      expect(checks(result.stdout).get('POST /api/contacts stores a contact marked as a smoke test')).toBe(
        'FAIL',
      )
    })
  })

  it('reports an unreachable site as failed checks, not a crash', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const result = await smoke([`http://127.0.0.1:${port}`])
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/FAIL {2}page \/: fetch failed \(ECONNREFUSED\)/)
    expect(result.stdout).toMatch(/0 passed, \d+ failed/)
  })

  it.each([
    [[], /site URL is missing/],
    [['not a url'], /The site URL must be/],
    [['http://example.com'], /The site URL must be/],
    [['https://example.com/path'], /The site URL must be/],
    [['https://example.com', 'https://other.example.com'], /Unexpected argument/],
    [['https://example.com', '--canonical-origin'], /argument missing|--canonical-origin/],
    [['https://example.com', '--canonical-origin', 'ftp://x'], /--canonical-origin must be/],
    [['https://example.com', '--delete-everything'], /Unknown option/],
  ])('refuses %j with the usage and exit code 2, sending nothing', async (args, message) => {
    const result = await smoke(args as string[])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
    expect(result.stderr).toContain('Usage: npm run smoke -- <site URL>')
    expect(result.stdout).toBe('')
  })
})
