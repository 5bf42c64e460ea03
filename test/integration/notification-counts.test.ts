import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { beforeAll, describe, expect, it } from 'vitest'
import { withTestEngines } from '../support/local-server'

let counts: typeof import('../../functions/lib/db/notification-counts')
let clients: typeof import('../../functions/lib/clients')

withTestEngines()
beforeAll(async () => {
  counts = await import('../../functions/lib/db/notification-counts')
  clients = await import('../../functions/lib/clients')
})

describe('the per-minute notification count on dynalite', () => {
  it('gives each of a parallel burst its own number, per minute, with an expiry', async () => {
    const minute = new Date('2026-11-23T19:28:10.000Z')
    const numbers = await Promise.all(Array.from({ length: 25 }, () => counts.countLeadNotification(minute)))
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1))
    expect(await counts.countLeadNotification(new Date('2026-11-23T19:29:00.000Z'))).toBe(1)
    const stored = await clients.dynamo().send(
      new GetCommand({
        TableName: 'content',
        Key: { pk: counts.notificationCountPartition, sk: '2026-11-23T19:28' },
      }),
    )
    expect(stored.Item).toMatchObject({
      count: 25,
      expiresAt: Date.parse('2026-11-23T19:29:00Z') / 1000 + 3600,
    })
  })
})
