/**
 * Keeps the landing URL's query for the session when it has UTM parameters, unless a page of the session
 * kept one already (first touch wins); the URL is left as it is. The root layout calls it once, so every
 * page loads it: it only stores the text, and the lead forms read the values out of it with the API's rules
 * (landing-source.ts).
 */

/** The sessionStorage key of the landing query. */
export const landingQueryKey = 'landing-query'

export function captureLandingQuery(search: string, store?: Storage): void {
  try {
    const session = store ?? window.sessionStorage
    if (search.includes('utm_') && session.getItem(landingQueryKey) === null) {
      session.setItem(landingQueryKey, search.slice(0, 2000))
    }
  } catch {
    // Storage refused (a privacy setting) or full: the visit's source is simply not kept.
  }
}
