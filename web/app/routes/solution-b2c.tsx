import { FloatingWidgets } from '~/components/floating-widgets'
import { InfoPageView } from '~/components/solutions/info-sections'
import { sitePage } from '~/content/public-pages'
import { b2cPage } from '~/content/solutions/b2c'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/solution-b2c'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(b2cPage.path))

/** /solutions/b2c. */
export default function B2cSolutionPage() {
  return (
    <>
      <InfoPageView page={b2cPage} />
      <FloatingWidgets />
    </>
  )
}
