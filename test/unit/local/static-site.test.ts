import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compressedCopy, findPagePaths, resolveSitePath } from '../../../infra/local/static-site'
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

describe('compressed copies kept between stand-ins', () => {
  const data = Buffer.from('<p>Rooftop solar for every home.</p>'.repeat(200))

  it('compresses once, keeps the copy under its content hash and reads it the next time', async () => {
    const folder = join(site, 'copies')
    const first = await compressedCopy(data, 'br', folder)
    expect(brotliDecompressSync(first).equals(data)).toBe(true)
    const [kept, ...others] = await readdir(folder)
    expect(others).toEqual([])
    expect(kept).toMatch(/^[0-9a-f]{64}\.br$/)
    expect((await readFile(join(folder, kept!))).equals(first)).toBe(true)
    // A kept copy is what is served, without compressing again (marked to tell it from a fresh one).
    await writeFile(join(folder, kept!), 'kept copy')
    expect((await compressedCopy(data, 'br', folder)).toString()).toBe('kept copy')
    // Other content, or another encoding, is another copy.
    const zipped = await compressedCopy(data, 'gzip', folder)
    expect(gunzipSync(zipped).equals(data)).toBe(true)
    expect((await readdir(folder)).sort()).toEqual([kept, kept!.replace(/\.br$/, '.gzip')].sort())
  })

  it('still compresses when the folder cannot be written, and leaves nothing half written', async () => {
    const blocker = join(site, 'not-a-folder')
    await writeFile(blocker, 'a file where the folder would be')
    const bytes = await compressedCopy(data, 'gzip', join(blocker, 'copies'))
    expect(gunzipSync(bytes).equals(data)).toBe(true)
    expect((await readFile(blocker)).toString()).toBe('a file where the folder would be')
  })
})
