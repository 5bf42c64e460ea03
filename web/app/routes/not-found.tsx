import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import { buttonVariants } from '~/components/button'
import { notFoundPage } from '~/content/not-found'
import { pageMeta, pageTitle } from '~/lib/meta'
import type { Route } from './+types/not-found'

// One prerendered file (/404) answers every unknown path, so the meta cannot name the path: it is generic,
// and the effect below gives the tab a title built from the path once the page runs.
export const meta: Route.MetaFunction = () =>
  pageMeta({ title: notFoundPage.title, description: notFoundPage.description, robots: 'noindex, follow' })

/** The title of the not-found page for one path, e.g. 'Page not found: /foo | <company name>'. */
function notFoundTitle(path: string): string {
  return pageTitle(`${notFoundPage.title}: ${path}`)
}

export default function NotFoundPage() {
  const { pathname } = useLocation()

  useEffect(() => {
    console.warn(`404: no page at ${pathname}`)
    document.title = notFoundTitle(pathname)
  }, [pathname])

  // The rendered output must not depend on the URL: the same HTML is served for every unknown path.
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="text-7xl font-extrabold tracking-tight text-brand-700">{notFoundPage.code}</p>
      <h1 className="mt-4 text-2xl font-bold text-ink sm:text-3xl">{notFoundPage.heading}</h1>
      <p className="mt-3 text-muted">{notFoundPage.body}</p>
      <Link to="/" className={buttonVariants({ className: 'mt-8' })}>
        {notFoundPage.homeLink}
      </Link>
    </div>
  )
}
