import type { StaffRole } from '@core/roles'
import { adminContentEditing } from '~/features/admin/shared/admin-content'
import { fetchAdminJobs, fetchAdminResources } from '~/features/admin/shared/api/admin-lists'
import { useAdminList } from '~/features/admin/shared/use-admin-list'
import { roleMayCall } from '~/lib/api/client'
import { JobsAndResources } from './content-editors'

export interface ContentPageProps {
  readonly role: StaffRole
}

/** Nothing to do after a deletion here: the page has no totals. */
const noTotals = () => undefined

/**
 * The Content page of the staff workspace: every job and resource from the admin lists (drafts included and
 * marked, with featured and order), each editable in place by an editor or an owner (Save as draft, Publish);
 * sales and viewers read the lists only.
 */
export function ContentPage({ role }: ContentPageProps) {
  const jobs = useAdminList(fetchAdminJobs)
  const resources = useAdminList(fetchAdminResources)
  const readOnly = !roleMayCall(role, 'admin-update-job') && !roleMayCall(role, 'admin-update-resource')

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted">{adminContentEditing.intro}</p>
        {readOnly ? <p className="text-sm text-ink">{adminContentEditing.readOnly}</p> : null}
      </div>
      <JobsAndResources role={role} jobs={jobs} resources={resources} onDeleted={noTotals} />
    </div>
  )
}
