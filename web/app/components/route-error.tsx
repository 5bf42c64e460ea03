import { useEffect } from 'react'
import { buttonVariants } from './button'
import { SiteShell } from './site-shell'

/** A route that fails to render: the generic heading inside the site's header and footer. */
export function RouteError({ error }: { readonly error: unknown }) {
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined
  useEffect(() => {
    console.error('A route failed to render', error)
  }, [error])
  return (
    <SiteShell>
      <div className="flex items-center justify-center px-4 py-20">
        <div className="w-full max-w-lg rounded-card border border-slate-200 bg-white p-8 text-center shadow-card">
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
            <pre className="mt-6 overflow-x-auto rounded-lg bg-slate-100 p-4 text-left text-xs">
              {details}
            </pre>
          ) : null}
        </div>
      </div>
    </SiteShell>
  )
}
