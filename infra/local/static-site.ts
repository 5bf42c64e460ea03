/**
 * Serves the prerendered site the way CloudFront will: a clean URL serves that route's prerendered HTML,
 * an unknown path serves the not-found page with status 404, hashed assets are cached for a year.
 */
import { createReadStream, readdirSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, join, relative, sep } from 'node:path'
import { siteSecurityHeaders } from '../security-headers'

/** The not-found page's prerendered path (web/app/routes.ts prerenders '/404'). */
export const notFoundPagePath = '/404'

export const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
}

/** Cache rules, the same as the CloudFront deployment's. */
export const cacheControl = {
  /** Files under /assets/ carry a content hash in their name. */
  hashedAsset: 'public, max-age=31536000, immutable',
  html: 'public, max-age=0, must-revalidate',
  other: 'public, max-age=3600',
} as const

/** The headers CloudFront's response headers policy adds (the stand-in has no analytics host). */
const pageHeaders = siteSecurityHeaders()

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

/** listPagePaths as a set, for the local server's lookups. */
export async function findPagePaths(siteDir: string): Promise<Set<string>> {
  return new Set(listPagePaths(siteDir))
}

/** Where a request path leads: a file with its status, or nothing (the caller answers 404). */
export interface SiteResolution {
  readonly file: string
  readonly status: 200 | 404
  readonly cacheControl: string
}

/**
 * Resolves a URL path against the built site. Pure apart from one stat: the decision rules are the ones
 * the CloudFront viewer-request/viewer-response functions apply.
 */
export async function resolveSitePath(
  siteDir: string,
  pages: ReadonlySet<string>,
  rawPath: string,
): Promise<SiteResolution> {
  const notFound: SiteResolution = {
    file: join(siteDir, notFoundPagePath.slice(1), 'index.html'),
    status: 404,
    cacheControl: cacheControl.html,
  }
  let path: string
  try {
    path = decodeURIComponent(rawPath)
  } catch {
    return notFound
  }
  if (path.includes('\0') || path.split('/').includes('..')) return notFound
  const pagePath = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  if (pages.has(pagePath)) {
    const file = join(siteDir, pagePath === '/' ? '' : pagePath.slice(1), 'index.html')
    return { file, status: 200, cacheControl: cacheControl.html }
  }
  // The page's own file, as a link might name it: `/contact/index.html`, `/index.html`.
  if (path.endsWith('/index.html') && pages.has(path.slice(0, -'/index.html'.length) || '/')) {
    return { file: join(siteDir, path.slice(1)), status: 200, cacheControl: cacheControl.html }
  }
  const lastSegment = path.split('/').pop() ?? ''
  if (extname(lastSegment) !== '' && !path.endsWith('.html')) {
    const file = join(siteDir, path.slice(1))
    const info = await stat(file).catch(() => undefined)
    if (info?.isFile()) {
      return {
        file,
        status: 200,
        cacheControl: path.startsWith('/assets/') ? cacheControl.hashedAsset : cacheControl.other,
      }
    }
  }
  return notFound
}

/** Streams a resolved file with its content type and cache headers. */
export async function sendSiteFile(
  response: ServerResponse,
  resolution: SiteResolution,
  headOnly: boolean,
): Promise<void> {
  const info = await stat(resolution.file).catch(() => undefined)
  if (!info) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
    response.end('Not found. Run `npm run build` to build the site.')
    return
  }
  response.writeHead(resolution.status, {
    'content-type': contentTypes[extname(resolution.file)] ?? 'application/octet-stream',
    'content-length': String(info.size),
    'cache-control': resolution.cacheControl,
    ...pageHeaders,
  })
  if (headOnly) {
    response.end()
    return
  }
  createReadStream(resolution.file).pipe(response)
}
