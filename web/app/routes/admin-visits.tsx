import { useLoaderData } from 'react-router'
import { sitePage } from '~/content/staff-pages'
import { visitCopy } from '~/features/admin/leads/visits-content'
import { loadVisits } from '~/features/admin/leads/visits-load'
import { VisitsPage } from '~/features/admin/leads/visits-page'
import { loadWorkspace } from '~/features/admin/session/workspace-load'
import { visitsPath } from '~/features/admin/shared/workspace-content'
import { StaffWorkspace } from '~/features/admin/shell/staff-workspace'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin-visits'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(visitsPath))

/** The page's frame, the same for the prerendered fallback, the loader and the page. */
const frame = {
  title: sitePage(visitsPath).title,
  needs: 'admin-list-visits',
  refusal: visitCopy.view.refusal,
} as const

/** The visits of the URL's days, for a role that works leads. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadWorkspace(frame.needs, () => loadVisits(request))

export function HydrateFallback() {
  return <StaffWorkspace {...frame} />
}

/** The booked site visits by day. */
export default function AdminVisitsPage() {
  const loaded = useLoaderData<typeof clientLoader>()
  return (
    <StaffWorkspace {...frame} loaded={loaded}>
      {() => (loaded.data ? <VisitsPage load={loaded.data} /> : null)}
    </StaffWorkspace>
  )
}
