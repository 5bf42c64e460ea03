import { companyFacts } from './company'

/**
 * An iCalendar file (RFC 5545) of one event, as calendar apps import it: a VCALENDAR with one VEVENT. Times
 * are written in UTC (`20261127T033000Z`), which every calendar reads without a VTIMEZONE block and shows in
 * the reader's own zone. Text values are escaped (RFC 5545 3.3.11) and every line is folded at 75 octets
 * (3.1), the lines ending in CRLF. Pure: the API's handler answers it as text/calendar.
 */

export interface CalendarEvent {
  /** Stable per event: a calendar that imports a newer copy replaces the older one. */
  readonly uid: string
  /** Raised by each change of the event (RFC 5545 3.8.7.4): the newest copy wins. */
  readonly sequence: number
  /** When this copy was written (DTSTAMP). */
  readonly stamp: Date
  readonly start: Date
  readonly end: Date
  readonly summary: string
  readonly location?: string
  readonly description?: string
  /** A link to the event's page (an https URL). */
  readonly url?: string
  /** The event is called off: STATUS:CANCELLED. */
  readonly cancelled?: boolean
}

/** The product that wrote the file (PRODID). */
export const calendarProductId = `-//${companyFacts.name}//Site visits//EN`

/** An instant in UTC as iCalendar writes it: `20261127T033000Z`. */
export function calendarTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`
}

/** A TEXT value with `\`, `;`, `,` and line breaks escaped (RFC 5545 3.3.11). */
export function escapeCalendarText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

const encoder = new TextEncoder()

/**
 * A content line folded so that no line is longer than 75 octets (RFC 5545 3.1): each continuation starts
 * with one space, which counts in its 75. A character is never split across lines (UTF-8 multi-octet
 * sequences stay whole).
 */
export function foldCalendarLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const character of line) {
    const size = encoder.encode(character).length
    const limit = parts.length === 0 ? 75 : 74
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += character
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** The file of one event, every line folded and ending in CRLF. */
export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendarProductId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${calendarTime(event.stamp)}`,
    `DTSTART:${calendarTime(event.start)}`,
    `DTEND:${calendarTime(event.end)}`,
    `SUMMARY:${escapeCalendarText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeCalendarText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeCalendarText(event.description)}`] : []),
    // A URI value, not TEXT: it is not escaped.
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldCalendarLine).join('\r\n')}\r\n`
}
