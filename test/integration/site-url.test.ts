/** The site built for its own address (SITE_URL), checked in the built files. */
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { listPagePaths } from '../../infra/local/static-site'
import { company } from '../../web/app/content/company'
import { sitePages } from '../../web/app/content/pages'

const run = promisify(execFile)
const root = join(import.meta.dirname, '..', '..')
/** Under the repository, so the build's server bundle resolves its packages; dist/ is not committed. */
const buildDir = join('dist', 'test-site-url')
const siteDir = join(root, buildDir, 'client')
const siteUrl = 'https://solar.example.in'

function textFiles(dir: string): string[] {
  const text = new Set(['.html', '.js', '.css', '.xml', '.txt', '.json', '.svg', '.webmanifest', '.data'])
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && text.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name))
}

beforeAll(async () => {
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
