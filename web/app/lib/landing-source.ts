import {
  sourcePageMaxLength,
  sourcePagePattern,
  type UtmField,
  type UtmValues,
  utmMaxLength,
  utmParameters,
  utmPattern,
} from '@core/lead-source'

/**
 * Where a visit came from, for the leads it sends (functions/core/lead-source.ts): the UTM parameters of the
 * URL the visitor first landed on in this tab's session (first touch wins), kept in sessionStorage, and the
 * page a form is sent from. The URL is left as it is. Every page loads this module, so it stays small: values
 * are trimmed, cut to the API's length and kept only when they pass the API's rule, so a link a visitor
 * followed never gets their form refused.
 */

const storageKey = 'landing-utm'

/** A UTM value as the API takes it, or undefined. */
function utmValue(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const text = value.trim().slice(0, utmMaxLength).trim()
  return text !== '' && utmPattern.regex.test(text) ? text : undefined
}

/** The UTM values of a URL's query (`?utm_source=google&…`), the ones the API takes. */
export function utmOfQuery(search: string): UtmValues {
  const query = new URLSearchParams(search)
  const values: Partial<Record<UtmField, string>> = {}
  for (const [name, field] of Object.entries(utmParameters)) {
    const value = utmValue(query.get(name))
    if (value) values[field] = value
  }
  return values
}

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    // Storage refused (a privacy setting): the visit's source is simply not kept.
    return undefined
  }
}

/**
 * Keeps the UTM values of the landing URL for the session, unless a page of the session kept some already
 * (first touch wins). Called once, when the site's first page loads.
 */
export function captureLandingUtm(search: string, store: Storage | undefined = sessionStore()): void {
  try {
    if (!store || store.getItem(storageKey) !== null) return
    const values = utmOfQuery(search)
    if (Object.keys(values).length > 0) store.setItem(storageKey, JSON.stringify(values))
  } catch {
    // A full or refused store: nothing kept.
  }
}

/** The session's landing UTM values, checked again (the store is the visitor's to change). */
export function landingUtm(store: Storage | undefined = sessionStore()): UtmValues {
  try {
    const kept = JSON.parse(store?.getItem(storageKey) ?? '{}') as Record<string, unknown>
    const values: Partial<Record<UtmField, string>> = {}
    for (const field of Object.values(utmParameters)) {
      const value = utmValue(kept?.[field])
      if (value) values[field] = value
    }
    return values
  } catch {
    return {}
  }
}

/** What a lead form sends about the visit: the page it is on (a plain site path) and the landing UTM values. */
export function leadOrigin(
  path: string = window.location.pathname,
  store?: Storage,
): UtmValues & { readonly page?: string } {
  const page = path.length <= sourcePageMaxLength && sourcePagePattern.regex.test(path) ? { page: path } : {}
  return { ...page, ...landingUtm(store ?? sessionStore()) }
}
