import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { benchAssignees, fillInbox, inboxCases, measureInbox } from '../bench/inbox'
import { withTestEngines } from '../support/local-server'

/**
 * The inbox benchmark's code (test/bench/inbox.ts, run on 100,000 leads by `npm run bench`) on a few hundred
 * leads: the leads it writes are what the inbox finds, and every filter and search it times answers.
 */
const leads = 300

withTestEngines()
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})
afterAll(async () => {
  vi.restoreAllMocks()
})

describe('the inbox benchmark', () => {
  it('stores its leads in the API layout, and times every filter and search with answers', async () => {
    const filled = await fillInbox(leads)
    expect(filled.items).toBeGreaterThan(leads * 5)
    const timings = await measureInbox(leads, 3, 1)
    expect(timings.map((timing) => timing.name)).toEqual([
      ...inboxCases(leads).map((inboxCase) => inboxCase.name),
      expect.stringContaining('follow-ups due'),
    ])
    for (const timing of timings) {
      expect(timing.failures, timing.name).toBe(0)
      expect(timing.p95Ms, timing.name).toBeGreaterThan(0)
    }
    // Every list case but the most selective combinations finds leads on each of its requests.
    const found = Object.fromEntries(timings.map((timing) => [timing.name, timing.items]))
    for (const name of ['q=e-mail', 'q=phone (another format)', 'q=PIN code', 'q=name prefix', 'assignee']) {
      expect(found[name], name).toBeGreaterThanOrEqual(3)
    }
    expect(found['every lead (newest first, with total)']).toBe(3 * 25)
    expect(benchAssignees).toContain('sunil')
  })
})
