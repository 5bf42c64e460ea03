/** One row of the site's route table (content/pages.ts): public-pages.ts and staff-pages.ts each hold half. */
export interface SitePage {
  readonly path: string
  readonly title: string
  readonly description: string
  /** Listed in the sitemap and open to search engines (admin and login are not). */
  readonly indexable: boolean
}

/** The entry of `path` in `pages`; throws naming the path when there is none. */
export function pageOf(pages: readonly SitePage[], path: string): SitePage {
  const page = pages.find((entry) => entry.path === path)
  if (!page) throw new Error(`No page ${path} in content/public-pages.ts or content/staff-pages.ts`)
  return page
}
