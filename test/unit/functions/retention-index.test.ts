import { type RetentionPeriods, type RetentionReason, retentionDue } from '@core/retention'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dueCountRanges } from '../../../functions/lib/db/retention-index'

const day = 24 * 60 * 60 * 1000
/** 2020 to 2040, to the millisecond. */
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) })
const periods = fc.record({
  lostMonths: fc.integer({ min: 1, max: 120 }),
  wonMonths: fc.integer({ min: 1, max: 120 }),
  untouchedMonths: fc.integer({ min: 1, max: 120 }),
  activityLogMonths: fc.constant(12),
})
const reasons: readonly RetentionReason[] = ['lost', 'won', 'untouched', 'asked']

/** When an entry of `reason` filed under `since` falls due, as the sweep decides it. */
function dueAt(reason: RetentionReason, since: number, chosen: RetentionPeriods): number {
  const at = new Date(since).toISOString()
  const status: 'lost' | 'won' | 'new' = reason === 'lost' || reason === 'won' ? reason : 'new'
  const lead = {
    status,
    createdAt: at,
    updatedAt: at,
    ...(reason === 'asked' ? { retentionAskedAt: at } : {}),
  }
  return Date.parse(retentionDue(lead, chosen).dueAt)
}

/**
 * The dashboard counts the retention index's due entries instead of reading them (retentionFigures): the
 * key ranges it counts must hold only due entries, and those past the band none, for any date, period and
 * clock start; only the band (at most four days of starts) is read.
 */
describe('the retention index key ranges that the dashboard counts', () => {
  it('puts every clock start before the band due, every one after it not, for any date and period', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...reasons),
        instant,
        periods,
        // Starts near the band (within six weeks of the date less the period) and anywhere.
        fc.array(fc.oneof(fc.integer({ min: -42 * day, max: 42 * day }), instant), {
          minLength: 1,
          maxLength: 40,
        }),
        (reason, by, chosen, offsets) => {
          const { certainBefore, bandEnd } = dueCountRanges(reason, new Date(by), chosen)
          const low = certainBefore.getTime()
          const high = bandEnd.getTime()
          expect(high - low).toBeGreaterThanOrEqual(0)
          expect(high - low).toBeLessThanOrEqual(4 * day)
          for (const offset of offsets) {
            // An offset is a start relative to the band's beginning; a larger number is an instant.
            const since = Math.abs(offset) <= 42 * day ? low + offset : offset
            const due = dueAt(reason, since, chosen) <= by
            if (since < low) expect(due, `${new Date(since).toISOString()} before the band`).toBe(true)
            if (since >= high) expect(due, `${new Date(since).toISOString()} after the band`).toBe(false)
          }
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('reads four days at a month end, one on an ordinary day, and none for an ask', () => {
    const year = { lostMonths: 1, wonMonths: 96, untouchedMonths: 12, activityLogMonths: 12 }
    // 28 to 31 January all fall due on 28 February, each at its own time of day.
    expect(dueCountRanges('lost', new Date('2027-02-28T10:00:00.000Z'), year)).toEqual({
      certainBefore: new Date('2027-01-28T00:00:00.000Z'),
      bandEnd: new Date('2027-02-01T00:00:00.000Z'),
    })
    expect(dueCountRanges('untouched', new Date('2027-06-15T10:00:00.000Z'), year)).toEqual({
      certainBefore: new Date('2026-06-15T00:00:00.000Z'),
      bandEnd: new Date('2026-06-16T00:00:00.000Z'),
    })
    // Nothing started in February falls due on 30 March a month later.
    const march30 = dueCountRanges('lost', new Date('2027-03-30T10:00:00.000Z'), year)
    expect(march30.bandEnd).toEqual(march30.certainBefore)
    expect(dueCountRanges('asked', new Date('2027-06-15T10:00:00.000Z'), year)).toEqual({
      certainBefore: new Date('2027-06-01T10:00:00.001Z'),
      bandEnd: new Date('2027-06-01T10:00:00.001Z'),
    })
  })
})
