import type { AdminContact } from '~/features/admin/api/admin-contacts'
import { adminLists, adminSections } from '~/features/admin/content/admin'
import type { AdminListState } from '~/features/admin/hooks/use-admin-list'
import { SubmissionList } from './submission-list'

/** The most recent contact messages, as name and email (spec: Admin, Submissions). */
export function RecentContacts({ list }: { readonly list: AdminListState<AdminContact> }) {
  return (
    <SubmissionList
      title={adminSections.recentContacts}
      kind="Contact"
      list={list}
      emptyText={adminLists.noContacts}
      primary={(contact) => contact.name}
      secondary={(contact) => contact.email}
    />
  )
}
