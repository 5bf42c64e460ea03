import { publicPages } from './public-pages'
import { pageOf, type SitePage } from './site-page'
import { staffPages } from './staff-pages'

export type { SitePage } from './site-page'

/**
 * The site's whole route table as data: every page's path, title and description, the public ones
 * (public-pages.ts) and the staff workspace's (staff-pages.ts). The sitemap and robots.txt are generated from
 * it. A page's route takes its meta from its own half, so neither half's code carries the other's entries.
 */
export const sitePages: readonly SitePage[] = [...publicPages, ...staffPages]

/** The entry of any path, public or staff; throws for a path that is not in the table. */
export function sitePage(path: string): SitePage {
  return pageOf(sitePages, path)
}
