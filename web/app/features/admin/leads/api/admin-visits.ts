import type { VisitBookingInput, VisitChangeInput } from '@core/site-visit-schema'
import { type SiteVisit, type VisitPage, type VisitReply, visitCalendarFileName } from '@core/site-visits'
import { adminCall, adminJson } from '~/features/admin/session/admin-client'
import { apiMethod, apiPath } from '~/lib/api/client'
import { downloadFile } from '../../shared/api/admin-export'

export const visitMessages = {
  bookFailed: 'The visit was not booked.',
  changeFailed: 'The visit was not changed.',
  listFailed: 'The visits could not be loaded.',
} as const

/** POST /api/admin/leads/{id}/visits: the visit booked, and the lead after it. */
export async function bookVisit(id: string, booking: VisitBookingInput): Promise<VisitReply> {
  const response = await adminCall(apiPath('admin-book-visit', { id }), apiMethod('admin-book-visit'), {
    body: booking,
    failure: visitMessages.bookFailed,
  })
  return adminJson<VisitReply>(response, visitMessages.bookFailed)
}

/** PATCH /api/admin/leads/{id}/visits/{visitId}: a reschedule or a cancellation, made on the visit's sequence. */
export async function changeVisit(
  id: string,
  visitId: string,
  change: VisitChangeInput,
): Promise<VisitReply> {
  const response = await adminCall(
    apiPath('admin-change-visit', { id, visitId }),
    apiMethod('admin-change-visit'),
    { body: change, failure: visitMessages.changeFailed },
  )
  return adminJson<VisitReply>(response, visitMessages.changeFailed)
}

/** GET /api/admin/visits: the booked visits of `days` days from `from`. */
export async function fetchVisits(
  from: string,
  days: number,
  { signal }: { readonly signal?: AbortSignal } = {},
): Promise<VisitPage> {
  const path = apiPath('admin-list-visits', undefined, { from, days: String(days) })
  const response = await adminCall(path, apiMethod('admin-list-visits'), {
    signal,
    failure: visitMessages.listFailed,
  })
  return adminJson<VisitPage>(response, visitMessages.listFailed)
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
