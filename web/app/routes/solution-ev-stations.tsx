import { FloatingWidgets } from '~/components/floating-widgets'
import { InfoPageView } from '~/components/solutions/info-sections'
import { sitePage } from '~/content/public-pages'
import { evStationsPage } from '~/content/solutions/ev-stations'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/solution-ev-stations'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(evStationsPage.path))

/** /solutions/ev-stations. */
export default function EvStationsSolutionPage() {
  return (
    <>
      <InfoPageView page={evStationsPage} />
      <FloatingWidgets />
    </>
  )
}
