import { useLocation } from 'react-router'
import { FloatingWidgets } from '~/components/floating-widgets'
import { InfoPageView } from '~/components/solutions/info-sections'
import { sitePage } from '~/content/pages'
import { solutionPage } from '~/content/solutions'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/solution'

/** The path of a solution page without a trailing slash (the prerendered files answer both). */
function solutionPath(pathname: string): string {
  return pathname.replace(/\/$/, '')
}

export const meta: Route.MetaFunction = ({ location }) => pageMeta(sitePage(solutionPath(location.pathname)))

/**
 * /solutions/solar, /wind, /storage, /ev-stations, /b2b, /b2c and /b2g: one module for the seven pages
 * (web/app/routes.ts gives each its own route id); the content is picked by path from content/solutions.ts.
 */
export default function SolutionPage() {
  return (
    <>
      <InfoPageView page={solutionPage(solutionPath(useLocation().pathname))} />
      <FloatingWidgets />
    </>
  )
}
