import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { functionEnv } from '../../functions/lib/store-definitions'
import { type StaffHeaders, saveTestStaff } from '../support/admin-handlers'
import { withTestEngines } from '../support/local-server'
import { routeCaller } from '../support/route-calls'

/**
 * The per-user export limit on dynalite, through the real handlers of the three export routes, with the
 * default the cloud and the stand-in keep (10 exports per 10 minutes per user, the routes together): the
 * 11th export within the window is refused with 429 and the seconds left in `Retry-After`, another user is
 * not affected, and the window's end lets the user export again.
 */
const headers: StaffHeaders = {}
/** The replies as sent: an export's body is the file, a refusal's `Retry-After` a header. */
const { reply: send } = routeCaller({ headers })

/** One export of each route, in turn. */
const exports = [
  (as: string) => send('admin-export-kind', { as, pathParameters: { kind: 'contacts' } }),
  (as: string) => send('admin-export-all', { as }),
  (as: string) => send('admin-export-leads', { as, pathParameters: { format: 'csv' }, query: {} }),
] as const

/** When the first export is made: after the tokens were issued (a token is not valid before it). */
let start = 0
const at = (seconds: number) => vi.setSystemTime(start + seconds * 1000)

withTestEngines()
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  // The default, as deployed and on the stand-in (the handler tests switch it off).
  delete process.env[functionEnv.exportRateLimit]
  await saveTestStaff(headers, [
    ['olga', 'owner'],
    ['omar', 'owner'],
    ['sunil', 'sales'],
  ])
  start = Date.now() + 1000
  vi.useFakeTimers({ toFake: ['Date'] })
})

afterAll(async () => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  process.env[functionEnv.exportRateLimit] = 'off'
})

describe('the per-user export limit (real handlers on dynalite)', () => {
  it('answers 10 exports within 10 minutes, the three routes together, and refuses the 11th with Retry-After', async () => {
    for (let index = 0; index < 10; index += 1) {
      at(index * 10)
      const reply = await exports[index % 3]!('olga')
      expect(reply.statusCode, `export ${index + 1}`).toBe(200)
    }
    // Four minutes after the first export: its window ends in six.
    at(240)
    for (const exportOnce of exports) {
      const refused = await exportOnce('olga')
      expect(refused.statusCode).toBe(429)
      expect(refused.headers?.['retry-after']).toBe('360')
      expect(JSON.parse(refused.body ?? '{}').error).toBe(
        'You have made 10 exports in 10 minutes, the most allowed. Please try again in 6 minutes.',
      )
    }
    // A refused export is not counted as one: the count stays at the limit, not past it.
    at(599)
    const last = await exports[0]('olga')
    expect(last.statusCode).toBe(429)
    expect(last.headers?.['retry-after']).toBe('1')
  })

  it('does not refuse another user, whatever the role', async () => {
    at(300)
    expect((await exports[1]('omar')).statusCode).toBe(200)
    expect((await exports[0]('sunil')).statusCode).toBe(200)
    expect((await exports[2]('sunil')).statusCode).toBe(200)
  })

  it('lets the user export again once the window has ended', async () => {
    at(600)
    expect((await exports[2]('olga')).statusCode).toBe(200)
  })
})
