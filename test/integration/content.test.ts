import { beforeAll, describe, expect, it } from 'vitest'
import { withTestEngines } from '../support/local-server'

let content: typeof import('../../functions/lib/db/jobs-and-resources')
let counters: typeof import('../../functions/lib/db/counters')
let leads: typeof import('../../functions/lib/db/leads')
let attempts: typeof import('../../functions/lib/db/login-attempts')

withTestEngines()
beforeAll(async () => {
  content = await import('../../functions/lib/db/jobs-and-resources')
  counters = await import('../../functions/lib/db/counters')
  leads = await import('../../functions/lib/db/leads')
  attempts = await import('../../functions/lib/db/login-attempts')
})

describe('content repository on dynalite', () => {
  it('lists jobs newest first, pages through each once, deletes by id and keeps the count', async () => {
    const start = Date.parse('2026-03-01T00:00:00.000Z')
    const saved = []
    for (let index = 0; index < 13; index += 1) {
      saved.push(await content.saveContent('JOB', { title: `Job ${index}` }, new Date(start + index * 1000)))
    }
    await content.saveContent('RESOURCE', { title: 'Not a job' })

    const first = await content.listContent<{ title: string }>('JOB', { limit: 10 })
    expect(first.items.map((job) => job.title)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Job ${12 - index}`),
    )
    expect(first.items[0]).not.toHaveProperty('pk')
    const second = await content.listContent<{ title: string }>('JOB', {
      limit: 10,
      cursor: first.nextCursor,
    })
    expect(second.items.map((job) => job.title)).toEqual(['Job 2', 'Job 1', 'Job 0'])

    await content.deleteContent('JOB', saved[5]!.id)
    await expect(content.deleteContent('JOB', saved[5]!.id)).rejects.toMatchObject({ statusCode: 404 })
    await expect(content.deleteContent('RESOURCE', saved[6]!.id)).rejects.toMatchObject({ statusCode: 404 })
    const all = await content.listContent<{ title: string }>('JOB', { limit: 100 })
    expect(all.items).toHaveLength(12)
    expect(all.items.map((job) => job.title)).not.toContain('Job 5')

    await leads.storeLead('QUOTE', { name: 'Asha' })
    const contentTotals = await counters.readCounters('content')
    expect(contentTotals).toEqual({ JOB: 12, RESOURCE: 1 })
    expect((await counters.readCounters('leads')).QUOTE).toBe(1)
  })
})

describe('login attempts on dynalite', () => {
  it('lets a network try a username 5 times in the window, not more, and again when the window ends', async () => {
    const start = new Date('2026-05-01T10:00:00.000Z')
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000)
    for (let index = 0; index < 5; index += 1) {
      expect((await attempts.reserveLoginAttempt('Ravi', '192.0.2.1', at(index))).allowed).toBe(true)
      await attempts.recordLoginFailure('RAVI', at(index))
    }
    expect(await attempts.reserveLoginAttempt('ravi', '192.0.2.1', at(6))).toEqual({
      allowed: false,
      retryAfterSeconds: 9 * 60,
    })
    // Another network is not refused, only slowed down by the username's failures from anywhere.
    expect(await attempts.reserveLoginAttempt('ravi', '192.0.2.2', at(6))).toEqual({
      allowed: true,
      delayMs: attempts.loginDelayMs(5),
    })
    expect((await attempts.reserveLoginAttempt('ravi', '192.0.2.1', at(15.1))).allowed).toBe(true)
  })

  it('refuses a network after 20 attempts across usernames; a success gives its slot back', async () => {
    const now = new Date('2026-05-02T10:00:00.000Z')
    for (let index = 0; index < 19; index += 1) {
      expect((await attempts.reserveLoginAttempt(`user${index % 4}`, '203.0.113.50', now)).allowed).toBe(true)
    }
    expect((await attempts.reserveLoginAttempt('someone', '203.0.113.50', now)).allowed).toBe(true)
    await attempts.recordLoginSuccess('someone', '203.0.113.50', now)
    expect((await attempts.reserveLoginAttempt('another', '203.0.113.50', now)).allowed).toBe(true)
    expect((await attempts.reserveLoginAttempt('a-third', '203.0.113.50', now)).allowed).toBe(false)
    expect((await attempts.reserveLoginAttempt('user0', '203.0.113.51', now)).allowed).toBe(true)
  })
})

describe('counter repair on dynalite', () => {
  it('recounts each kind from its items and overwrites a wrong counter', async () => {
    const { dynamo } = await import('../../functions/lib/clients')
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb')
    await dynamo().send(
      new UpdateCommand({
        TableName: 'content',
        Key: { pk: 'COUNTER', sk: 'JOB' },
        UpdateExpression: 'ADD #count :by',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':by': 40 },
      }),
    )
    const jobs = (await content.listContent('JOB', { limit: 100 })).items.length
    expect((await counters.readCounters('content')).JOB).toBe(jobs + 40)
    expect(await counters.recountCounters('content')).toEqual({ JOB: jobs, RESOURCE: 1 })
    expect(await counters.readCounters('content')).toEqual({ JOB: jobs, RESOURCE: 1 })
    expect(await counters.recountCounters('leads')).toEqual({ QUOTE: 1, CONTACT: 0, NEWSLETTER: 0 })
  })
})
