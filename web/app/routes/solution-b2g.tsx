import { FloatingWidgets } from '~/components/floating-widgets'
import { InfoPageView } from '~/components/solutions/info-sections'
import { sitePage } from '~/content/public-pages'
import { b2gPage } from '~/content/solutions/b2g'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/solution-b2g'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(b2gPage.path))

/** /solutions/b2g. */
export default function B2gSolutionPage() {
  return (
    <>
      <InfoPageView page={b2gPage} />
      <FloatingWidgets />
    </>
  )
}
