/**
 * The site's run-time settings: a small JSON file next to the pages (`/site-config.json`). The build ships
 * an empty one (web/public), so the local stand-in and a stack without settings send nothing anywhere; the
 * CDK deployment replaces it with the stack's context (infra/stack.ts). The page reads it once, lazily.
 */
export const siteConfigPath = '/site-config.json'

export interface SiteConfig {
  /** Origin of a Plausible-compatible events API (`<host>/api/event`); the CSP's connect-src allows it. */
  readonly analyticsHost?: string
  /** The site's id at that service (Plausible's `domain`). */
  readonly analyticsId?: string
}

const httpsOrigin = /^https:\/\/[a-z0-9.-]+(:\d+)?$/i

/** Whether `text` is an https origin (no path, no credentials): what analyticsHost must be. */
export const isHttpsOrigin = (text: string): boolean => httpsOrigin.test(text)

/** The usable analytics settings of a parsed site-config.json, or undefined when incomplete or malformed. */
export function analyticsSettings(config: unknown): { host: string; id: string } | undefined {
  if (!config || typeof config !== 'object') return undefined
  const { analyticsHost, analyticsId } = config as Record<string, unknown>
  if (typeof analyticsHost !== 'string' || typeof analyticsId !== 'string') return undefined
  const id = analyticsId.trim()
  if (!isHttpsOrigin(analyticsHost) || id === '' || id.length > 253) return undefined
  return { host: analyticsHost, id }
}

/** The loopback hosts of the local stand-in: the only ones a site URL may name over plain http. */
const loopbackHosts = new Set(['127.0.0.1', 'localhost'])

/**
 * The site's public origin from a SITE_URL setting: an https origin (`https://www.example.in`), or
 * `http://127.0.0.1:PORT` / `http://localhost:PORT` for the local stand-in. One trailing slash is allowed;
 * a path, query, fragment or credentials are not. Empty or missing means "not known" (undefined). Throws
 * with the setting's name for anything else, so a typo stops the build instead of reaching every page.
 */
export function parseSiteUrl(text: string | undefined, name = 'SITE_URL'): string | undefined {
  const value = text?.trim() ?? ''
  if (value === '') return undefined
  const problem = `${name} must be the site's https origin such as https://www.example.in (or http://127.0.0.1:PORT for the local stand-in), not ${JSON.stringify(value)}`
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(problem)
  }
  const secure = url.protocol === 'https:' && /^[a-z0-9.-]+$/i.test(url.hostname)
  const local = url.protocol === 'http:' && loopbackHosts.has(url.hostname)
  const bare =
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    !/[?#]/.test(value) &&
    /^https?:\/\/[^/]+\/?$/i.test(value)
  if (!(secure || local) || !bare) throw new Error(problem)
  return url.origin
}
