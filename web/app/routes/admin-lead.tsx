import { useLoaderData, useParams } from 'react-router'
import { leadPageShell } from '~/content/page-shells'
import { sitePage } from '~/content/staff-pages'
import { loadLead } from '~/features/admin/leads/lead-load'
import { LeadPage, loadLeadVisits } from '~/features/admin/leads/lead-page'
import { loadWorkspace } from '~/features/admin/session/workspace-load'
import { StaffWorkspace } from '~/features/admin/shell/staff-workspace'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin-lead'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(leadPageShell.shell))

/** The page's frame, the same for the prerendered fallback, the loader and the page. */
const frame = { title: sitePage(leadPageShell.shell).title, needs: 'admin-get-lead' } as const

/** The lead with its timeline, read for the signed-in staff member (and again after each change). */
export const clientLoader = ({ params, request }: Route.ClientLoaderArgs) => {
  void loadLeadVisits()
  return loadWorkspace(frame.needs, () => loadLead(params.id, request.signal))
}

export function HydrateFallback() {
  return <StaffWorkspace {...frame} />
}

/**
 * One lead's page. Prerendered once, at its shell path; CloudFront and the stand-in answer every
 * /admin/leads/<id> with that HTML, and the id is read from the URL in the browser (the content waits for
 * the session, which only the browser knows, so the shell's HTML is the same for every id).
 */
export default function AdminLeadPage() {
  const id = useParams().id ?? ''
  const loaded = useLoaderData<typeof clientLoader>()
  return (
    <StaffWorkspace {...frame} loaded={loaded}>
      {({ role }) => (loaded.data ? <LeadPage key={id} id={id} role={role} load={loaded.data} /> : null)}
    </StaffWorkspace>
  )
}
