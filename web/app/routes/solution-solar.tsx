import { FloatingWidgets } from '~/components/floating-widgets'
import { InfoPageView } from '~/components/solutions/info-sections'
import { sitePage } from '~/content/public-pages'
import { solarPage } from '~/content/solutions/solar'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/solution-solar'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(solarPage.path))

/** /solutions/solar. */
export default function SolarSolutionPage() {
  return (
    <>
      <InfoPageView page={solarPage} />
      <FloatingWidgets />
    </>
  )
}
