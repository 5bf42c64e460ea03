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
