import { InfoPageView } from '~/components/solutions/info-sections'
import { sitePage } from '~/content/public-pages'
import { procurementPage } from '~/content/solutions/procurement'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/procurement'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/procurement'))

/** /procurement. */
export default function ProcurementPage() {
  return <InfoPageView page={procurementPage} />
}
