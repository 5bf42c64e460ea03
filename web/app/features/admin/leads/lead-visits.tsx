import type { StaffUser } from '@core/api-types'
import type { LeadDetail } from '@core/pipeline'
import { type SiteVisit, visitDayLabel, visitSlotLabel } from '@core/site-visits'
import { lazy, Suspense, useState } from 'react'
import { Button } from '~/components/button'
import { downloadVisitCalendar } from '~/features/admin/leads/api/admin-visits'
import { visitCopy } from '~/features/admin/leads/visits-content'
import { notify } from '~/lib/toast'
import type { VisitDialogMode } from './visit-dialog'

// The dialog's form and the booking rules load when a visit is booked or changed, not with the lead page.
const VisitDialog = lazy(() => import('./visit-dialog').then((module) => ({ default: module.VisitDialog })))

type Lead = LeadDetail['lead']

/** The visits stored on the lead (its `visits` field), newest booking last. */
export function visitsOfLead(lead: Lead): SiteVisit[] {
  const visits = lead.fields.visits
  return Array.isArray(visits) ? (visits as SiteVisit[]) : []
}

/**
 * The lead's site visits, each with its day, slot, engineer and address, a download of its calendar file
 * and, for a role that works leads, Reschedule and Cancel; and "Book site visit".
 */
export function LeadVisits({
  lead,
  users,
  me,
  mayChange,
}: {
  readonly lead: Lead
  readonly users: readonly StaffUser[] | null
  readonly me: string | undefined
  readonly mayChange: boolean
}) {
  const [mode, setMode] = useState<VisitDialogMode | null>(null)
  const visits = visitsOfLead(lead)
  const download = (visit: SiteVisit) =>
    downloadVisitCalendar(lead.id, visit).catch(() => notify.error(visitCopy.calendarFailed))
  return (
    <div className="flex flex-col gap-4">
      {visits.length === 0 ? <p className="text-sm text-muted">{visitCopy.none}</p> : null}
      {visits.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {visits.map((visit) => (
            <li
              key={visit.id}
              id={`visit-${visit.id}`}
              data-visit={visit.id}
              className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 text-sm"
            >
              <p className="font-medium text-ink">
                <time dateTime={visit.date}>{visitDayLabel(visit.date)}</time>, {visitSlotLabel(visit.slot)}
                {visit.status === 'cancelled' ? (
                  <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-muted">
                    {visitCopy.cancelled}
                  </span>
                ) : null}
              </p>
              <p className="text-muted">
                {visitCopy.engineer}: {visit.engineer}
                {visit.address ? ` · ${visit.address}` : ''}
              </p>
              {visit.notes ? <p className="whitespace-pre-wrap break-words text-ink">{visit.notes}</p> : null}
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => void download(visit)}>
                  {visitCopy.calendar}
                </Button>
                {mayChange && me && visit.status === 'booked' ? (
                  <>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setMode({ kind: 'reschedule', visit })}
                    >
                      {visitCopy.reschedule}
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => setMode({ kind: 'cancel', visit })}>
                      {visitCopy.cancel}
                    </Button>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {mayChange && me ? (
        <div>
          <Button onClick={() => setMode({ kind: 'book' })}>{visitCopy.book}</Button>
        </div>
      ) : null}
      {mode && me ? (
        <Suspense fallback={null}>
          <VisitDialog lead={lead} users={users} me={me} mode={mode} onClose={() => setMode(null)} />
        </Suspense>
      ) : null}
    </div>
  )
}
