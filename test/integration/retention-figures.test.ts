import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb'
import { type RetentionReason, retentionDue, retentionState } from '@core/retention'
import { beforeAll, describe, expect, it } from 'vitest'
import { withTestEngines } from '../support/local-server'

/**
 * The dashboard's retention figures on dynalite: counted by key range (Select COUNT) with only the band at
 * each date read, they must equal what reading every due entry and deciding each (the sweep's way) gives,
 * at ordinary dates and at month ends, under short and long periods.
 */
let index: typeof import('../../functions/lib/db/retention-index')

const hour = 60 * 60 * 1000
const reasons = ['lost', 'won', 'untouched', 'asked'] as const

withTestEngines()
beforeAll(async () => {
  index = await import('../../functions/lib/db/retention-index')
  const { dynamo } = await import('../../functions/lib/clients')
  const { tableName } = await import('../../functions/lib/config')
  // Entries of every reason filed every seventeen hours and eleven minutes over three years (1,530 of
  // each): every time of day, and every day of every month.
  const first = Date.UTC(2024, 11, 1)
  const entries = reasons.flatMap((reason) =>
    Array.from({ length: 1530 }, (_, n) => {
      const since = new Date(first + n * (17 * hour + 11 * 60_000)).toISOString()
      const id = `${reason}-${n}`
      return { pk: index.retentionPartition, sk: `${reason}#${since}#${since}#${id}`, id, createdAt: since }
    }),
  )
  for (let start = 0; start < entries.length; start += 25) {
    const batch = entries.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }))
    await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName('leads')]: batch } }))
  }
}, 120_000)

/**
 * The figures as reading every entry of the index (a whole-partition Query, no key range) and deciding each by
 * its due date (core/retention.ts, as the sweep computes it) gives: an oracle apart from the key ranges.
 */
async function readFigures(now: Date, periods: Parameters<typeof index.retentionFigures>[1]) {
  const { queryPartition } = await import('../../functions/lib/db/partition-io')
  const horizon = now.getTime() + index.retentionHorizonDays * 24 * hour
  let due = 0
  let overdue = 0
  for await (const items of queryPartition('leads', index.retentionPartition)) {
    for (const item of items) {
      const [reason, since = ''] = String(item.sk).split('#') as [RetentionReason, string?]
      const status: 'lost' | 'won' | 'new' = reason === 'lost' || reason === 'won' ? reason : 'new'
      const lead = {
        status,
        createdAt: since,
        updatedAt: since,
        ...(reason === 'asked' ? { retentionAskedAt: since } : {}),
      }
      const { dueAt } = retentionDue(lead, periods)
      if (Date.parse(dueAt) > horizon) continue
      if (retentionState(dueAt, now) === 'overdue') overdue += 1
      else due += 1
    }
  }
  return { due, overdue }
}

describe('the dashboard retention figures, counted', () => {
  it.each([
    ['an ordinary day', '2026-11-27T06:30:00.000Z', { lostMonths: 12, wonMonths: 96, untouchedMonths: 12 }],
    [
      'the last day of February',
      '2027-02-28T20:15:00.000Z',
      { lostMonths: 1, wonMonths: 13, untouchedMonths: 12 },
    ],
    ['the 31st of March', '2027-03-31T00:05:00.000Z', { lostMonths: 1, wonMonths: 2, untouchedMonths: 25 }],
    ['the 1st of March', '2027-03-01T23:59:00.000Z', { lostMonths: 1, wonMonths: 6, untouchedMonths: 3 }],
    ['a leap day', '2028-02-29T12:00:00.000Z', { lostMonths: 12, wonMonths: 48, untouchedMonths: 1 }],
  ])('equal the entries read one by one, on %s', async (_name, at, months) => {
    const periods = { ...months, activityLogMonths: 12 }
    const expected = await readFigures(new Date(at), periods)
    expect(expected.due + expected.overdue).toBeGreaterThan(0)
    expect(await index.retentionFigures(new Date(at), periods)).toEqual(expected)
  })
})
