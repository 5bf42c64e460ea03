import type { StaffRole } from '@core/roles'
import type { ReactNode } from 'react'
import type { AdminJob, AdminResource } from '~/features/admin/api/admin-lists'
import type { AdminListState } from '~/features/admin/hooks/use-admin-list'
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
  session: { readonly token: string | null; readonly onSessionExpired: () => void },
  jobs: AdminListState<AdminJob>,
  resources: AdminListState<AdminResource>,
): ContentEditors {
  return {
    job: roleMayCall(role, 'admin-update-job')
      ? (item, close) => (
          <EditJobForm
            item={item}
            {...session}
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
            {...session}
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
