import fontLatinUrl from '@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?url'
import type { ReactNode } from 'react'
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'
import type { Route } from './+types/root'
import './app.css'
import { buttonVariants } from './components/button'
import { SiteShell } from './components/site-shell'
import { Toaster } from './components/toaster'
import { company } from './content/company'

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
  return (
    <>
      <SiteShell>
        <Outlet />
      </SiteShell>
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-16">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-ink">Unexpected Application Error!</h1>
        <p className="mt-3 text-muted">
          Something went wrong on our side while showing this page. Please try again, or go back to the home
          page.
        </p>
        {/* A full page load, so the app starts afresh. */}
        <a href="/" className={buttonVariants({ className: 'mt-6' })}>
          Go to the home page
        </a>
        {details ? (
          <pre className="mt-6 overflow-x-auto rounded-lg bg-slate-100 p-4 text-left text-xs">{details}</pre>
        ) : null}
      </div>
    </main>
  )
}
