import { inboxKindLabels, leadSegmentLabels } from '@core/inbox-search'
import { isAnswered } from '@core/lead-attempts'
import type { LeadDetail } from '@core/lead-views'
import { leadStatusLabels } from '@core/pipeline-rules'
import type { StaffRole } from '@core/roles'
import { lazy, Suspense } from 'react'
import { Link, useRevalidator, useSearchParams } from 'react-router'
import { Button } from '~/components/button'
import { leadCopy } from '~/features/admin/leads/content'
import { visitCopy } from '~/features/admin/leads/visits-content'
import { useAdminSession } from '~/features/admin/session/use-admin-session'
import { AdminSection } from '~/features/admin/shared/admin-section'
import { inboxFiltersOf, inboxQueryString } from '~/features/admin/shared/api/admin-leads'
import { leadLink, leadPath, leadsPath } from '~/features/admin/shared/lead-links'
import { roleMayCall } from '~/lib/api/client'
import { displayDate, displayDateTime } from '~/lib/format-date'
import { FollowUpDueBadge, StatusBadge } from '../shared/status-badge'
import { LeadContact } from './lead-contact'
import { LeadConsent, LeadEstimate, LeadFields } from './lead-fields'
import type { LeadLoad } from './lead-load'
import { AssignmentForm, NoteForm, StatusChangeForm } from './lead-pipeline'
import { LeadReach } from './lead-reach'
import { LeadTimeline } from './lead-timeline'
import { PersonLeads } from './person-leads'
import { useLeadNeighbours } from './use-lead-neighbours'
import { useStaffUsers } from './use-staff-users'

type Lead = LeadDetail['lead']

/**
 * The visits card (its list, calendar downloads and booking) sits below the pipeline: its code is not in the
 * page's first load. The route's loader starts loading it beside the lead's own request, so it is there when
 * the lead is.
 */
export const loadLeadVisits = () => import('./lead-visits')
const LeadVisits = lazy(() => loadLeadVisits().then((module) => ({ default: module.LeadVisits })))

const linkClasses = 'font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900'

/** Back to the inbox view, and the leads before and after this one in it. */
function ViewNavigation({ id }: { readonly id: string }) {
  const [search] = useSearchParams()
  const filters = inboxFiltersOf(search)
  const query = inboxQueryString(filters)
  const { previous, next } = useLeadNeighbours(id, filters, query)
  return (
    <nav aria-label={leadCopy.position} className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <Link to={query === '' ? leadsPath : `${leadsPath}?${query}`} className={linkClasses}>
        {leadCopy.backToInbox}
      </Link>
      {previous ? (
        <Link to={leadLink(previous.id, query)} className={linkClasses} rel="prev">
          ← {leadCopy.previous}
        </Link>
      ) : null}
      {next ? (
        <Link to={leadLink(next.id, query)} className={linkClasses} rel="next">
          {leadCopy.next} →
        </Link>
      ) : null}
    </nav>
  )
}

/** Status, assignee and follow-up as they stand (what a role that cannot change them sees). */
function PipelineState({ lead }: { readonly lead: Lead }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
      <dt className="font-medium text-muted">{leadCopy.status}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <StatusBadge status={lead.status} />
        {lead.lostReason ? <span className="text-muted">{lead.lostNote ?? ''}</span> : null}
      </dd>
      <dt className="font-medium text-muted">{leadCopy.assignee}</dt>
      <dd className="text-ink">{lead.assignee ?? leadCopy.unassigned}</dd>
      <dt className="font-medium text-muted">{leadCopy.followUpOn}</dt>
      <dd className="flex flex-wrap items-center gap-2 text-ink">
        {lead.followUpAt
          ? displayDateTime(lead.followUpAt)
          : lead.followUpOn
            ? displayDate(lead.followUpOn)
            : leadCopy.none}
        {lead.followUpDue ? <FollowUpDueBadge label={leadCopy.followUpDue} /> : null}
      </dd>
      <dt className="font-medium text-muted">{leadCopy.firstContact}</dt>
      <dd className="text-ink">
        {isAnswered(lead) && lead.firstContactAt ? (
          <time dateTime={lead.firstContactAt}>{displayDateTime(lead.firstContactAt)}</time>
        ) : (
          leadCopy.notYetContacted
        )}
      </dd>
    </dl>
  )
}

export interface LeadPageProps {
  readonly id: string
  readonly role: StaffRole
  /** The lead as the route's loader read it (again after every change). */
  readonly load: LeadLoad
}

/**
 * One lead: every field it was stored with, the server's estimate beside the visitor's, the consent, its
 * pipeline state and history with notes; for a role that may change leads, the status change, assignment,
 * follow-up date and notes. Previous and next follow the inbox view it was opened from.
 */
