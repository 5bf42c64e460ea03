import fontLatinUrl from '@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?url'
import { type ReactNode, useEffect } from 'react'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router'
import type { Route } from './+types/root'
import './app.css'
import { RouteError } from './components/route-error'
import { SiteShell } from './components/site-shell'
import { Toaster } from './components/toaster'
import { company } from './content/company'
import { isStaffPath } from './content/staff-paths'
import { usePageViews } from './lib/analytics'
import { captureLandingQuery } from './lib/landing-capture'

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // The latin subset of the variable font (the same hashed file app.css names), fetched with the HTML.
  { rel: 'preload', href: fontLatinUrl, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
]

/** Used only where no page gives its own meta: the error screen and the SPA fallback. */
export const meta: Route.MetaFunction = () => [
  { title: company.name },
  { name: 'theme-color', content: company.themeColor },
]

export function Layout({ children }: { readonly children: ReactNode }) {
  // Pages paint before their JavaScript loads (infra/defer-hydration.ts); this marks when React has taken
  // over the prerendered document, for the end-to-end tests and anyone debugging a slow device.
  // The landing URL's UTM values are kept for the leads this visit sends (lib/landing-capture.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
    captureLandingQuery(window.location.search)
  }, [])
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  usePageViews()
  // The staff workspace's pages draw their own frame (features/admin/shell/staff-workspace.tsx).
  const staffPage = isStaffPath(useLocation().pathname)
  return (
    <>
      {staffPage ? (
        <Outlet />
      ) : (
        <SiteShell>
          <Outlet />
        </SiteShell>
      )}
      <Toaster />
    </>
  )
}

/** Shown only by the SPA fallback page; every known path is prerendered and hydrates without it. */
export function HydrateFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center" aria-busy="true">
      <p className="text-muted">Loading…</p>
    </div>
  )
}

/** A route that fails to render: the generic heading inside the site's header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />
}
