import type { StaffRole } from '@core/roles'
import { lazy, Suspense } from 'react'
import { fetchAdminContacts } from '~/features/admin/dashboard/api/admin-contacts'
import { useAdminTotals } from '~/features/admin/dashboard/use-admin-totals'
import { adminExportButtons, adminLists, adminSections } from '~/features/admin/shared/admin-content'
import { downloadExport, exportRoute } from '~/features/admin/shared/api/admin-export'
import {
  fetchAdminJobs,
  fetchAdminNewsletter,
  fetchAdminQuotes,
  fetchAdminResources,
} from '~/features/admin/shared/api/admin-lists'
import { useAdminList } from '~/features/admin/shared/use-admin-list'
import { roleMayCall } from '~/lib/api/client'
import { AddJobForm } from '../content-editing/add-job-form'
import { AddResourceForm } from '../content-editing/add-resource-form'
import { ExportButtons } from '../shared/export-buttons'
import { NewsletterSignups } from './newsletter-signups'
import { RecentActivity } from './recent-activity'
import { RecentContacts } from './recent-contacts'
import { RecentQuotes } from './recent-quotes'
import { TotalsTiles } from './totals-tiles'

/** The jobs and resources, below the fold: their editors load after the dashboard's first paint. */
const JobsAndResources = lazy(() =>
  import('~/features/admin/content-editing/content-editors').then((module) => ({
    default: module.JobsAndResources,
  })),
)

// The charts (and Chart.js behind them) load only for a role that sees them.
const LeadCharts = lazy(() =>
  import('~/features/admin/dashboard/lead-charts').then((module) => ({ default: module.LeadCharts })),
)

export interface AdminDashboardProps {
  /** The signed-in role: what it may not call is not offered (functions/routes.ts says who may call what). */
  readonly role: StaffRole
}

function PartHeading({ id, children }: { readonly id: string; readonly children: string }) {
  return (
    <h2 id={id} className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
      {children}
    </h2>
  )
}

/** Never called: the list of a role that may not read it stays empty without asking the API. */
const notOffered = async () => ({ items: [] })

/**
 * The signed-in dashboard: Submissions (exports, totals, recent quotes, contacts, newsletter signups), the
 * lead figures (charts and follow-ups due), Jobs and Resources (exports, lists, the two forms) and Activity
 * (the latest entries of the audit trail). Each part shows only to a role its route allows.
 */
export function AdminDashboard({ role }: AdminDashboardProps) {
  const may = {
    quotes: roleMayCall(role, 'admin-list-quotes'),
    contacts: roleMayCall(role, 'admin-list-contacts'),
    newsletter: roleMayCall(role, 'admin-list-newsletter'),
    figures: roleMayCall(role, 'admin-lead-stats'),
    responseFigures: roleMayCall(role, 'admin-response-figures'),
    createJob: roleMayCall(role, 'admin-create-job'),
    createResource: roleMayCall(role, 'admin-create-resource'),
    activity: roleMayCall(role, 'admin-activity'),
  }
  const quotes = useAdminList(may.quotes ? fetchAdminQuotes : notOffered)
  const contacts = useAdminList(may.contacts ? fetchAdminContacts : notOffered)
  const newsletter = useAdminList(may.newsletter ? fetchAdminNewsletter : notOffered)
  const jobs = useAdminList(fetchAdminJobs)
  const resources = useAdminList(fetchAdminResources)
  const totals = useAdminTotals()
  const offered = (buttons: (typeof adminExportButtons)['submissions' | 'content']) =>
    buttons.filter(({ target }) => roleMayCall(role, exportRoute(target)))
  const submissionExports = offered(adminExportButtons.submissions)
  const contentExports = offered(adminExportButtons.content)
  const readsLeads = may.quotes || may.contacts || may.newsletter

  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="admin-submissions" className="flex flex-col gap-4">
        <PartHeading id="admin-submissions">{adminSections.submissions}</PartHeading>
        {submissionExports.length > 0 ? (
          <ExportButtons buttons={submissionExports} download={downloadExport} />
        ) : null}
        <TotalsTiles totals={totals.totals} />
        {readsLeads ? (
          <div className="grid items-start gap-6 lg:grid-cols-2">
            {may.quotes ? <RecentQuotes list={quotes} /> : null}
            {may.contacts ? <RecentContacts list={contacts} /> : null}
            {may.newsletter ? <NewsletterSignups list={newsletter} /> : null}
          </div>
        ) : null}
      </section>

      {may.figures ? (
        <Suspense fallback={<p className="text-sm text-muted">{adminLists.loading}</p>}>
          <LeadCharts responseTile={may.responseFigures} />
        </Suspense>
      ) : null}

      <section aria-labelledby="admin-content" className="flex flex-col gap-4">
        <PartHeading id="admin-content">{adminSections.jobsAndResources}</PartHeading>
        {contentExports.length > 0 ? (
          <ExportButtons buttons={contentExports} download={downloadExport} />
        ) : null}
        <Suspense fallback={null}>
          <JobsAndResources role={role} jobs={jobs} resources={resources} onDeleted={totals.reload}>
            {may.createJob ? (
              <AddJobForm
                onCreated={() => {
                  jobs.reload()
                  totals.reload()
                }}
              />
            ) : null}
            {may.createResource ? (
              <AddResourceForm
                onCreated={() => {
                  resources.reload()
                  totals.reload()
                }}
              />
            ) : null}
          </JobsAndResources>
        </Suspense>
      </section>

      {may.activity ? (
        <section aria-labelledby="admin-activity" className="flex flex-col gap-4">
          <PartHeading id="admin-activity">{adminSections.activity}</PartHeading>
          <RecentActivity />
        </section>
      ) : null}
    </div>
  )
}
