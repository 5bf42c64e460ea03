import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPagePaths, resolveSitePath } from '../../../infra/local/static-site'
import { cacheControl } from '../../../infra/site-files'

let site: string
let pages: Set<string>

beforeAll(async () => {
  site = await mkdtemp(join(tmpdir(), 'site-'))
  for (const dir of ['', 'contact', 'solutions/solar', '404', 'assets'])
    await mkdir(join(site, dir), { recursive: true })
  for (const page of ['index.html', 'contact/index.html', 'solutions/solar/index.html', '404/index.html']) {
    await writeFile(join(site, page), `<title>${page}</title>`)
  }
  await writeFile(join(site, 'assets', 'app-abc123.js'), 'console.log(1)')
  await writeFile(join(site, 'robots.txt'), 'User-agent: *')
  pages = await findPagePaths(site)
})
afterAll(() => rm(site, { recursive: true, force: true }))

describe('static site rules', () => {
  it('lists every prerendered page except the not-found page', () => {
    expect([...pages].sort()).toEqual(['/', '/contact', '/solutions/solar'])
  })

  it('serves a clean URL, with or without a trailing slash, from its index.html', async () => {
    for (const path of ['/contact', '/contact/']) {
      expect(await resolveSitePath(site, pages, path)).toEqual({
        file: join(site, 'contact', 'index.html'),
        status: 200,
        cacheControl: cacheControl.html,
      })
    }
    expect((await resolveSitePath(site, pages, '/')).file).toBe(join(site, 'index.html'))
  })

  it('serves a page named by its own file, as an old link might', async () => {
    expect(await resolveSitePath(site, pages, '/contact/index.html')).toMatchObject({
      file: join(site, 'contact', 'index.html'),
      status: 200,
    })
    expect((await resolveSitePath(site, pages, '/index.html')).status).toBe(200)
  })

  it('serves the not-found page with 404 for unknown paths, traversal and the /404 path itself', async () => {
    for (const path of [
      '/services',
      '/contact/extra',
      '/404',
      '/%2e%2e/etc/passwd',
      '/../x.js',
      '/%E0%A4%A',
      '/contact.html',
      '/404/index.html',
    ]) {
      const resolution = await resolveSitePath(site, pages, path)
      expect(resolution.status, path).toBe(404)
      expect(resolution.file).toBe(join(site, '404', 'index.html'))
    }
  })

  it('caches hashed assets for a year and other files for an hour', async () => {
    expect(await resolveSitePath(site, pages, '/assets/app-abc123.js')).toMatchObject({
      status: 200,
      cacheControl: 'public, max-age=31536000, immutable',
    })
    expect(await resolveSitePath(site, pages, '/robots.txt')).toMatchObject({
      status: 200,
      cacheControl: cacheControl.other,
    })
    expect((await resolveSitePath(site, pages, '/assets/missing.js')).status).toBe(404)
  })
})
