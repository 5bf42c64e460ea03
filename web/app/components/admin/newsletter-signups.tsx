import { adminLists, adminSections } from '~/content/admin'
import type { AdminNewsletterSignup } from '~/lib/api/admin-lists'
import { displayDate } from '~/lib/format-date'
import type { AdminListState } from '~/lib/use-admin-list'
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
