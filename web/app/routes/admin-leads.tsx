import { sitePage } from '~/content/staff-pages'
import { inboxCopy } from '~/features/admin/leads/content'
import { LeadInbox } from '~/features/admin/leads/lead-inbox'
import { leadsPath } from '~/features/admin/shared/lead-links'
import { StaffWorkspace } from '~/features/admin/shell/staff-workspace'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin-leads'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(leadsPath))

/** The lead inbox: its filters live in the URL's query, read in the browser. */
export default function AdminLeadsPage() {
  return (
    <StaffWorkspace title={sitePage(leadsPath).title} needs="admin-list-leads" refusal={inboxCopy.refusal}>
      {({ role }) => <LeadInbox role={role} />}
    </StaffWorkspace>
  )
}
