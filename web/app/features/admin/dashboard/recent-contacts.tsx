import type { AdminContact } from '~/features/admin/dashboard/api/admin-contacts'
import { adminLists, adminSections } from '~/features/admin/shared/admin-content'
import { leadPath } from '~/features/admin/shared/lead-links'
import type { AdminListState } from '~/features/admin/shared/use-admin-list'
import { contactFacts, LeadFacts } from './lead-facts'
import { SubmissionList } from './submission-list'

/**
 * The most recent contact messages, as name and email (spec: Admin, Submissions), with the date, phone and
 * status under them; the name opens the lead's page.
 */
export function RecentContacts({ list }: { readonly list: AdminListState<AdminContact> }) {
  return (
    <SubmissionList
      title={adminSections.recentContacts}
      kind="Contact"
      list={list}
      emptyText={adminLists.noContacts}
      primary={(contact) => contact.name}
      secondary={(contact) => contact.email}
      link={(contact) => leadPath(contact.id)}
      details={(contact) => <LeadFacts facts={contactFacts(contact)} />}
    />
  )
}
