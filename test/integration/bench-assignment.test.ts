import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { measureAssignment, prepareAssignment } from '../bench/assignment'
import { withTestEngines } from '../support/local-server'

/**
 * The assignment benchmark's code (test/bench/assignment.ts, run on 400 leads by `npm run bench`) on a few:
 * what it times is the assignment it claims, the repeated people included.
 */

withTestEngines()
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})
afterAll(async () => {
  vi.restoreAllMocks()
})

describe('the assignment benchmark', () => {
  it('assigns every lead it stores with the assignment, the repeated people to their first assignee', async () => {
    await prepareAssignment()
    const timing = await measureAssignment(10)
    expect(timing).toMatchObject({ count: 10, assigned: 10, samePerson: 2 })
    for (const value of [timing.withP50Ms, timing.withP95Ms, timing.withoutP50Ms, timing.withoutP95Ms]) {
      expect(value).toBeGreaterThan(0)
    }
  })
})
