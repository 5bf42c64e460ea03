import { FloatingWidgets } from '~/components/floating-widgets'
import { InfoPageView } from '~/components/solutions/info-sections'
import { sitePage } from '~/content/pages'
import { solutionPage } from '~/content/solutions'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/solutions.solar'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/solutions/solar'))

/** /solutions/solar: one of the seven solution pages (solar, wind, storage, EV stations, B2B, B2C, B2G). */
export default function SolutionPage() {
  return (
    <>
      <InfoPageView page={solutionPage('/solutions/solar')} />
      <FloatingWidgets />
    </>
  )
}
