import { describe, expect, it } from 'vitest'
import { sitePage, sitePages } from '~/content/pages'
import { robotsTxt, sitemapXml } from '~/lib/site-files'

describe('sitemap and robots', () => {
  it('lists every indexable page of the route table by canonical URL, and not admin or login', () => {
    const xml = sitemapXml()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    expect(locs).toContain('https://www.suryodaya.example/')
    expect(locs).toContain('https://www.suryodaya.example/solutions/ev-stations')
    expect(locs).toContain('https://www.suryodaya.example/compliance')
    expect(locs).not.toContain('https://www.suryodaya.example/admin')
    expect(locs).not.toContain('https://www.suryodaya.example/login')
    expect(locs).toHaveLength(sitePages.filter((page) => page.indexable).length)
  })

  it('names the sitemap and keeps crawlers out of the non-indexable pages in robots.txt', () => {
    const robots = robotsTxt()
    expect(robots).toContain('User-agent: *')
    expect(robots).toContain('Disallow: /admin')
    expect(robots).toContain('Disallow: /login')
    expect(robots).toContain('Sitemap: https://www.suryodaya.example/sitemap.xml')
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
