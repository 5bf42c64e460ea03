import { calendarFile, calendarTime, escapeCalendarText, foldCalendarLine } from '@core/calendar-file'
import {
  visitBookingSchema,
  visitChangeSchema,
  visitDays,
  visitListQuerySchema,
} from '@core/site-visit-schema'
import {
  type SiteVisit,
  visitAlert,
  visitCalendarFile,
  visitEnd,
  visitSlotLabel,
  visitStart,
} from '@core/site-visits'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'

const now = new Date('2026-11-26T06:30:00.000Z') // 12:00 in India
const book = (body: unknown) => validate(visitBookingSchema(now), body)
const change = (body: unknown) => validate(visitChangeSchema(now), body)
const booking = { date: '2026-11-28', slot: '09-11', engineer: 'sunil' }

/** The lines of a calendar file, unfolded (RFC 5545 3.1: a CRLF and one space continue the line). */
const unfolded = (file: string) => file.replace(/\r\n /g, '').split('\r\n')

describe('visit slots', () => {
  it('start and end at their times in India, whatever the machine zone', () => {
    expect(visitStart('2026-11-28', '09-11').toISOString()).toBe('2026-11-28T03:30:00.000Z')
    expect(visitEnd('2026-11-28', '16-18').toISOString()).toBe('2026-11-28T12:30:00.000Z')
    expect(visitSlotLabel('14-16')).toBe('14:00–16:00')
  })
})

