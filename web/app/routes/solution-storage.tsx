import { FloatingWidgets } from '~/components/floating-widgets'
import { InfoPageView } from '~/components/solutions/info-sections'
import { sitePage } from '~/content/public-pages'
import { storagePage } from '~/content/solutions/storage'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/solution-storage'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(storagePage.path))

/** /solutions/storage. */
export default function StorageSolutionPage() {
  return (
    <>
      <InfoPageView page={storagePage} />
      <FloatingWidgets />
    </>
  )
}
