import { sitemapXml } from '~/lib/site-files'

/** /sitemap.xml, prerendered to a file at build time from content/pages.ts. */
export function loader() {
  return new Response(sitemapXml(), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } })
}
