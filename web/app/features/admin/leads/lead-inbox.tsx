import { inboxKindLabels, leadSegmentLabels } from '@core/inbox-search'
import { sourceLabel } from '@core/lead-source'
import type { LeadSummary } from '@core/lead-views'
import { formatInr } from '@core/quote'
import type { StaffRole } from '@core/roles'
import { lazy, Suspense, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '~/components/button'
import { exportLeadView } from '~/features/admin/leads/api/admin-export-leads'
import { inboxCopy } from '~/features/admin/leads/content'
import { useAdminSession } from '~/features/admin/session/use-admin-session'
import { type InboxFilters, inboxFiltersOf, inboxQueryString } from '~/features/admin/shared/api/admin-leads'
import { ExportButtons } from '~/features/admin/shared/export-buttons'
import { leadLink } from '~/features/admin/shared/lead-links'
import { roleMayCall } from '~/lib/api/client'
import { cn } from '~/lib/class-names'
import { displayDate, displayDateTime } from '~/lib/format-date'
import { useNow } from '~/lib/hooks/use-now'
import { FollowUpDueBadge, StatusBadge } from '../shared/status-badge'
import { InboxFiltersForm } from './inbox-filters'
import { InboxViewLinks } from './inbox-view-links'
import { leadAge, type WaitingClock, waitingClockOf } from './inbox-views'
import { useInbox } from './use-inbox'
import { useStaffUsers } from './use-staff-users'

const responseTones: Readonly<Record<WaitingClock['state'], string>> = {
  'on-time': 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  due: 'bg-amber-50 text-amber-900 ring-amber-300',
  late: 'bg-danger-soft text-danger ring-red-200',
}

/** A waiting lead's place on the response clock: on time, reminder due or late, with the minutes left. */
function ResponseBadge({ clock }: { readonly clock: WaitingClock }) {
  return (
    <span
      data-response={clock.state}
      className={cn(
        'inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        responseTones[clock.state],
      )}
    >
      {inboxCopy.responseStates[clock.state]}
      <span className="font-normal">{` · ${inboxCopy.responseHint[clock.state](clock.minutesLeft)}`}</span>
    </span>
  )
}

/** The next step of a lead: its follow-up (with its time when it has one), else nothing beyond its status. */
function NextStep({ lead }: { readonly lead: LeadSummary }) {
  if (!lead.followUpOn) return null
  const when = lead.followUpAt ? displayDateTime(lead.followUpAt) : displayDate(lead.followUpOn)
  return lead.followUpDue ? (
    <FollowUpDueBadge label={`${inboxCopy.followUpDue} ${when}`} />
  ) : (
    <span className="text-ink">{`${inboxCopy.followUp} ${when}`}</span>
  )
}

// The rows' Call, WhatsApp and E-mail (and the message templates they fill) load once the list is drawn:
// the inbox's first load stays as it was.
const LeadContact = lazy(() => import('./lead-contact').then((module) => ({ default: module.LeadContact })))

function LeadRow({
  lead,
  query,
  now,
  me,
  onLogged,
}: {
  readonly lead: LeadSummary
  readonly query: string
  readonly now: number
  /** The signed-in colleague, when their role logs contact attempts: the row's Call, WhatsApp and E-mail. */
  readonly me: string | undefined
  readonly onLogged: () => void
}) {
  const contact = [lead.phone, lead.email, lead.pincode].filter(Boolean).join(' · ')
  const clock = waitingClockOf(lead, now)
  const age = leadAge(lead.createdAt, now)
  return (
    <li>
      <Link
        to={leadLink(lead.id, query)}
        className="flex flex-col gap-1.5 px-4 py-3 hover:bg-brand-50 focus-visible:bg-brand-50 sm:flex-row sm:items-center sm:gap-4"
      >
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold text-ink">{lead.name ?? inboxCopy.noName}</span>
            <span className="text-xs font-medium uppercase tracking-wide text-muted">
              {inboxKindLabels[lead.kind]}
              {lead.segment ? ` · ${leadSegmentLabels[lead.segment]}` : ''}
            </span>
          </p>
          <p className="truncate text-sm text-muted">{contact}</p>
          {lead.source ? (
            <p className="truncate text-xs text-muted" data-lead-source="">
              <span className="sr-only">{inboxCopy.source}: </span>
              {sourceLabel(lead.source, { utmSource: lead.utmSource, utmCampaign: lead.utmCampaign })}
            </p>
          ) : null}
          {clock ? (
            <p className="mt-1">
              <ResponseBadge clock={clock} />
            </p>
          ) : lead.firstContactAt ? (
            <p className="text-xs text-muted">
              {inboxCopy.firstContact(displayDateTime(lead.firstContactAt))}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm sm:max-w-xl sm:justify-end">
          <StatusBadge status={lead.status} />
          <NextStep lead={lead} />
          {lead.estimateInr !== undefined ? (
            <span className="font-semibold text-ink">
              <span className="sr-only">{inboxCopy.estimate} </span>
              {formatInr(lead.estimateInr)}
            </span>
          ) : null}
          <span className="text-muted">{lead.assignee ?? inboxCopy.unassigned}</span>
          <time dateTime={lead.createdAt} title={displayDateTime(lead.createdAt)} className="text-muted">
            <span className="sr-only">{inboxCopy.ageLabel(age)}</span>
            <span aria-hidden="true">{age}</span>
          </time>
        </div>
      </Link>
      {me && lead.mergedInto === undefined ? (
        // Beside the row's link, not in it (a link holds no other link): a tap reaches the person and asks
        // how it went, without opening the lead.
        <div className="-mt-1 px-4 pb-3 sm:flex sm:justify-end">
          <Suspense fallback={null}>
            <LeadContact lead={lead} me={me} compact onLogged={onLogged} />
          </Suspense>
        </div>
      ) : null}
    </li>
  )
}

export interface LeadInboxProps {
  readonly role: StaffRole
}

const NewLeadDialog = lazy(() =>
  import('./new-lead-dialog').then((module) => ({ default: module.NewLeadDialog })),
)

/** How often a row's age and response clock move on. */
const clockTickMs = 15_000

/**
 * The lead inbox: quotes and contacts in one list, newest first, filtered by the URL's query (so a view can
 * be bookmarked, shared, and left and found again with the browser's back button), paged with the cursor.
 * The views of the day are links above the filters; the list refreshes itself (use-inbox.ts) and offers
 * the leads it found behind a button rather than moving the rows.
 */
export function LeadInbox({ role }: LeadInboxProps) {
  const [search, setSearch] = useSearchParams()
  const filters = inboxFiltersOf(search)
  const query = inboxQueryString(filters)
  const inbox = useInbox(filters, query)
  const users = useStaffUsers(role)
  const now = useNow(clockTickMs)
  const [adding, setAdding] = useState(false)
  const session = useAdminSession().session
  const me = roleMayCall(role, 'admin-add-lead-attempt') ? session?.username : undefined

  const applyFilters = (next: InboxFilters) => setSearch(new URLSearchParams(inboxQueryString(next)))
  const fieldErrors = inbox.error?.fields ?? {}
  const hasFieldErrors = Object.keys(fieldErrors).length > 0

  return (
    <div className="flex flex-col gap-6">
      {roleMayCall(role, 'admin-create-lead') ? (
        <div className="flex justify-end">
          <Button onClick={() => setAdding(true)}>{inboxCopy.newLead}</Button>
        </div>
      ) : null}
      {adding ? (
        // The form and its rules load at the first press: the inbox opens without them.
        <Suspense fallback={null}>
          <NewLeadDialog onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
      <InboxViewLinks query={query} colleagues={role === 'owner' ? users : null} />
      <InboxFiltersForm
        key={query}
        filters={filters}
        users={users}
        errors={fieldErrors}
        onChange={applyFilters}
      />
      {roleMayCall(role, 'admin-export-leads') ? (
        <ExportButtons buttons={inboxCopy.exports} download={(format) => exportLeadView(format, filters)} />
      ) : null}
      <section aria-label={inboxCopy.results} className="flex flex-col gap-3">
        {inbox.status === 'loading' ? (
          <p className="text-muted" aria-live="polite">
            {inboxCopy.loading}
          </p>
        ) : inbox.status === 'failed' ? (
          <div role="alert" className="flex flex-wrap items-center gap-3">
            <p className="text-danger">{inbox.error?.message || inboxCopy.failed}</p>
            {hasFieldErrors ? null : (
              <Button variant="outline" size="sm" onClick={inbox.reload}>
                {inboxCopy.retry}
              </Button>
            )}
          </div>
        ) : (
          <>
            <p className="text-sm font-medium text-muted" aria-live="polite">
              {inbox.total !== undefined
                ? inboxCopy.total(inbox.total)
                : inboxCopy.shown(inbox.items.length, inbox.nextCursor !== undefined)}
            </p>
            {/* Announced when it appears, and kept in sight while the list scrolls: pressing it is the only
                way new rows enter the list. */}
            <div aria-live="polite" className="sticky top-3 z-10 flex justify-center">
              {inbox.newLeads > 0 ? (
                <Button size="sm" className="rounded-full shadow-md" onClick={inbox.showNewLeads}>
                  {inboxCopy.newLeads(inbox.newLeads)}
                </Button>
              ) : null}
            </div>
            {inbox.items.length === 0 ? (
              <p className="text-muted">{inboxCopy.empty}</p>
            ) : (
              <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
                {inbox.items.map((lead) => (
                  <LeadRow
                    key={lead.id}
                    lead={lead}
                    query={query}
                    now={now}
                    me={me}
                    // The list is read again: a lead answered leaves the Waiting view and shows its first
                    // contact.
                    onLogged={inbox.reload}
                  />
                ))}
              </ul>
            )}
            {inbox.nextCursor ? (
              <Button
                variant="outline"
                className="self-start"
                onClick={inbox.loadMore}
                disabled={inbox.loadingMore}
                aria-busy={inbox.loadingMore}
              >
                {inbox.loadingMore ? inboxCopy.loadingMore : inboxCopy.showMore}
              </Button>
            ) : null}
          </>
        )}
      </section>
    </div>
  )
}
