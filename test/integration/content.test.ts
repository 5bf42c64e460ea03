import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestEngines } from '../support/local-server'

let stopEngines: () => Promise<void>
let content: typeof import('../../functions/lib/db/content')
let counters: typeof import('../../functions/lib/db/counters')
let leads: typeof import('../../functions/lib/db/leads')
let attempts: typeof import('../../functions/lib/db/login-attempts')

beforeAll(async () => {
  stopEngines = await startTestEngines()
  content = await import('../../functions/lib/db/content')
  counters = await import('../../functions/lib/db/counters')
  leads = await import('../../functions/lib/db/leads')
  attempts = await import('../../functions/lib/db/login-attempts')
})
afterAll(async () => {
  await stopEngines?.()
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

    await leads.saveLead('QUOTE', { name: 'Asha' })
    const contentTotals = await counters.readCounters('content')
    expect(contentTotals).toEqual({ JOB: 12, RESOURCE: 1 })
    expect((await counters.readCounters('leads')).QUOTE).toBe(1)
  })
})

describe('login attempts on dynalite', () => {
  it('locks a username after 5 failures in the window, not before, and frees it when the window ends', async () => {
    const start = Date.parse('2026-05-01T10:00:00.000Z')
    for (let index = 0; index < 4; index += 1) {
      await attempts.recordLoginFailure('Ravi', `198.51.100.${index}`, start + index * 60_000)
    }
    expect((await attempts.loginLockout('ravi', '192.0.2.1', start + 5 * 60_000)).locked).toBe(false)
    await attempts.recordLoginFailure('RAVI', '198.51.100.9', start + 5 * 60_000)
    const locked = await attempts.loginLockout('ravi', '192.0.2.1', start + 6 * 60_000)
    expect(locked).toEqual({ locked: true, retryAfterSeconds: 9 * 60 })
    const later = start + 15 * 60_000 + 1
    expect((await attempts.loginLockout('ravi', '192.0.2.1', later)).locked).toBe(false)
    // A failure after the window starts a fresh count of one.
    await attempts.recordLoginFailure('ravi', '192.0.2.1', later)
    expect((await attempts.loginLockout('ravi', '192.0.2.1', later + 1000)).locked).toBe(false)
  })

  it('locks an IP after 20 failures across usernames, and a success clears only the username', async () => {
    const start = Date.parse('2026-05-02T10:00:00.000Z')
    for (let index = 0; index < 20; index += 1) {
      await attempts.recordLoginFailure(`user${index % 4}`, '203.0.113.50', start + index * 1000)
    }
    expect((await attempts.loginLockout('someone-else', '203.0.113.50', start + 30_000)).locked).toBe(true)
    expect((await attempts.loginLockout('user0', '203.0.113.51', start + 30_000)).locked).toBe(true)
    await attempts.clearLoginFailures('user0')
    expect((await attempts.loginLockout('user0', '203.0.113.51', start + 30_000)).locked).toBe(false)
    expect((await attempts.loginLockout('user0', '203.0.113.50', start + 30_000)).locked).toBe(true)
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
