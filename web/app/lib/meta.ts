import type { MetaDescriptor } from 'react-router'
import { company } from '~/content/company'
import { siteUrl } from './site-url'

export interface PageMetaInput {
  /** The page's own title; the company name is appended. */
  readonly title: string
  readonly description: string
  /** The page's path, e.g. '/contact'; it makes the canonical URL. Leave it out for pages with no URL of their own. */
  readonly path?: string
  /** False for pages kept out of search engines (the site page table's flag): robots 'noindex, nofollow'. */
  readonly indexable?: boolean
  /** Overrides the robots value that `indexable` gives (the not-found page: 'noindex, follow'). */
  readonly robots?: string
  /** Only the home page sets keywords (spec). */
  readonly keywords?: readonly string[]
}

/** The full title of a page: '<title> | <company name>'. */
export function pageTitle(title: string): string {
  return `${title} | ${company.name}`
}

/** The absolute URL of a path on the public site, or undefined when the build has no site URL. */
export function canonicalUrl(path: string, origin: string | undefined = siteUrl): string | undefined {
  return origin === undefined ? undefined : new URL(path, `${origin}/`).href
}

/**
 * Every route's `meta` export: title, description, canonical URL, Open Graph and Twitter tags, robots and
 * theme colour. They are rendered into each prerendered HTML file, so crawlers and link previews see them.
 * The canonical link and og:url name the build's site URL (`origin`); without one they are left out.
 */
export function pageMeta(
  {
    title,
    description,
    path,
    indexable = true,
    robots = indexable ? 'index, follow' : 'noindex, nofollow',
    keywords,
  }: PageMetaInput,
  origin: string | undefined = siteUrl,
): MetaDescriptor[] {
  const fullTitle = pageTitle(title)
  const url = path === undefined ? undefined : canonicalUrl(path, origin)
  const descriptors: MetaDescriptor[] = [{ title: fullTitle }, { name: 'description', content: description }]
  if (keywords && keywords.length > 0) descriptors.push({ name: 'keywords', content: keywords.join(', ') })
  if (url) descriptors.push({ tagName: 'link', rel: 'canonical', href: url })
  descriptors.push(
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
  )
  if (url) descriptors.push({ property: 'og:url', content: url })
  descriptors.push(
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: company.name },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'robots', content: robots },
    { name: 'theme-color', content: company.themeColor },
  )
  return descriptors
}
