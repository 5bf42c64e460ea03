import {
  figureWeeksOf,
  type LeadResponse,
  responseFigures,
  responseFiguresReply,
  weekStartOf,
} from '@core/response-figures'
import { defaultSalesSettings } from '@core/sales-settings'
import { describe, expect, it } from 'vitest'

const calendar = defaultSalesSettings.calendar
/** An ISO time given as a wall-clock time in India. */
const ist = (local: string) => new Date(`${local}+05:30`).toISOString()
const now = new Date(`2026-11-27T18:00+05:30`) // a Friday

const lead = (
  createdAt: string,
  firstContactAt?: string,
  change: Partial<LeadResponse> = {},
): LeadResponse => ({
  createdAt: ist(createdAt),
  ...(firstContactAt ? { firstContactAt: ist(firstContactAt) } : {}),
  status: 'contacted',
  ...change,
})

describe('response-time figures', () => {
  it('gives the median and 90th percentile in business minutes, and the shares within 5 and 15', () => {
    const leads = [
      lead('2026-11-27T10:00', '2026-11-27T10:02', { assignee: 'asha' }), // 2
      lead('2026-11-27T10:00', '2026-11-27T10:04', { assignee: 'asha' }), // 4
      lead('2026-11-27T10:00', '2026-11-27T10:10', { assignee: 'ravi' }), // 10
      lead('2026-11-27T10:00', '2026-11-27T10:30', { assignee: 'ravi' }), // 30
      // Thursday 18:50 → Friday 9:20: 10 minutes on Thursday and 20 on Friday, not 14.5 hours.
      lead('2026-11-26T18:50', '2026-11-27T09:20', { assignee: 'ravi' }), // 30
      lead('2026-11-27T11:00'), // not yet
    ]
    const { overall, byPerson } = responseFigures(leads, now, calendar)
    expect(overall.leads).toBe(6)
    expect(overall.answered).toBe(5)
    expect(overall.medianMinutes).toBe(10)
    expect(overall.p90Minutes).toBe(30)
    expect(overall.within5Share).toBeCloseTo(2 / 6)
    expect(overall.within15Share).toBeCloseTo(3 / 6)
    expect(overall.untouched).toBe(0)
    expect(byPerson.asha?.medianMinutes).toBe(2)
    expect(byPerson.ravi).toMatchObject({ leads: 3, answered: 3, medianMinutes: 30 })
  })

  it('counts a lead untouched 24 hours after it arrived, and not before', () => {
    const { overall } = responseFigures(
      [lead('2026-11-26T18:00'), lead('2026-11-26T18:01'), lead('2026-11-25T09:00', '2026-11-27T09:00')],
      now,
      calendar,
    )
    expect(overall.untouched).toBe(1)
  })

  it('has twelve weekly rows, Monday to Sunday in India, oldest first', () => {
    expect(weekStartOf('2026-11-27')).toBe('2026-11-23')
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23')
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23')
    const { byWeek } = responseFigures(
      [
        lead('2026-11-23T10:00', '2026-11-23T10:03'),
        // Sunday night 23:30 UTC is Monday morning in India: this week, not the last.
        { createdAt: '2026-11-22T23:30:00.000Z', status: 'new' },
        lead('2026-11-20T10:00', '2026-11-20T10:20'),
        lead('2026-08-01T10:00', '2026-08-01T10:20'),
      ],
      now,
      calendar,
    )
    expect(byWeek).toHaveLength(12)
    expect(byWeek[11]).toMatchObject({ weekStart: '2026-11-23', leads: 2, answered: 1, medianMinutes: 3 })
    expect(byWeek[10]).toMatchObject({ weekStart: '2026-11-16', leads: 1, medianMinutes: 20 })
    expect(byWeek[0]?.weekStart).toBe('2026-09-07')
    expect(byWeek.reduce((sum, week) => sum + week.leads, 0)).toBe(3)
  })

  it('relates the speed of the first answer to site visits and wins', () => {
    const { conversion } = responseFigures(
      [
        lead('2026-11-27T10:00', '2026-11-27T10:03', { status: 'won' }),
        lead('2026-11-27T10:00', '2026-11-27T10:04', { status: 'lost', visited: true }),
        lead('2026-11-27T10:00', '2026-11-27T10:40', { status: 'proposal' }),
        lead('2026-11-27T10:00', '2026-11-27T14:00', { status: 'lost' }),
        lead('2026-11-27T10:00', undefined, { status: 'new' }),
      ],
      now,
      calendar,
    )
    expect(conversion).toEqual([
      { band: 'within-5', leads: 2, visits: 2, won: 1 },
      { band: 'within-15', leads: 0, visits: 0, won: 0 },
      { band: 'within-60', leads: 1, visits: 1, won: 0 },
      { band: 'later', leads: 1, visits: 0, won: 0 },
      { band: 'never', leads: 1, visits: 0, won: 0 },
    ])
  })

  it('gives no median with nothing answered, and zero shares with no lead', () => {
    const { overall } = responseFigures([], now, calendar)
    expect(overall).toEqual({
      leads: 0,
      answered: 0,
      medianMinutes: undefined,
      p90Minutes: undefined,
      within5Share: 0,
      within15Share: 0,
      untouched: 0,
    })
  })

  it('skips a holiday as it skips a closing time: percentiles in business minutes', () => {
    // Wednesday 25 November a holiday: Tuesday 18:50 → Thursday 9:10 is 10 + 10 minutes, not 38 hours.
    const holidays = { ...calendar, holidays: ['2026-11-25'] }
    const leads = [
      lead('2026-11-24T18:50', '2026-11-26T09:10', { assignee: 'ravi' }), // 20
      lead('2026-11-24T10:00', '2026-11-24T10:01', { assignee: 'ravi' }), // 1
      lead('2026-11-24T10:00', '2026-11-24T10:04', { assignee: 'asha' }), // 4
      lead('2026-11-24T10:00', '2026-11-24T11:00', { assignee: 'asha' }), // 60
    ]
    const withHoliday = responseFigures(leads, now, holidays).overall
    expect(withHoliday).toMatchObject({ medianMinutes: 4, p90Minutes: 60, within15Share: 2 / 4 })
    expect(responseFigures(leads, now, holidays).byPerson.ravi?.p90Minutes).toBe(20)
    // Without the holiday, Wednesday's 600 open minutes count.
    expect(responseFigures(leads, now, calendar).byPerson.ravi?.p90Minutes).toBe(620)
    expect(responseFigures(leads, now, calendar).overall.p90Minutes).toBe(620)
  })
})

