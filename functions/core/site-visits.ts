import { withBusinessOffset } from './business-days'
import { type CalendarEvent, calendarFile } from './calendar-file'
import { companyFacts } from './company'
import type { LeadDetail } from './lead-views'
import { type LeadPush, leadLink } from './staff-alerts'

/**
 * Site visits: an engineer's visit to a lead's roof, booked from the lead's page (POST /api/admin/leads/{id}/
 * visits), rescheduled or cancelled (PATCH …/visits/{visitId}), listed by day (the workspace's Visits view)
 * and sent to the engineer with a calendar file. The slots, the visit as the lead keeps it, and its calendar
 * event. No zod here (site-visit-schema.ts checks the bodies): the Visits view draws with this alone.
 */

/**
 * The time slots of a day, in India's time. Declared slots, not a free start time: an engineer's day in a city
 * is planned in blocks with travel between them (a visit's exact minute is not kept by traffic), the Visits
 * view lists a day as its four blocks, and the slot's id sorts the day's index entries in the order of the day.
 */
export const visitSlots = ['09-11', '11-13', '14-16', '16-18'] as const
export type VisitSlot = (typeof visitSlots)[number]

/** Each slot's start and end on the company's clock. */
export const visitSlotTimes: Readonly<Record<VisitSlot, { readonly start: string; readonly end: string }>> = {
  '09-11': { start: '09:00', end: '11:00' },
  '11-13': { start: '11:00', end: '13:00' },
  '14-16': { start: '14:00', end: '16:00' },
  '16-18': { start: '16:00', end: '18:00' },
}

/** A slot as people read it: `09:00–11:00`. */
export const visitSlotLabel = (slot: VisitSlot): string =>
  `${visitSlotTimes[slot].start}–${visitSlotTimes[slot].end}`

export function isVisitSlot(value: unknown): value is VisitSlot {
  return typeof value === 'string' && (visitSlots as readonly string[]).includes(value)
}

/** The instant a slot of calendar date `date` starts. */
export function visitStart(date: string, slot: VisitSlot): Date {
  return new Date(withBusinessOffset(`${date}T${visitSlotTimes[slot].start}`))
}

/** The instant a slot of calendar date `date` ends. */
export function visitEnd(date: string, slot: VisitSlot): Date {
  return new Date(withBusinessOffset(`${date}T${visitSlotTimes[slot].end}`))
}

/** The longest address and note a visit keeps (they live on the lead's item). */
export const visitAddressLimit = 300
export const visitNoteLimit = 500
/** The most visits a lead keeps (each lives on its item): far more than a sale needs. */
export const maxVisitsPerLead = 20
/** The most days the Visits view asks for at once (one Query of one partition). */
export const maxVisitDays = 31

export const visitStatuses = ['booked', 'cancelled'] as const
export type VisitStatus = (typeof visitStatuses)[number]

/** A visit as the lead's item keeps it (in `visits`) and the API answers it. */
export interface SiteVisit {
  readonly id: string
  /** Calendar date in India, `YYYY-MM-DD`. */
  readonly date: string
  readonly slot: VisitSlot
  /** The engineer's username: a colleague who works leads. */
  readonly engineer: string
  readonly address?: string
  readonly notes?: string
  readonly status: VisitStatus
  /** Raised by each reschedule and by the cancellation: the calendar file's SEQUENCE. */
  readonly sequence: number
  readonly bookedAt: string
  readonly bookedBy: string
  readonly updatedAt?: string
  readonly updatedBy?: string
}

/** A visit in the Visits view: the visit and what the view shows of its lead. */
export interface VisitListing {
  readonly leadId: string
  readonly visitId: string
  readonly date: string
  readonly slot: VisitSlot
  readonly engineer: string
  /** The lead's PIN code: the area the engineer goes to. */
  readonly pincode?: string
  readonly name?: string
}

/** GET /api/admin/visits. */
export interface VisitPage {
  readonly items: readonly VisitListing[]
}

/** POST and PATCH …/visits: the visit and the lead after it. */
export interface VisitReply {
  readonly visit: SiteVisit
  readonly lead: LeadDetail['lead']
}

/** The path of a visit's calendar file (the route GET …/visits/{visitId}/calendar.ics). */
export function visitCalendarPath(leadId: string, visitId: string): string {
  return `/api/admin/leads/${encodeURIComponent(leadId)}/visits/${encodeURIComponent(visitId)}/calendar.ics`
}

