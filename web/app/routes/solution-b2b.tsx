import { FloatingWidgets } from '~/components/floating-widgets'
import { InfoPageView } from '~/components/solutions/info-sections'
import { sitePage } from '~/content/public-pages'
import { b2bPage } from '~/content/solutions/b2b'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/solution-b2b'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(b2bPage.path))

/** /solutions/b2b. */
export default function B2bSolutionPage() {
  return (
    <>
      <InfoPageView page={b2bPage} />
      <FloatingWidgets />
    </>
  )
}
