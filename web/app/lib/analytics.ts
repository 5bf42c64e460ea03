import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * Page views (spec §2 Page metadata): one report per route change, to Google Analytics 4 when a measurement
 * id is configured at build time (`VITE_GA_MEASUREMENT_ID=G-XXXXXXX`). With none configured, nothing is
 * loaded, no request leaves the site and no cookie is set.
 */
export interface Analytics {
  readonly enabled: boolean
  pageView(path: string, title: string): void
}

type Gtag = (...args: unknown[]) => void

declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: Gtag
  }
}

const measurementIdPattern = /^G-[A-Z0-9]{4,16}$/

/** An analytics client for one GA4 measurement id, or a silent one without (or with a malformed) id. */
export function createAnalytics(measurementId: string | undefined): Analytics {
  const id = measurementId?.trim()
  if (!id || !measurementIdPattern.test(id)) return { enabled: false, pageView: () => {} }
  let loaded = false
  const load = () => {
    if (loaded) return
    loaded = true
    window.dataLayer = window.dataLayer ?? []
    window.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js reads the arguments object itself
      window.dataLayer?.push(arguments)
    }
    window.gtag('js', new Date())
    // Page views are sent by pageView below, one per route change.
    window.gtag('config', id, { send_page_view: false })
    const script = document.createElement('script')
    script.async = true
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`
    document.head.appendChild(script)
  }
  return {
    enabled: true,
    pageView(path, title) {
      load()
      window.gtag?.('event', 'page_view', {
        page_path: path,
        page_title: title,
        page_location: window.location.href,
      })
    },
  }
}

export const analytics = createAnalytics(import.meta.env.VITE_GA_MEASUREMENT_ID as string | undefined)

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
