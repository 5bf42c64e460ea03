import { adminLists, adminSections } from '~/features/admin/shared/admin-content'
import type { AdminNewsletterSignup } from '~/features/admin/shared/api/admin-lists'
import type { AdminListState } from '~/features/admin/shared/use-admin-list'
import { displayDate } from '~/lib/format-date'
import { SubmissionList } from './submission-list'

function signedUpOn(signup: AdminNewsletterSignup): string {
  return typeof signup.createdAt === 'string' ? displayDate(signup.createdAt) : ''
}

/** The newsletter signups, newest first, as e-mail and date. */
export function NewsletterSignups({ list }: { readonly list: AdminListState<AdminNewsletterSignup> }) {
  return (
    <SubmissionList
      title={adminSections.newsletter}
      kind="Newsletter signup"
      list={list}
      emptyText={adminLists.noNewsletter}
      itemKey={(signup) => signup.id ?? signup.email}
      primary={(signup) => signup.email}
      secondary={signedUpOn}
    />
  )
}
