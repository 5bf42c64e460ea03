import { describe, expect, it, vi } from 'vitest'
import { sitePage, sitePages } from '~/content/pages'
import { robotsTxt, sitemapXml } from '~/lib/site-files'

describe('sitemap and robots', () => {
  it('lists every indexable page of the route table by canonical URL, and not admin or login', () => {
    const xml = sitemapXml()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    expect(locs).toContain('https://solar.example.in/')
    expect(locs).toContain('https://solar.example.in/solutions/ev-stations')
    expect(locs).toContain('https://solar.example.in/compliance')
    expect(locs).not.toContain('https://solar.example.in/admin')
    expect(locs).not.toContain('https://solar.example.in/login')
    expect(locs).toHaveLength(sitePages.filter((page) => page.indexable).length)
  })

  it('names the sitemap and keeps crawlers out of the non-indexable pages in robots.txt', () => {
    const robots = robotsTxt()
    expect(robots).toContain('User-agent: *')
    expect(robots).toContain('Disallow: /admin')
    expect(robots).toContain('Disallow: /login')
    expect(robots).toContain('Sitemap: https://solar.example.in/sitemap.xml')
  })

  it('uses the origin it is given', () => {
    expect(sitemapXml(sitePages, 'http://localhost:3000')).toContain('<loc>http://localhost:3000/about</loc>')
    expect(robotsTxt(sitePages, 'http://localhost:3000')).toContain(
      'Sitemap: http://localhost:3000/sitemap.xml',
    )
  })

  it('names no sitemap in robots.txt, and writes none, when the build has no site URL', async () => {
    vi.stubEnv('SITE_URL', '')
    vi.resetModules()
    const unset = await import('~/lib/site-files')
    vi.unstubAllEnvs()
    const robots = unset.robotsTxt()
    expect(robots).not.toMatch(/sitemap/i)
    expect(robots).toContain('Disallow: /admin')
    expect(() => unset.sitemapXml()).toThrow(/SITE_URL/)
  })

  it('covers the whole route table of the spec', () => {
    const paths = sitePages.map((page) => page.path)
    for (const path of [
      '/',
      '/solutions/b2g',
      '/advisory',
      '/sectors',
      '/get-quote',
      '/privacy',
      '/cookies',
    ]) {
      expect(paths).toContain(path)
    }
    expect(() => sitePage('/no-such-page')).toThrow(/No page/)
  })
})
