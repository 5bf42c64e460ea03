import type { StaffRole } from '@core/roles'
import { fetchAdminJobs, fetchAdminResources } from '~/features/admin/api/admin-lists'
import { ContentList } from '~/features/admin/components/content-list'
import { adminContentEditing, adminLists, adminSections } from '~/features/admin/content/admin'
import { useAdminList } from '~/features/admin/hooks/use-admin-list'
import { roleMayCall } from '~/lib/api/client'
import { contentEditors } from './content-editors'

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
  const editors = contentEditors(role, session, jobs, resources)
  const readOnly = editors.job === undefined && editors.resource === undefined

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 className="text-xl font-bold tracking-tight text-ink sm:text-2xl">{adminContentEditing.title}</h2>
        <p className="text-sm text-muted">{adminContentEditing.intro}</p>
        {readOnly ? <p className="text-sm text-ink">{adminContentEditing.readOnly}</p> : null}
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ContentList
          title={adminSections.jobs}
          path="jobs"
          noun="job"
          list={jobs}
          emptyText={adminLists.noJobs}
          secondary={(job) => job.location || adminLists.noLocation}
          deletable={roleMayCall(role, 'admin-delete-job')}
          onDeleted={noTotals}
          editor={editors.job}
          {...session}
        />
        <ContentList
          title={adminSections.resources}
          path="resources"
          noun="resource"
          list={resources}
          emptyText={adminLists.noResources}
          secondary={(resource) => resource.resource_type || adminLists.noType}
          deletable={roleMayCall(role, 'admin-delete-resource')}
          onDeleted={noTotals}
          editor={editors.resource}
          {...session}
        />
      </div>
    </div>
  )
}
