import { InfoPageView } from '~/components/solutions/info-sections'
import { sitePage } from '~/content/public-pages'
import { servicesPage } from '~/content/solutions/services'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/services'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/services'))

/** /services. */
export default function ServicesPage() {
  return <InfoPageView page={servicesPage} />
}
