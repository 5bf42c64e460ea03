import { useParams } from 'react-router'
import { leadPageShell } from '~/content/page-shells'
import { sitePage } from '~/content/pages'
import { LeadPage } from '~/features/admin/leads/lead-page'
import { StaffWorkspace } from '~/features/admin/shell/staff-workspace'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin-lead'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(leadPageShell.shell))

/**
 * One lead's page. Prerendered once, at its shell path; CloudFront and the stand-in answer every
 * /admin/leads/<id> with that HTML, and the id is read from the URL in the browser (the content waits for
 * the session, which only the browser knows, so the shell's HTML is the same for every id).
 */
export default function AdminLeadPage() {
  const id = useParams().id ?? ''
  return (
    <StaffWorkspace title={sitePage(leadPageShell.shell).title} needs="admin-get-lead">
      {({ role }) => <LeadPage key={id} id={id} role={role} />}
    </StaffWorkspace>
  )
}
