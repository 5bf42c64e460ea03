import { ForbiddenError } from '../errors'
import type { HttpEvent } from '../http'

/**
 * The workspace's session cookie: the same signed token as the Bearer header, in a cookie scripts cannot
 * read (HttpOnly), sent over HTTPS only (Secure; Chromium also accepts it on http://localhost and
 * 127.0.0.1, the stand-in), to the API alone (Path=/api) and never on a request another site starts
 * (SameSite=Strict). Every tab of the browser shares it, so a lead link opened in a new tab needs no
 * sign-in; revocation is unchanged, since the token inside is checked like any other (./sessions.ts).
 * The `__Secure-` prefix makes the browser refuse the name from a page served over plain HTTP.
 */
export const sessionCookieName = '__Secure-admin-session'

/**
 * The header every state-changing call authenticated by the cookie must carry (any non-empty value; the
 * workspace sends `fetch`). A page of another site cannot add it without a CORS preflight, which the API
 * never grants (it sends no Access-Control-Allow-* headers), so a forged form or cross-site fetch is
 * refused even by a browser that ignored SameSite.
 */
export const csrfHeader = 'x-requested-with'

export const csrfRefusal = 'This change must come from the workspace itself (a required header is missing).'
export const foreignOriginRefusal = 'The workspace session only works from the site itself.'

const cookieAttributes = 'Path=/api; HttpOnly; Secure; SameSite=Strict'

/** The Set-Cookie value that holds `token` until `expiresAt`. */
export function sessionCookie(token: string, expiresAt: Date, now = new Date()): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000))
  return `${sessionCookieName}=${token}; ${cookieAttributes}; Max-Age=${maxAge}`
}

/** The Set-Cookie value that removes the session cookie (sign-out). */
export const clearedSessionCookie = `${sessionCookieName}=; ${cookieAttributes}; Max-Age=0`

/**
 * The session token the request's cookies carry, if any: API Gateway (payload v2) passes cookies in
 * `event.cookies`; an event built by hand may still have a Cookie header.
 */
export function sessionCookieToken(event: HttpEvent): string | undefined {
  const pairs = event.cookies ?? cookieHeader(event)?.split(/;\s*/) ?? []
  for (const pair of pairs) {
    const split = pair.indexOf('=')
    if (split > 0 && pair.slice(0, split).trim() === sessionCookieName) {
      const value = pair.slice(split + 1).trim()
      return value === '' ? undefined : value
    }
  }
  return undefined
}

function cookieHeader(event: HttpEvent): string | undefined {
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === 'cookie') return value
  }
  return undefined
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses (403) a request authenticated by the cookie that a page of another origin started, and a
 * state-changing one without the CSRF header. The browser says where a request comes from in
 * `Sec-Fetch-Site` (every current browser); an older one sends `Origin` on a cross-origin change, which
 * must then be the site's own (its Host, or SITE_URL behind CloudFront, which does not pass the Host on).
 * A request with a Bearer header is not checked: a browser never adds that header on its own.
 */
export function checkCookieRequest(event: HttpEvent, site: string | undefined): void {
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([key, value]) => [key.toLowerCase(), value]),
  )
  const method = (event.requestContext?.http?.method ?? 'GET').toUpperCase()
  const fetchSite = headers['sec-fetch-site']
  if (fetchSite !== undefined) {
    // `none`: the person opened the address themselves (a bookmark, the address bar): a read, never a change.
    const allowed = fetchSite === 'same-origin' || (fetchSite === 'none' && readMethods.has(method))
    if (!allowed) throw new ForbiddenError(foreignOriginRefusal)
  } else if (headers.origin !== undefined && !ownOrigin(headers.origin, headers.host, site)) {
    throw new ForbiddenError(foreignOriginRefusal)
  }
  if (!readMethods.has(method) && !headers[csrfHeader]?.trim()) throw new ForbiddenError(csrfRefusal)
}

function ownOrigin(origin: string, host: string | undefined, site: string | undefined): boolean {
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  return (
    (host !== undefined && parsed.host === host) ||
    (site !== undefined && parsed.origin === new URL(site).origin)
  )
}
