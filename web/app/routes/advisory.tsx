import { InfoPageView } from '~/components/solutions/info-sections'
import { sitePage } from '~/content/public-pages'
import { advisoryPage } from '~/content/solutions/advisory'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/advisory'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/advisory'))

/** /advisory. */
export default function AdvisoryPage() {
  return <InfoPageView page={advisoryPage} />
}
