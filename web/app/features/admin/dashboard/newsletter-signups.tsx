import { type NewsletterState, newsletterStateOf } from '@core/newsletter'
import { adminLists, adminSections } from '~/features/admin/shared/admin-content'
import type { AdminNewsletterSignup } from '~/features/admin/shared/api/admin-lists'
import type { AdminListState } from '~/features/admin/shared/use-admin-list'
import { displayDate } from '~/lib/format-date'
import { SubmissionList } from './submission-list'

/** What each state means for the list: only a confirmed signup is a subscriber (and in the export). */
const stateLabels: Readonly<Record<NewsletterState, string>> = {
  pending: 'Pending confirmation',
  confirmed: 'Confirmed',
  withdrawn: 'Withdrawn',
}

function signedUpOn(signup: AdminNewsletterSignup): string {
  const state = stateLabels[newsletterStateOf(signup)]
  return typeof signup.createdAt === 'string' ? `${displayDate(signup.createdAt)} · ${state}` : state
}

/** The newsletter signups, newest first, as e-mail, date and state (pending, confirmed or withdrawn). */
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
