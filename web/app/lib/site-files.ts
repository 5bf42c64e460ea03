import { company } from '~/content/company'
import { sitePages } from '~/content/pages'
import { canonicalUrl } from './meta'

/** sitemap.xml: every indexable page of the route table, by its canonical URL. */
export function sitemapXml(pages = sitePages): string {
  const urls = pages
    .filter((page) => page.indexable)
    .map((page) => `  <url><loc>${canonicalUrl(page.path)}</loc></url>`)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** robots.txt: everything open but the pages the table marks as not indexable, and the sitemap's address. */
export function robotsTxt(pages = sitePages): string {
  const disallowed = pages.filter((page) => !page.indexable).map((page) => `Disallow: ${page.path}`)
  return ['User-agent: *', 'Allow: /', ...disallowed, '', `Sitemap: ${company.siteUrl}/sitemap.xml`, ''].join(
    '\n',
  )
}
