import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fillWaiting, measureSweep } from '../bench/sweep'
import { withTestEngines } from '../support/local-server'

/**
 * The response sweep's benchmark code (test/bench/sweep.ts, run on 10,000 waiting leads by `npm run bench`) on
 * a few hundred: the run it times reminds exactly the leads it made due, and the next runs read every entry
 * and do nothing.
 */
const leads = 300
const due = 20

withTestEngines()
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})
afterAll(async () => {
  vi.restoreAllMocks()
})

describe('the response sweep benchmark', () => {
  it('stores its waiting leads and times the handler over them', async () => {
    await fillWaiting(leads, due)
    const [first, ...idle] = await measureSweep(2)
    expect(first?.report).toMatchObject({ idle: false, read: leads, reminded: due, escalated: 0, failed: 0 })
    expect(idle).toHaveLength(2)
    for (const timing of idle) {
      expect(timing.report).toMatchObject({ read: leads, reminded: 0, escalated: 0, failed: 0 })
      expect(timing.ms).toBeGreaterThan(0)
    }
  })
})
