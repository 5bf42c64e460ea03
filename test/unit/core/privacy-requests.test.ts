import { byPrivacyDue, type PrivacyCase, privacyClock } from '@core/privacy-requests'
import { describe, expect, it } from 'vitest'

const received = '2026-11-27T09:30:00.000Z'
const day = 24 * 60 * 60 * 1000
const daysIn = (days: number) => new Date(Date.parse(received) + days * day)

describe('privacyClock', () => {
  it('is due 90 days after the request, counting whole days left', () => {
    expect(privacyClock(received, daysIn(0))).toEqual({
      dueAt: '2027-02-25T09:30:00.000Z',
      daysLeft: 90,
      overdue: false,
      withinGoal: true,
    })
    expect(privacyClock(received, daysIn(30.5))).toMatchObject({
      daysLeft: 59,
      overdue: false,
      withinGoal: false,
    })
  })

  it('meets the goal within 7 days and is overdue only once past the 90th day, while open', () => {
    expect(privacyClock(received, daysIn(7)).withinGoal).toBe(true)
    expect(privacyClock(received, daysIn(7.01)).withinGoal).toBe(false)
    expect(privacyClock(received, daysIn(90))).toMatchObject({ daysLeft: 0, overdue: false })
    expect(privacyClock(received, new Date(daysIn(90).getTime() + 1))).toMatchObject({
      daysLeft: -1,
      overdue: true,
    })
  })

  it('stops at the closing: a case closed on day 5 is within the goal and never overdue', () => {
    expect(privacyClock(received, daysIn(200), daysIn(5).toISOString())).toMatchObject({
      daysLeft: 85,
      overdue: false,
      withinGoal: true,
    })
  })
})

describe('byPrivacyDue', () => {
  const item = (id: string, status: 'open' | 'closed') => ({ id, status }) as PrivacyCase
  it('lists open cases soonest due first, then closed ones newest first', () => {
    const sorted = [
      item('PR-261201-100000-AAAA', 'closed'),
      item('PR-261127-100000-BBBB', 'open'),
      item('PR-261120-100000-CCCC', 'open'),
      item('PR-261125-100000-DDDD', 'closed'),
    ].sort(byPrivacyDue)
    expect(sorted.map((entry) => entry.id)).toEqual([
      'PR-261120-100000-CCCC',
      'PR-261127-100000-BBBB',
      'PR-261201-100000-AAAA',
      'PR-261125-100000-DDDD',
    ])
  })
})
