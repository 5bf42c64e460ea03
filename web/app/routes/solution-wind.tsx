import { FloatingWidgets } from '~/components/floating-widgets'
import { InfoPageView } from '~/components/solutions/info-sections'
import { sitePage } from '~/content/public-pages'
import { windPage } from '~/content/solutions/wind'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/solution-wind'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(windPage.path))

/** /solutions/wind. */
export default function WindSolutionPage() {
  return (
    <>
      <InfoPageView page={windPage} />
      <FloatingWidgets />
    </>
  )
}
