import { type LeadResponse, responseFigures, weekStartOf } from '@core/response-figures'
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
})
