import type { StaffRole } from '@core/roles'
import type { ReactNode } from 'react'
import { ContentList } from '~/features/admin/content-editing/content-list'
import { adminLists, adminSections } from '~/features/admin/shared/admin-content'
import type { AdminJob, AdminResource } from '~/features/admin/shared/api/admin-lists'
import type { AdminListState } from '~/features/admin/shared/use-admin-list'
import { roleMayCall } from '~/lib/api/client'
import { EditJobForm, EditResourceForm } from './edit-content-form'

export interface ContentEditors {
  /** The edit form of a job, or undefined when the role may not edit jobs. */
  readonly job: ((item: AdminJob, close: () => void) => ReactNode) | undefined
  readonly resource: ((item: AdminResource, close: () => void) => ReactNode) | undefined
}

/**
 * The edit forms the jobs and resources lists offer (the Content page's and the dashboard's): only for a role
 * that may call the PUT; a saved item takes its old place in the list, and the form closes.
 */
export function contentEditors(
  role: StaffRole,
  jobs: AdminListState<AdminJob>,
  resources: AdminListState<AdminResource>,
): ContentEditors {
  return {
    job: roleMayCall(role, 'admin-update-job')
      ? (item, close) => (
          <EditJobForm
            item={item}
            onSaved={(saved) => {
              jobs.replace((job) => job.id === item.id, saved)
              close()
            }}
            onCancel={close}
          />
        )
      : undefined,
    resource: roleMayCall(role, 'admin-update-resource')
      ? (item, close) => (
          <EditResourceForm
            item={item}
            onSaved={(saved) => {
              resources.replace((resource) => resource.id === item.id, saved)
              close()
            }}
            onCancel={close}
          />
        )
      : undefined,
  }
}

export interface JobsAndResourcesProps {
  readonly role: StaffRole
  readonly jobs: AdminListState<AdminJob>
  readonly resources: AdminListState<AdminResource>
  /** After a deletion (the dashboard's totals change). */
  readonly onDeleted: () => void
  /** More of the grid after the two lists (the dashboard's Add forms). */
  readonly children?: ReactNode
}

/**
 * The jobs and resources lists side by side (the dashboard's and the Content page's): Edit where the role may
 * call the PUT, Delete where it may call the DELETE.
 */
export function JobsAndResources({ role, jobs, resources, onDeleted, children }: JobsAndResourcesProps) {
  const editors = contentEditors(role, jobs, resources)
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <ContentList
        title={adminSections.jobs}
        path="jobs"
        noun="job"
        list={jobs}
        emptyText={adminLists.noJobs}
        secondary={(job) => job.location || adminLists.noLocation}
        deletable={roleMayCall(role, 'admin-delete-job')}
        editor={editors.job}
        onDeleted={onDeleted}
      />
      <ContentList
        title={adminSections.resources}
        path="resources"
        noun="resource"
        list={resources}
        emptyText={adminLists.noResources}
        secondary={(resource) => resource.resource_type || adminLists.noType}
        deletable={roleMayCall(role, 'admin-delete-resource')}
        editor={editors.resource}
        onDeleted={onDeleted}
      />
      {children}
    </div>
  )
}
