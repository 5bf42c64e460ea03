/**
 * The response headers of the site, defined once: CloudFront's response headers policy is built from them
 * (infra/constructs/site-headers.ts) and the local stand-in sends the same ones (infra/local/server.ts), so a page
 * that works locally under them works in the cloud.
 *
 * Scripts: the prerendered pages carry inline scripts (React Router's context, React's streaming helpers)
 * whose hashes differ per page, and CloudFront limits a CSP header to 1,783 characters. So the header allows
 * inline scripts only as a fallback, and every page restricts them further with its own
 * `<meta http-equiv="Content-Security-Policy">` listing the hashes of exactly its inline scripts (added by
 * infra/build-csp.ts after the build). A browser enforces both policies, so only those scripts run.
 */

import { company } from '../web/app/content/company'

/** Other hosts a page may use. Everything else is refused. */
export interface ContentSecurityHosts {
  /**
   * Origin of the analytics collection endpoint (page views are sent with fetch/sendBeacon, no third-party
   * script; see `siteConfig` in infra/config.ts).
   */
  readonly analytics?: readonly string[]
  /** Origins of videos played from another host (demo and story videos, `<video src>`), on demand. */
  readonly video?: readonly string[]
  /** Origins of the map embed on the contact page, loaded in an iframe on demand. */
  readonly map?: readonly string[]
  /**
   * Origins the admin page sends large uploads to with a presigned PUT: the uploads bucket's regional S3
   * endpoint in the cloud (a deploy-time value). None locally, where the stand-in forwards them on its origin.
   */
  readonly uploads?: readonly string[]
}

const list = (...sources: readonly (string | undefined)[]): string =>
  [...new Set(sources.filter((source): source is string => Boolean(source)))].join(' ')

function directives(entries: Record<string, string>): string {
  return Object.entries(entries)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ')
}

/** A CDK token standing for a host name known only at deploy time, such as a bucket's domain. */
const deployTimeHost = /^https:\/\/\$\{Token\[[A-Za-z0-9._-]+\]\}$/

/**
 * Only `https://host[:port]` origins (or `https://<deploy-time host>`): a path, wildcard scheme or quote
 * would widen or break the policy.
 */
function checkOrigins(hosts: readonly string[] | undefined, what: string): readonly string[] {
  for (const host of hosts ?? []) {
    if (!/^https:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host) && !deployTimeHost.test(host)) {
      throw new Error(
        `${what} host ${JSON.stringify(host)} must be an https origin such as https://example.com`,
      )
    }
  }
  return hosts ?? []
}

const httpsOriginOf = (url: string): string[] => (url.startsWith('https://') ? [new URL(url).origin] : [])

/**
 * The hosts the company's content needs (web/app/content/company.ts, the one place they are set): the map
 * embed's origin, and the origins of videos not shipped with the site. Changing the map URL there changes
 * the CSP of the stack and of the stand-in.
 */
export function companyContentHosts(): ContentSecurityHosts {
  return {
    map: httpsOriginOf(company.map.embedUrl),
    video: Object.values(company.videos).flatMap((video) => httpsOriginOf(video.src)),
  }
}

/** The site-wide Content-Security-Policy header (the per-page meta policies narrow `script-src`). */
export function contentSecurityPolicy(hosts: ContentSecurityHosts = {}): string {
  const analytics = checkOrigins(hosts.analytics, 'Analytics')
  const uploads = checkOrigins(hosts.uploads, 'Uploads')
  const media = checkOrigins(hosts.video, 'Video')
  const frames = checkOrigins(hosts.map, 'Map')
  return directives({
    'default-src': "'self'",
    'script-src': list("'self'", "'unsafe-inline'"),
    'style-src': list("'self'", "'unsafe-inline'"),
    'img-src': list("'self'", 'data:', 'blob:'),
    'font-src': "'self'",
    'connect-src': list("'self'", ...analytics, ...uploads),
    'frame-src': frames.length > 0 ? list(...frames) : "'none'",
    'media-src': list("'self'", ...media),
    'manifest-src': "'self'",
    'worker-src': "'self'",
    'form-action': "'self'",
    'object-src': "'none'",
    'base-uri': "'none'",
    'frame-ancestors': "'none'",
  })
}

/** The per-page policy: scripts from the site itself, and its inline scripts by hash only. */
export function pageScriptPolicy(inlineScriptHashes: readonly string[]): string {
  return directives({
    'script-src': list("'self'", ...inlineScriptHashes.map((hash) => `'sha256-${hash}'`)),
  })
}

export const hstsMaxAgeSeconds = 365 * 24 * 60 * 60

/** Headers of every page and static file. */
export function siteSecurityHeaders(
  hosts: ContentSecurityHosts = companyContentHosts(),
): Readonly<Record<string, string>> {
  return {
    'content-security-policy': contentSecurityPolicy(hosts),
    'strict-transport-security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  }
}

/** Headers of the admin uploads under /files/*: never rendered as a page of the site. */
export const filesSecurityHeaders: Readonly<Record<string, string>> = {
  'content-disposition': 'attachment',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'strict-transport-security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains`,
  'referrer-policy': 'strict-origin-when-cross-origin',
}
