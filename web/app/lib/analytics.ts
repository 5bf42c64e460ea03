import { analyticsSettings, siteConfigPath } from '@core/site-config'
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * Page views: one report per route change, posted to a Plausible-compatible events
 * API when the deployment configures one (`-c analyticsHost=… -c analyticsId=…`, delivered in
 * /site-config.json). No third-party script is loaded and no cookie is set; without settings nothing leaves
 * the site.
 */
export interface Analytics {
  pageView(path: string, title: string): void
}

type Settings = { host: string; id: string } | undefined

/** Reads /site-config.json; a missing or broken file means no analytics. */
export async function loadSettings(fetcher: typeof fetch = fetch): Promise<Settings> {
  try {
    const response = await fetcher(siteConfigPath, { credentials: 'omit' })
    return response.ok ? analyticsSettings(await response.json()) : undefined
  } catch {
    return undefined
  }
}

function send(url: string, body: string): void {
  const blob = new Blob([body], { type: 'text/plain' })
  // text/plain keeps it a simple request (no CORS preflight); sendBeacon survives the page being left.
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, blob)) return
  void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', mode: 'no-cors' }).catch(
    () => undefined,
  )
}

/** An analytics client that loads its settings on the first page view and then reports each one. */
export function createAnalytics(settings: () => Promise<Settings> = loadSettings): Analytics {
  let loaded: Promise<Settings> | undefined
  return {
    pageView(path) {
      loaded ??= settings()
      const url = `${window.location.origin}${path}`
      const referrer = document.referrer || null
      void loaded.then((found) => {
        if (!found) return
        send(`${found.host}/api/event`, JSON.stringify({ name: 'pageview', url, domain: found.id, referrer }))
      })
    },
  }
}

export const analytics = createAnalytics()

/** Reports a page view on the first render and on every change of path or query. */
export function usePageViews(client: Analytics = analytics): void {
  const { pathname, search } = useLocation()
  const last = useRef<string | null>(null)
  useEffect(() => {
    const path = `${pathname}${search}`
    if (last.current === path) return
    last.current = path
    client.pageView(path, document.title)
  }, [pathname, search, client])
}
