import {
  sourcePageMaxLength,
  sourcePagePattern,
  type UtmField,
  type UtmValues,
  utmMaxLength,
  utmParameters,
  utmPattern,
} from '@core/landing-utm'
import { landingQueryKey } from './landing-capture'

/**
 * Where a visit came from, for the leads it sends (functions/core/landing-utm.ts, lead-source.ts): the UTM
 * parameters of the URL the visitor first landed on in this tab's session (kept by landing-capture.ts, first
 * touch wins), and the page a form is sent from. Values are trimmed, cut to the API's length and sent only
 * when they pass the API's rule, so a link a visitor followed never gets their form refused.
 */

/** A UTM value as the API takes it, or undefined. */
function utmValue(value: string | null): string | undefined {
  const text = value?.trim().slice(0, utmMaxLength).trim()
  return text && utmPattern.regex.test(text) ? text : undefined
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

/** The session's landing UTM values (none when storage is refused). */
export function landingUtm(store?: Storage): UtmValues {
  try {
    return utmOfQuery((store ?? window.sessionStorage).getItem(landingQueryKey) ?? '')
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
  return { ...page, ...landingUtm(store) }
}
