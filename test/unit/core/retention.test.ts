import { describe, expect, it } from 'vitest'
import {
  addMonths,
  retentionDefaults,
  retentionDue,
  retentionRefusal,
  retentionState,
} from '../../../functions/core/retention'

describe('retention periods', () => {
  it('adds calendar months, keeping the day or the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z')
    expect(addMonths(new Date('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z')
    expect(addMonths(new Date('2026-11-26T05:30:00Z'), 12).toISOString()).toBe('2027-11-26T05:30:00.000Z')
    expect(addMonths(new Date('2026-11-26T05:30:00Z'), 96).toISOString()).toBe('2034-11-26T05:30:00.000Z')
  })

  it('dates a lost lead from its closing, a won one after the business period, an open one from its last change', () => {
    const createdAt = '2026-01-10T04:00:00.000Z'
    expect(retentionDue({ status: 'lost', createdAt, closedAt: '2026-03-05T09:00:00.000Z' })).toEqual({
      dueAt: '2027-03-05T09:00:00.000Z',
      reason: 'lost',
    })
    expect(retentionDue({ status: 'won', createdAt, closedAt: '2026-03-05T09:00:00.000Z' })).toEqual({
      dueAt: '2034-03-05T09:00:00.000Z',
      reason: 'won',
    })
    // Closed with no recorded closing: from its last change.
    expect(retentionDue({ status: 'lost', createdAt, updatedAt: '2026-02-01T00:00:00.000Z' }).dueAt).toBe(
      '2027-02-01T00:00:00.000Z',
    )
    expect(retentionDue({ status: 'contacted', createdAt, updatedAt: '2026-04-20T12:00:00.000Z' })).toEqual({
      dueAt: '2027-04-20T12:00:00.000Z',
      reason: 'untouched',
    })
    expect(
      retentionDue({ status: 'new', createdAt }, { ...retentionDefaults, untouchedMonths: 6 }).dueAt,
    ).toBe('2026-07-10T04:00:00.000Z')
  })

  it('tells kept, due (within a day of the date) and overdue apart', () => {
    const dueAt = '2027-03-05T09:00:00.000Z'
    expect(retentionState(dueAt, new Date('2027-03-05T08:59:59Z'))).toBe('kept')
    expect(retentionState(dueAt, new Date('2027-03-05T09:00:00Z'))).toBe('due')
    expect(retentionState(dueAt, new Date('2027-03-06T09:00:00Z'))).toBe('due')
    expect(retentionState(dueAt, new Date('2027-03-06T09:00:01Z'))).toBe('overdue')
  })

  it('refuses a period outside its bounds, naming it; the activity log never under a year', () => {
    expect(retentionRefusal(retentionDefaults)).toBeUndefined()
    expect(retentionRefusal({ ...retentionDefaults, activityLogMonths: 11 })).toEqual({
      field: 'activityLogMonths',
      message: 'The activity log (at least one year): between 12 and 120 months.',
    })
    expect(retentionRefusal({ ...retentionDefaults, lostMonths: 0 })?.field).toBe('lostMonths')
    expect(retentionRefusal({ ...retentionDefaults, wonMonths: 12.5 })?.field).toBe('wonMonths')
    expect(retentionRefusal({ ...retentionDefaults, untouchedMonths: Number.NaN })?.field).toBe(
      'untouchedMonths',
    )
  })
})
