import type { StaffRole } from '@core/roles'
import { fetchAdminJobs, fetchAdminResources } from '~/features/admin/api/admin-lists'
import { adminContentEditing } from '~/features/admin/content/admin'
import { useAdminList } from '~/features/admin/hooks/use-admin-list'
import { roleMayCall } from '~/lib/api/client'
import { JobsAndResources } from './content-editors'

export interface ContentPageProps {
  readonly token: string | null
  readonly role: StaffRole
  /** A call answered 401: back to the login form with a message. */
  readonly onSessionExpired: () => void
}

/** Nothing to do after a deletion here: the page has no totals. */
const noTotals = () => undefined

/**
 * The Content page of the staff workspace: every job and resource from the admin lists (drafts included and
 * marked, with featured and order), each editable in place by an editor or an owner (Save as draft, Publish);
 * sales and viewers read the lists only.
 */
export function ContentPage({ token, role, onSessionExpired }: ContentPageProps) {
  const session = { token, onSessionExpired }
  const jobs = useAdminList(fetchAdminJobs, token, onSessionExpired)
  const resources = useAdminList(fetchAdminResources, token, onSessionExpired)
  const readOnly = !roleMayCall(role, 'admin-update-job') && !roleMayCall(role, 'admin-update-resource')

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted">{adminContentEditing.intro}</p>
        {readOnly ? <p className="text-sm text-ink">{adminContentEditing.readOnly}</p> : null}
      </div>
      <JobsAndResources role={role} jobs={jobs} resources={resources} onDeleted={noTotals} {...session} />
    </div>
  )
}
