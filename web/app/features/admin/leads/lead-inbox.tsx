import { inboxKindLabels, type LeadSummary, leadSegmentLabels } from '@core/pipeline'
import type { StaffRole } from '@core/roles'
import { Link, useSearchParams } from 'react-router'
import { Button } from '~/components/button'
import { exportLeadView } from '~/features/admin/api/admin-export-leads'
import { type InboxFilters, inboxFiltersOf, inboxQueryString } from '~/features/admin/api/admin-leads'
import { ExportButtons } from '~/features/admin/components/export-buttons'
import { inboxCopy } from '~/features/admin/content/leads'
import { leadPath } from '~/features/admin/lead-links'
import { roleMayCall } from '~/lib/api/client'
import { displayDate, displayDateTime } from '~/lib/format-date'
import { InboxFiltersForm } from './inbox-filters'
import { FollowUpDueBadge, StatusBadge } from './status-badge'
import { useInbox } from './use-inbox'
import { useStaffUsers } from './use-staff-users'

/** A lead's page, carrying the inbox view it was opened from (for its previous and next links). */
export function leadLink(id: string, query: string): string {
  return query === '' ? leadPath(id) : `${leadPath(id)}?${query}`
}

function LeadRow({ lead, query }: { readonly lead: LeadSummary; readonly query: string }) {
  const contact = [lead.phone, lead.email, lead.pincode].filter(Boolean).join(' · ')
  return (
    <li>
      <Link
        to={leadLink(lead.id, query)}
        className="flex flex-col gap-1 px-4 py-3 hover:bg-brand-50 focus-visible:bg-brand-50 sm:flex-row sm:items-center sm:gap-4"
      >
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-ink">{lead.name ?? inboxCopy.noName}</span>
            <span className="text-xs font-medium uppercase tracking-wide text-muted">
              {inboxKindLabels[lead.kind]}
              {lead.segment ? ` · ${leadSegmentLabels[lead.segment]}` : ''}
            </span>
          </p>
          <p className="truncate text-sm text-muted">{contact}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm sm:justify-end">
          <StatusBadge status={lead.status} />
          {lead.followUpDue ? (
            <FollowUpDueBadge label={`${inboxCopy.followUpDue} ${displayDate(lead.followUpOn)}`} />
          ) : null}
          <span className="text-muted">{lead.assignee ?? inboxCopy.unassigned}</span>
          <time dateTime={lead.createdAt} className="text-muted">
            {displayDateTime(lead.createdAt)}
          </time>
        </div>
      </Link>
    </li>
  )
}

export interface LeadInboxProps {
  readonly role: StaffRole
}

/**
 * The lead inbox: quotes and contacts in one list, newest first, filtered by the URL's query (so a view can
 * be bookmarked, shared, and left and found again with the browser's back button), paged with the cursor.
 */
export function LeadInbox({ role }: LeadInboxProps) {
  const [search, setSearch] = useSearchParams()
  const filters = inboxFiltersOf(search)
  const query = inboxQueryString(filters)
  const inbox = useInbox(filters, query)
  const users = useStaffUsers(role)

  const applyFilters = (next: InboxFilters) => setSearch(new URLSearchParams(inboxQueryString(next)))
  const fieldErrors = inbox.error?.fields ?? {}
  const hasFieldErrors = Object.keys(fieldErrors).length > 0

  return (
    <div className="flex flex-col gap-6">
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
            {inbox.items.length === 0 ? (
              <p className="text-muted">{inboxCopy.empty}</p>
            ) : (
              <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
                {inbox.items.map((lead) => (
                  <LeadRow key={lead.id} lead={lead} query={query} />
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
