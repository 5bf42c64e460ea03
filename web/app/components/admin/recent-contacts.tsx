import { adminLists, adminSections } from '~/content/admin'
import type { AdminContact } from '~/lib/api/admin-contacts'
import type { AdminListState } from '~/lib/use-admin-list'
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
