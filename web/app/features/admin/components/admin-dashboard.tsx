import { fetchAdminContacts } from '~/features/admin/api/admin-contacts'
import {
  fetchAdminJobs,
  fetchAdminNewsletter,
  fetchAdminQuotes,
  fetchAdminResources,
} from '~/features/admin/api/admin-lists'
import { adminExportButtons, adminLists, adminSections } from '~/features/admin/content/admin'
import { useAdminList } from '~/features/admin/hooks/use-admin-list'
import { useAdminTotals } from '~/features/admin/hooks/use-admin-totals'
import { AddJobForm } from './add-job-form'
import { AddResourceForm } from './add-resource-form'
import { ContentList } from './content-list'
import { ExportButtons } from './export-buttons'
import { NewsletterSignups } from './newsletter-signups'
import { RecentActivity } from './recent-activity'
import { RecentContacts } from './recent-contacts'
import { RecentQuotes } from './recent-quotes'
import { TotalsTiles } from './totals-tiles'

export interface AdminDashboardProps {
  readonly token: string | null
  /** A call answered 401: back to the login form with a message. */
  readonly onSessionExpired: () => void
}

function PartHeading({ id, children }: { readonly id: string; readonly children: string }) {
  return (
    <h2 id={id} className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
      {children}
    </h2>
  )
}

/**
 * The signed-in dashboard: Submissions (exports, totals, recent quotes, contacts, newsletter signups),
 * Jobs and Resources (exports, lists, the two forms) and Activity (the latest entries of the audit trail).
 * Every list loads again on every change of token.
 */
export function AdminDashboard({ token, onSessionExpired }: AdminDashboardProps) {
  const quotes = useAdminList(fetchAdminQuotes, token, onSessionExpired)
  const contacts = useAdminList(fetchAdminContacts, token, onSessionExpired)
  const newsletter = useAdminList(fetchAdminNewsletter, token, onSessionExpired)
  const jobs = useAdminList(fetchAdminJobs, token, onSessionExpired)
  const resources = useAdminList(fetchAdminResources, token, onSessionExpired)
  const totals = useAdminTotals(token, onSessionExpired)
  const session = { token, onSessionExpired }

  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="admin-submissions" className="flex flex-col gap-4">
        <PartHeading id="admin-submissions">{adminSections.submissions}</PartHeading>
        <ExportButtons buttons={adminExportButtons.submissions} {...session} />
        <TotalsTiles totals={totals.totals} />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <RecentQuotes list={quotes} />
          <RecentContacts list={contacts} />
          <NewsletterSignups list={newsletter} />
        </div>
      </section>

      <section aria-labelledby="admin-content" className="flex flex-col gap-4">
        <PartHeading id="admin-content">{adminSections.jobsAndResources}</PartHeading>
        <ExportButtons buttons={adminExportButtons.content} {...session} />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <ContentList
            title={adminSections.jobs}
            path="jobs"
            noun="job"
            list={jobs}
            emptyText={adminLists.noJobs}
            secondary={(job) => job.location || adminLists.noLocation}
            onDeleted={totals.reload}
            {...session}
          />
          <ContentList
            title={adminSections.resources}
            path="resources"
            noun="resource"
            list={resources}
            emptyText={adminLists.noResources}
            secondary={(resource) => resource.resource_type || adminLists.noType}
            onDeleted={totals.reload}
            {...session}
          />
          <AddJobForm
            onCreated={() => {
              jobs.reload()
              totals.reload()
            }}
            {...session}
          />
          <AddResourceForm
            onCreated={() => {
              resources.reload()
              totals.reload()
            }}
            {...session}
          />
        </div>
      </section>

      <section aria-labelledby="admin-activity" className="flex flex-col gap-4">
        <PartHeading id="admin-activity">{adminSections.activity}</PartHeading>
        <RecentActivity {...session} />
      </section>
    </div>
  )
}
