/**
 * Facts about the built site that the CloudFront deployment (infra/constructs/site.ts) and the local stand-in
 * (infra/local/static-site.ts) both apply: the page list, the not-found page, the cache rules.
 */
import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { pageShells } from '../web/app/content/page-shells'

/** The not-found page's prerendered path (web/app/routes.ts prerenders '/404'). */
export const notFoundPagePath = '/404'

/** Cache rules of the site's files, on CloudFront and on the stand-in. */
export const cacheControl = {
  /** Files under /assets/ carry a content hash in their name. */
  hashedAsset: 'public, max-age=31536000, immutable',
  html: 'public, max-age=0, must-revalidate',
  other: 'public, max-age=3600',
} as const

/**
 * Every page path that has a prerendered index.html, e.g. '/', '/contact' (not the not-found page), sorted.
 * Synchronous because the CDK Site construct also calls it, to generate its CloudFront routing function.
 */
export function listPagePaths(siteDir: string): string[] {
  const pages: string[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'assets') walk(full)
      } else if (entry.name === 'index.html') {
        const rel = relative(siteDir, dir).split(sep).join('/')
        pages.push(rel === '' ? '/' : `/${rel}`)
      }
    }
  }
  walk(siteDir)
  return pages.filter((page) => page !== notFoundPagePath).sort()
}

/**
 * The page paths with an id, as the servers answer them (web/app/content/pages.ts pageShells): `prefix` plus
 * one segment matching `id` (a regular expression's source, anchored) serves the prerendered `shell` page.
 */
export interface ShellRule {
  readonly prefix: string
  readonly id: string
  readonly shell: string
}

export const shellRules: readonly ShellRule[] = pageShells.map(({ prefix, id, shell }) => ({
  prefix,
  id: id.source,
  shell,
}))

/**
 * The shell page that answers a decoded, slash-trimmed page path, or undefined. The same rule as the
 * CloudFront routing function's (infra/constructs/site-functions.ts); a test runs both on the same paths.
 */
export function shellPageOf(
  path: string,
  pages: ReadonlySet<string>,
  rules: readonly ShellRule[] = shellRules,
): string | undefined {
  for (const rule of rules) {
    if (!path.startsWith(rule.prefix) || !pages.has(rule.shell)) continue
    if (new RegExp(rule.id).test(path.slice(rule.prefix.length))) return rule.shell
  }
  return undefined
}
