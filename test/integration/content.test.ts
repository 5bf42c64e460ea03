import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Engines } from '../../infra/local/engines'
import { startEngines } from '../../infra/local/engines'
import { configureEnvironment } from '../../infra/local/server'
import { temporaryDataDir } from '../support/local-server'

let engines: Engines
let removeData: () => Promise<void>
let content: typeof import('../../functions/lib/db/content')
let counters: typeof import('../../functions/lib/db/counters')
let leads: typeof import('../../functions/lib/db/leads')

beforeAll(async () => {
  const data = await temporaryDataDir()
  removeData = data.remove
  engines = await startEngines(data.dir)
  await configureEnvironment(engines, data.dir)
  content = await import('../../functions/lib/db/content')
  counters = await import('../../functions/lib/db/counters')
  leads = await import('../../functions/lib/db/leads')
})
afterAll(async () => {
  await engines?.close()
  await removeData?.()
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