describe('visitBookingSchema', () => {
  it('accepts a slot ahead, trims the texts and keeps the address and notes', () => {
    const result = book({ ...booking, address: '  12 MG Road  ', notes: ' Call at the gate ' })
    expect(result).toEqual({
      ok: true,
      value: { ...booking, address: '12 MG Road', notes: 'Call at the gate' },
    })
  })

  it('refuses a slot that has started or is past, on the date', () => {
    // 11:00-13:00 today started an hour ago; yesterday is past.
    expect(book({ ...booking, date: '2026-11-26', slot: '11-13' })).toEqual({
      ok: false,
      fields: { date: 'This slot has started or is past: choose a later one' },
    })
    expect(book({ ...booking, date: '2026-11-25' }).ok).toBe(false)
    // The afternoon of today is still ahead.
    expect(book({ ...booking, date: '2026-11-26', slot: '14-16' }).ok).toBe(true)
  })

  it('refuses a slot more than a year ahead', () => {
    expect(book({ ...booking, date: '2027-12-30' })).toEqual({
      ok: false,
      fields: { date: 'Book a visit within the coming year' },
    })
  })

  it('names each field that is missing or wrong', () => {
    const result = book({ date: '2026-02-30', slot: '10-12', engineer: 'a b' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(Object.keys(result.fields).sort()).toEqual(['date', 'engineer', 'slot'])
    expect(result.fields.slot).toBe('Choose a time slot: 09-11, 11-13, 14-16, 16-18')
    expect(book({ ...booking, notes: 'x'.repeat(501) })).toEqual({
      ok: false,
      fields: { notes: 'Keep the notes to 500 characters or fewer' },
    })
  })
})

describe('visitChangeSchema', () => {
  it('takes a reschedule with its slot checked, and a cancellation with an optional reason', () => {
    expect(change({ action: 'reschedule', sequence: 0, ...booking }).ok).toBe(true)
    expect(change({ action: 'reschedule', sequence: 0, ...booking, date: '2026-11-20' }).ok).toBe(false)
    expect(change({ action: 'cancel', sequence: 2, reason: ' Rain ' })).toEqual({
      ok: true,
      value: { action: 'cancel', sequence: 2, reason: 'Rain' },
    })
  })

  it('refuses an unknown action and a missing sequence', () => {
    expect(change({ action: 'move', sequence: 0 }).ok).toBe(false)
    expect(change({ action: 'cancel' })).toEqual({
      ok: false,
      fields: { sequence: 'Reload the lead: the visit changed' },
    })
  })
})

describe('visitListQuerySchema and visitDays', () => {
  it('covers a week from today in India by default, and `days` days from `from`', () => {
    const parsed = (query: unknown) => {
      const result = validate(visitListQuerySchema, query)
      if (!result.ok) throw new Error(JSON.stringify(result.fields))
      return visitDays(result.value, new Date('2026-11-26T20:00:00Z')) // 01:30 on the 27th in India
    }
    expect(parsed({})).toEqual({ from: '2026-11-27', to: '2026-12-03' })
    expect(parsed({ from: '2026-12-30', days: '3' })).toEqual({ from: '2026-12-30', to: '2027-01-01' })
  })

  it('refuses more than 31 days, none, and a date that does not exist', () => {
    for (const query of [{ days: '32' }, { days: '0' }, { days: '1.5' }, { from: '2026-13-01' }])
      expect(validate(visitListQuerySchema, query).ok, JSON.stringify(query)).toBe(false)
  })
})

describe('calendar file', () => {
  it('escapes backslash, semicolon, comma and line breaks in text', () => {
    expect(escapeCalendarText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
  })

  it('folds a line at 75 octets without splitting a character, each continuation starting with a space', () => {
    const line = `DESCRIPTION:${'₹'.repeat(40)}`
    const folded = foldCalendarLine(line)
    const octets = new TextEncoder()
    for (const part of folded.split('\r\n')) expect(octets.encode(part).length).toBeLessThanOrEqual(75)
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((part) => part.startsWith(' ')),
    ).toBe(true)
    expect(folded.replace(/\r\n /g, '')).toBe(line)
    expect(foldCalendarLine('SHORT:line')).toBe('SHORT:line')
  })

  it('writes a VEVENT with its UID, sequence, UTC times and CRLF line ends', () => {
    const file = calendarFile({
      uid: 'visit-1@example.in',
      sequence: 2,
      stamp: new Date('2026-11-26T06:30:00Z'),
      start: new Date('2026-11-28T03:30:00Z'),
      end: new Date('2026-11-28T05:30:00Z'),
      summary: 'Site visit: Asha, Rao',
      location: '12 MG Road; Hyderabad',
    })
    expect(file.endsWith('\r\n')).toBe(true)
    expect(file.replace(/\r\n/g, '')).not.toContain('\n')
    const lines = unfolded(file)
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0'])
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VEVENT',
        'UID:visit-1@example.in',
        'SEQUENCE:2',
        'DTSTAMP:20261126T063000Z',
        'DTSTART:20261128T033000Z',
        'DTEND:20261128T053000Z',
        'SUMMARY:Site visit: Asha\\, Rao',
        'LOCATION:12 MG Road\\; Hyderabad',
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    )
    expect(calendarTime(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z')
  })
})

describe('visitCalendarFile', () => {
  const visit: SiteVisit = {
    id: 'v1',
    date: '2026-11-28',
    slot: '11-13',
    engineer: 'sunil',
    address: 'Flat 4, Road 12, Banjara Hills',
    notes: 'Roof access by the back stairs',
    status: 'booked',
    sequence: 0,
    bookedAt: '2026-11-26T06:30:00.000Z',
    bookedBy: 'asha',
  }
  const lead = { id: '0b7c6f3e-8a1d-4c2b-9e5f-1a2b3c4d5e6f', name: 'Ravi Kumar', pincode: '500034' }

  it('keeps one UID per visit, its slot in UTC, the address with the PIN and the lead link', () => {
    const lines = unfolded(visitCalendarFile(visit, lead, 'https://solar.example.in', now))
    expect(lines).toContain('UID:visit-v1@suryodaya.example')
    expect(lines).toContain('DTSTART:20261128T053000Z')
    expect(lines).toContain('DTEND:20261128T073000Z')
    expect(lines).toContain('LOCATION:Flat 4\\, Road 12\\, Banjara Hills\\, PIN 500034')
    expect(lines).toContain(
      `DESCRIPTION:Engineer: sunil\\nNotes: Roof access by the back stairs\\nLead: https://solar.example.in/admin/leads/${lead.id}`,
    )
    expect(lines).toContain(`URL:https://solar.example.in/admin/leads/${lead.id}`)
  })

  it('bumps SEQUENCE on a reschedule and cancels the event when the visit is cancelled', () => {
    const moved = unfolded(visitCalendarFile({ ...visit, sequence: 1 }, lead, undefined, now))
    expect(moved).toContain('SEQUENCE:1')
    expect(moved).toContain('UID:visit-v1@suryodaya.example')
    const cancelled = unfolded(
      visitCalendarFile({ ...visit, sequence: 2, status: 'cancelled' }, lead, undefined, now),
    )
    expect(cancelled).toContain('STATUS:CANCELLED')
    expect(cancelled).toContain('SEQUENCE:2')
    // Without a site URL there is no absolute link: no URL property.
    expect(cancelled.some((line) => line.startsWith('URL:'))).toBe(false)
  })
})

describe('visitAlert', () => {
  it("pushes the engineer the news, when and where, with the lead's link and never its name", () => {
    const lead = { id: 'lead-42', name: 'Meena Iyer', pincode: '560034' }
    const alert = visitAlert(
      'booked',
      { id: 'v-1', ...booking, slot: '09-11' as const },
      lead,
      'https://solar.example.in',
    )
    expect(alert.push).toEqual({
      title: 'Site visit booked',
      body: `${alert.subject.slice('Site visit booked: '.length)}`,
      url: '/admin/leads/lead-42',
      leadId: 'lead-42',
    })
    expect(alert.push.body).toContain('PIN 560034')
    expect(JSON.stringify(alert.push)).not.toContain('Meena')
    expect(
      visitAlert('cancelled', { id: 'v-1', ...booking, slot: '09-11' as const }, lead, undefined).push.title,
    ).toBe('Site visit cancelled')
  })
})
