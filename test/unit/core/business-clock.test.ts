import {
  addBusinessMinutes,
  businessMinutesBetween,
  clockStart,
  isOpen,
  responseClockOf,
} from '@core/business-clock'
import { businessDateOf } from '@core/business-days'
import { type BusinessCalendar, defaultSalesSettings, responseClock } from '@core/sales-settings'
import { describe, expect, it } from 'vitest'

/** An instant given as a wall-clock time in India (+05:30). */
const ist = (local: string) => new Date(`${local}+05:30`)
const calendar = defaultSalesSettings.calendar
const withHoliday = (date: string): BusinessCalendar => ({ ...calendar, holidays: [date] })

// 2026-11-27 is a Friday, 2026-11-28 a Saturday, 2026-11-29 a Sunday, 2026-11-30 a Monday.
describe('the business clock (Mon–Sat 9:00–19:00 in India by default)', () => {
  it('knows when the company is open, in India and not in UTC', () => {
    expect(isOpen(ist('2026-11-27T09:00'), calendar)).toBe(true)
    expect(isOpen(ist('2026-11-27T18:59'), calendar)).toBe(true)
    expect(isOpen(ist('2026-11-27T19:00'), calendar)).toBe(false)
    expect(isOpen(ist('2026-11-27T08:59'), calendar)).toBe(false)
    expect(isOpen(ist('2026-11-29T12:00'), calendar)).toBe(false)
    // 04:00 UTC is 09:30 in India: open, though UTC's clock says four in the morning.
    expect(isOpen(new Date('2026-11-27T04:00:00Z'), calendar)).toBe(true)
  })

  it('starts the clock at arrival when open, else at the next opening', () => {
    expect(clockStart(ist('2026-11-27T11:20'), calendar)).toEqual(ist('2026-11-27T11:20'))
    expect(clockStart(ist('2026-11-27T02:00'), calendar)).toEqual(ist('2026-11-27T09:00'))
    expect(clockStart(ist('2026-11-27T19:30'), calendar)).toEqual(ist('2026-11-28T09:00'))
    // Saturday evening: Sunday is closed, so Monday.
    expect(clockStart(ist('2026-11-28T20:00'), calendar)).toEqual(ist('2026-11-30T09:00'))
  })

  it('reads the date across the UTC and India boundary: 23:00 UTC is 04:30 the next day', () => {
    const arrival = new Date('2026-11-26T23:00:00Z')
    expect(businessDateOf(arrival.getTime())).toBe('2026-11-27')
    expect(clockStart(arrival, calendar)).toEqual(ist('2026-11-27T09:00'))
  })

  it('reminds at 5 and escalates at 15 business minutes, across the evening close', () => {
    // Friday 18:58: two minutes on Friday, the rest from Saturday's opening.
    const clock = responseClockOf(
      ist('2026-11-27T18:58'),
      ist('2026-11-27T18:59'),
      undefined,
      calendar,
      responseClock,
    )
    expect(clock.remindAt).toEqual(ist('2026-11-28T09:03'))
    expect(clock.escalateAt).toEqual(ist('2026-11-28T09:13'))
    expect(clock.state).toBe('on-time')
  })

  it('skips Sunday and a holiday', () => {
    expect(addBusinessMinutes(ist('2026-11-28T18:58'), 5, calendar)).toEqual(ist('2026-11-30T09:03'))
    expect(addBusinessMinutes(ist('2026-11-28T18:58'), 5, withHoliday('2026-11-30'))).toEqual(
      ist('2026-12-01T09:03'),
    )
  })

  it('starts a night arrival at the opening: reminder at 9:05, escalation at 9:15', () => {
    const clock = responseClockOf(
      ist('2026-11-27T02:00'),
      ist('2026-11-27T09:06'),
      undefined,
      calendar,
      responseClock,
    )
    expect(clock.startedAt).toEqual(ist('2026-11-27T09:00'))
    expect(clock.remindAt).toEqual(ist('2026-11-27T09:05'))
    expect(clock.escalateAt).toEqual(ist('2026-11-27T09:15'))
    expect(clock.state).toBe('due')
    expect(
      responseClockOf(ist('2026-11-27T02:00'), ist('2026-11-27T09:15'), undefined, calendar, responseClock)
        .state,
    ).toBe('late')
    expect(
      responseClockOf(
        ist('2026-11-27T02:00'),
        ist('2026-11-27T10:00'),
        ist('2026-11-27T09:02'),
        calendar,
        responseClock,
      ).state,
    ).toBe('answered')
  })

  it('counts only open minutes between two instants', () => {
    expect(businessMinutesBetween(ist('2026-11-27T10:00'), ist('2026-11-27T10:45'), calendar)).toBe(45)
    // Friday 18:00 to Monday 10:00: 60 on Friday, 600 on Saturday, none on Sunday, 60 on Monday.
    expect(businessMinutesBetween(ist('2026-11-27T18:00'), ist('2026-11-30T10:00'), calendar)).toBe(720)
    expect(businessMinutesBetween(ist('2026-11-27T20:00'), ist('2026-11-28T08:00'), calendar)).toBe(0)
    expect(businessMinutesBetween(ist('2026-11-27T12:00'), ist('2026-11-27T11:00'), calendar)).toBe(0)
  })

  it('follows the hours it is given, e.g. a Sunday morning opening', () => {
    const sundays: BusinessCalendar = {
      hours: [
        { open: '10:00', close: '13:00' },
        ...calendar.hours.slice(1),
      ] as unknown as BusinessCalendar['hours'],
      holidays: [],
    }
    expect(clockStart(ist('2026-11-28T20:00'), sundays)).toEqual(ist('2026-11-29T10:00'))
    expect(addBusinessMinutes(ist('2026-11-29T12:58'), 5, sundays)).toEqual(ist('2026-11-30T09:03'))
  })

  it('counts wall time when no day is ever open, rather than never', () => {
    const closed: BusinessCalendar = { hours: [null, null, null, null, null, null, null], holidays: [] }
    expect(clockStart(ist('2026-11-27T02:00'), closed)).toEqual(ist('2026-11-27T02:00'))
    expect(addBusinessMinutes(ist('2026-11-27T02:00'), 5, closed)).toEqual(ist('2026-11-27T02:05'))
  })
})