export function LeadPage({ id, role, load }: LeadPageProps) {
  const revalidator = useRevalidator()
  const mayChange = roleMayCall(role, 'admin-update-lead')
  const mayAddNote = roleMayCall(role, 'admin-add-lead-note')
  const mayLogAttempt = roleMayCall(role, 'admin-add-lead-attempt')
  const mayMerge = roleMayCall(role, 'admin-merge-leads')
  const mayBookVisit = roleMayCall(role, 'admin-book-visit')
  const me = useAdminSession().session?.username
  const users = useStaffUsers(role, mayChange || roleMayCall(role, 'admin-book-visit'))

  if (load.status === 'not-found') {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-danger">
          {leadCopy.notFound}
        </p>
        <Link to={leadsPath} className={linkClasses}>
          {leadCopy.backToInbox}
        </Link>
      </div>
    )
  }
  if (load.status === 'failed') {
    return revalidator.state === 'idle' ? (
      <div role="alert" className="flex flex-wrap items-center gap-3">
        <p className="text-danger">{leadCopy.failed}</p>
        <Button variant="outline" size="sm" onClick={() => void revalidator.revalidate()}>
          {leadCopy.retry}
        </Button>
      </div>
    ) : (
      <p className="text-muted" aria-live="polite">
        {leadCopy.loading}
      </p>
    )
  }

  const { lead, events, person } = load.detail
  const actionProps = { lead, users }
  // A lead merged into another is closed: its history continues on the survivor, where work goes on.
  const open = lead.mergedInto === undefined
  return (
    <div className="flex flex-col gap-6">
      <ViewNavigation id={id} />
      <header className="flex flex-col gap-2">
        <h2 className="text-xl font-bold text-ink sm:text-2xl">
          {lead.name ?? lead.email ?? lead.phone ?? lead.id}
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <span>
            {inboxKindLabels[lead.kind]}
            {lead.segment ? ` · ${leadSegmentLabels[lead.segment]}` : ''}
          </span>
          <span aria-hidden="true">·</span>
          <time dateTime={lead.createdAt}>{displayDateTime(lead.createdAt)}</time>
          <span className="sr-only">
            {leadCopy.status}: {leadStatusLabels[lead.status]}
          </span>
          <StatusBadge status={lead.status} />
        </p>
        {mayLogAttempt && me && open ? <LeadContact lead={lead} me={me} /> : <LeadReach lead={lead} />}
        {lead.mergedInto ? (
          <p
            role="status"
            className="rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-ink"
          >
            {leadCopy.mergedInto}{' '}
            <Link to={leadPath(lead.mergedInto)} className={linkClasses}>
              {leadCopy.openSurvivor}
            </Link>
          </p>
        ) : null}
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-6">
          {person.length > 0 ? (
            <AdminSection level={2} title={leadCopy.person}>
              <PersonLeads id={lead.id} leads={person} mayMerge={mayMerge && open} />
            </AdminSection>
          ) : null}
          <AdminSection level={2} title={leadCopy.details}>
            <LeadFields lead={lead} events={events} />
          </AdminSection>
          {lead.kind === 'quote' ? (
            <AdminSection level={2} title={leadCopy.estimate}>
              <LeadEstimate lead={lead} />
            </AdminSection>
          ) : null}
          <AdminSection level={2} title={leadCopy.consent}>
            <LeadConsent lead={lead} />
          </AdminSection>
        </div>
        {/* On a phone the pipeline and history come first: they are what staff work with. */}
        <div className="order-first flex flex-col gap-6 lg:order-none">
          <AdminSection level={2} title={leadCopy.pipeline}>
            <div className="flex flex-col gap-6">
              <PipelineState lead={lead} />
              {mayChange && open ? (
                <>
                  <StatusChangeForm {...actionProps} />
                  <AssignmentForm {...actionProps} />
                </>
              ) : (
                <p className="text-sm text-muted">{leadCopy.readOnly}</p>
              )}
            </div>
          </AdminSection>
          {mayBookVisit ? (
            <AdminSection level={2} title={visitCopy.heading}>
              <Suspense fallback={null}>
                <LeadVisits lead={lead} users={users} me={me} mayChange={mayBookVisit} />
              </Suspense>
            </AdminSection>
          ) : null}
          <AdminSection level={2} title={leadCopy.timeline}>
            <div className="flex flex-col gap-6">
              {mayAddNote && open ? <NoteForm id={lead.id} /> : null}
              <LeadTimeline events={events} />
            </div>
          </AdminSection>
        </div>
      </div>
    </div>
  )
}