describe('the response-time figures reply', () => {
  it('takes 1 to 12 whole weeks, 12 when not given, and nothing else', () => {
    expect(figureWeeksOf(undefined)).toBe(12)
    expect(figureWeeksOf('')).toBe(12)
    expect(figureWeeksOf('1')).toBe(1)
    expect(figureWeeksOf('12')).toBe(12)
    for (const bad of ['0', '13', '2.5', '-1', 'twelve', '012', ' 4'])
      expect(figureWeeksOf(bad), bad).toBeUndefined()
  })

  it("answers null for no median, every person's line for owners and one line for a salesperson", () => {
    const figures = responseFigures(
      [
        lead('2026-11-27T10:00', '2026-11-27T10:02', { assignee: 'ravi' }),
        lead('2026-11-27T10:00', '2026-11-27T10:06', { assignee: 'asha' }),
      ],
      now,
      calendar,
      2,
    )
    const all = responseFiguresReply(figures, { weeks: 2, now, waitingOver24h: 3 })
    expect(all.byPerson.map((line) => line.username)).toEqual(['asha', 'ravi'])
    expect(all.byWeek[0]).toMatchObject({ leads: 0, medianMinutes: null, p90Minutes: null })
    expect(all.overall).toMatchObject({ leads: 2, medianMinutes: 2, p90Minutes: 6 })
    expect(all.waitingOver24h).toBe(3)
    const own = responseFiguresReply(figures, { weeks: 2, now, waitingOver24h: 3, onlyPerson: 'ravi' })
    expect(own.byPerson).toEqual([expect.objectContaining({ username: 'ravi', medianMinutes: 2 })])
    expect(own.overall).toEqual(all.overall)
  })
})