/** The file name a visit's calendar file is saved under. */
export const visitCalendarFileName = (visit: Pick<SiteVisit, 'date' | 'slot'>): string =>
  `site-visit-${visit.date}-${visit.slot}.ics`

/** The part of the company's e-mail after the @: the domain of the calendar events' UIDs. */
const uidDomain = companyFacts.email.slice(companyFacts.email.indexOf('@') + 1)

/** What the calendar file of a visit says of its lead. */
export interface VisitLeadFacts {
  readonly id: string
  readonly name?: string | undefined
  readonly pincode?: string | undefined
}

/**
 * The calendar file of a visit (calendar-file.ts): one event whose UID is the visit's (so a calendar that
 * imports the rescheduled file moves the event, SEQUENCE telling it which copy is newer), the engineer's slot,
 * the address and a link to the lead's page; a cancelled visit's file cancels the event.
 */
export function visitCalendarFile(
  visit: SiteVisit,
  lead: VisitLeadFacts,
  siteUrl: string | undefined,
  now: Date,
): string {
  const where = [visit.address, lead.pincode ? `PIN ${lead.pincode}` : undefined].filter(Boolean).join(', ')
  const link = leadLink(siteUrl, lead.id)
  const event: CalendarEvent = {
    uid: `visit-${visit.id}@${uidDomain}`,
    sequence: visit.sequence,
    stamp: now,
    start: visitStart(visit.date, visit.slot),
    end: visitEnd(visit.date, visit.slot),
    summary: `Site visit: ${lead.name ?? 'lead'} (${companyFacts.shortName})`,
    ...(where ? { location: where } : {}),
    description: [`Engineer: ${visit.engineer}`, visit.notes ? `Notes: ${visit.notes}` : '', `Lead: ${link}`]
      .filter(Boolean)
      .join('\n'),
    ...(link.startsWith('http') ? { url: link } : {}),
    cancelled: visit.status === 'cancelled',
  }
  return calendarFile(event)
}

let dayFormat: Intl.DateTimeFormat | undefined

/** A visit's day as people read it: `Sat, 28 Nov 2026` (made on first use: ICU starts then). */
export function visitDayLabel(date: string): string {
  dayFormat ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })
  return dayFormat.format(new Date(`${date}T00:00:00Z`))
}

/** What the engineer's message says happened to the visit. */
export type VisitNews = 'booked' | 'rescheduled' | 'cancelled' | 'moved-away'

const visitNewsSubject: Readonly<Record<VisitNews, string>> = {
  booked: 'Site visit booked',
  rescheduled: 'Site visit moved',
  cancelled: 'Site visit cancelled',
  'moved-away': 'Site visit given to a colleague',
}

/**
 * The engineer's message about a visit (functions/lib/notify.ts sends it): the day, the slot, the area (PIN
 * code), the lead's name, the workspace's page of the lead and the visit's calendar file there (the lead page
 * downloads it for the signed-in engineer). Like the other staff alerts it names no phone or e-mail; the
 * address is on the lead's page.
 */
export function visitAlert(
  news: VisitNews,
  visit: Pick<SiteVisit, 'id' | 'date' | 'slot' | 'engineer'>,
  lead: VisitLeadFacts,
  siteUrl: string | undefined,
): { subject: string; body: string; push: LeadPush } {
  const when = `${visitDayLabel(visit.date)}, ${visitSlotLabel(visit.slot)} IST`
  const link = leadLink(siteUrl, lead.id)
  const lines = [
    `${visitNewsSubject[news]}${news === 'moved-away' ? '' : ` for ${visit.engineer}`}.`,
    `When: ${when}`,
    lead.pincode ? `Area: PIN ${lead.pincode}` : '',
    lead.name ? `Lead: ${lead.name}` : '',
    `Open the lead: ${link}`,
    news === 'cancelled' || news === 'moved-away' ? '' : `Calendar file (.ics): ${link}#visit-${visit.id}`,
  ]
  return {
    subject: `${visitNewsSubject[news]}: ${when}${lead.pincode ? `, PIN ${lead.pincode}` : ''}`,
    body: lines.filter(Boolean).join('\n'),
    // What the engineer's devices show (the push relay): the news, when and where, never the lead's name.
    push: {
      title: visitNewsSubject[news],
      body: `${when}${lead.pincode ? `, PIN ${lead.pincode}` : ''}`,
      url: leadLink(undefined, lead.id),
      leadId: lead.id,
    },
  }
}

/** A visit id as the API issues them (a UUID). */
export const visitIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
