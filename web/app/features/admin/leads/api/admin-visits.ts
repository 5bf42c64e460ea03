import type { VisitBookingInput, VisitChangeInput } from '@core/site-visit-schema'
import { type SiteVisit, type VisitPage, type VisitReply, visitCalendarFileName } from '@core/site-visits'
import { adminRouteJson } from '~/features/admin/session/admin-client'
import { apiMethod, apiPath } from '~/lib/api/client'
import { downloadFile } from '../../shared/api/download-file'
import { visitMessages } from '../visits-content'

/** POST /api/admin/leads/{id}/visits: the visit booked, and the lead after it. */
export async function bookVisit(id: string, booking: VisitBookingInput): Promise<VisitReply> {
  return adminRouteJson('admin-book-visit', {
    params: { id },
    body: booking,
    failure: visitMessages.bookFailed,
  })
}

/** PATCH /api/admin/leads/{id}/visits/{visitId}: a reschedule or a cancellation, made on the visit's sequence. */
export async function changeVisit(
  id: string,
  visitId: string,
  change: VisitChangeInput,
): Promise<VisitReply> {
  return adminRouteJson('admin-change-visit', {
    params: { id, visitId },
    body: change,
    failure: visitMessages.changeFailed,
  })
}

/** GET /api/admin/visits: the booked visits of `days` days from `from`. */
export async function fetchVisits(
  from: string,
  days: number,
  { signal }: { readonly signal?: AbortSignal } = {},
): Promise<VisitPage> {
  return adminRouteJson('admin-list-visits', {
    query: { from, days: String(days) },
    signal,
    failure: visitMessages.listFailed,
  })
}

/** Downloads a visit's calendar file (the API needs the session's token, so not a plain link). */
export function downloadVisitCalendar(
  leadId: string,
  visit: Pick<SiteVisit, 'id' | 'date' | 'slot'>,
): Promise<void> {
  return downloadFile(
    apiPath('admin-visit-calendar', { id: leadId, visitId: visit.id }),
    apiMethod('admin-visit-calendar'),
    visitCalendarFileName(visit),
  )
}
