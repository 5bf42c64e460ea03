import { parseSiteUrl } from '@core/site-config'

/**
 * The site's public origin, e.g. 'https://www.example.in': set once per build by SITE_URL (checked when
 * the build starts, react-router.config.ts; `npm run deploy` passes the stack's domainName). Canonical
 * links, og:url, sitemap.xml and robots.txt's Sitemap line are made from it. Undefined when the build was
 * not told: the pages then name no address at all rather than one they may not be served from.
 */
export const siteUrl: string | undefined = parseSiteUrl(import.meta.env.SITE_URL)
