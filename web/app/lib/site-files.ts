import { sitePages } from '~/content/pages'
import { canonicalUrl } from './meta'
import { siteUrl } from './site-url'

/**
 * sitemap.xml: every indexable page of the route table, by its canonical URL. A sitemap needs absolute
 * URLs, so a build without a site URL writes none (react-router.config.ts leaves the file out).
 */
export function sitemapXml(pages = sitePages, origin: string | undefined = siteUrl): string {
  if (origin === undefined) throw new Error('sitemap.xml needs the site URL: build with SITE_URL set')
  const urls = pages
    .filter((page) => page.indexable)
    .map((page) => `  <url><loc>${canonicalUrl(page.path, origin)}</loc></url>`)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/**
 * robots.txt: everything open but the pages the table marks as not indexable, and the sitemap's address
 * (only when the build has a site URL: without one there is no sitemap).
 */
export function robotsTxt(pages = sitePages, origin: string | undefined = siteUrl): string {
  const disallowed = pages.filter((page) => !page.indexable).map((page) => `Disallow: ${page.path}`)
  const sitemap = origin === undefined ? [] : ['', `Sitemap: ${canonicalUrl('/sitemap.xml', origin)}`]
  return ['User-agent: *', 'Allow: /', ...disallowed, ...sitemap, ''].join('\n')
}
