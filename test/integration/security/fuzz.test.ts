import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { RouteId } from '../../../functions/routes'
import { engineState, stateCounts } from '../../support/engine-state'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { writeFigures } from '../../support/figures'
import { badRequests, everyRoute, type FaultKind } from '../../support/fuzz'
import { withTestEngines } from '../../support/local-server'
import { routeHandler } from '../../support/route-calls'
import { fixtureOf, validCall } from '../../support/route-fixtures'

/**
 * Fuzzing: every handler of functions/routes.ts (one test per route, from the route table) gets
 * 1,000 generated bad requests in process, against real engines (dynalite, s3rver). Each must be refused
 * with a 4xx JSON `{ error }` (never a 5xx, never a stack trace or internal detail), and the engines must
 * hold exactly what they held before (every item of every table, every object of the bucket).
 */

/**
 * Generated requests per route: FUZZ_RUNS if set, else 1,000 on CI (CI=true, as .ci/run sets it) and 100 in a
 * local `npm test`, which then takes seconds instead of half a minute (the same generators and assertions).
 */
const runsPerRoute = Number(process.env.FUZZ_RUNS) || (process.env.CI === 'true' ? 1000 : 100)

/** A failure's seed and path, as fast-check prints them, replay it: FUZZ_SEED=-75… FUZZ_PATH=154:64 */
const replay = process.env.FUZZ_SEED
  ? {
      seed: Number(process.env.FUZZ_SEED),
      ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH, endOnFailure: true } : {}),
    }
  : {}

/** The routes that store something of each kind: their valid calls seed the engines. */
const seededRoutes = [
  'create-contact',
  'create-quote',
  'subscribe-newsletter',
  'admin-create-job',
  'admin-create-resource',
  'admin-upload',
] as const satisfies readonly RouteId[]

let authorization: Record<string, string>
const errorLog = vi.fn()

/** What the replies said, per route, for the report. */
const figures: Record<
  string,
  { runs: number; statuses: Record<string, number>; faults: Record<string, number> }
> = {}

withTestEngines()
beforeAll(async () => {
  // The per-IP limit writes a record for every request by design; it has tests of its own.
  process.env.LEAD_RATE_LIMIT = 'off'
  delete process.env.LEADS_TOPIC_ARN
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(errorLog)
  // The admin first, so that the token carries its real session version.
  const { hashPassword } = await import('../../../functions/lib/auth/passwords')
  const { saveAdminUser } = await import('../../../functions/lib/db/admin-users')
  const admin = await saveAdminUser(
    'asha',
    await hashPassword('a long test password', { N: 1024, r: 8, p: 1 }),
  )
  const { adminAuthorization } = await import('../../support/tokens')
  authorization = await adminAuthorization('asha', admin.sessionVersion)

  // Something of every kind (each route's valid call), so that a handler that wrongly writes, updates or
  // deletes would show.
  for (const id of seededRoutes) {
    const handler = await routeHandler(id)
    const reply = parseResult(
      await handler(apiEvent(id, { ...validCall(id), headers: authorization }), lambdaContext),
    )
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300)
  }
}, 60_000)

afterAll(async () => {
  vi.restoreAllMocks()
  if (Object.keys(figures).length > 0) writeFigures('fuzz', figures)
})

/** Text that must never reach a caller: stack frames, file paths, SDK exception names, engine details. */
const internalDetail =
  /\n\s+at |\bat [\w.<>]+ \(|node_modules|\/functions\/|\/work\/|[\w-]+\.(?:ts|mjs|js):\d|\w+Exception\b|TypeError|ReferenceError|RangeError|dynalite|s3rver|127\.0\.0\.1|ECONN|\$metadata|requestId/

function expectSafeRefusal(result: APIGatewayProxyStructuredResultV2): void {
  const status = result.statusCode ?? 0
  const context = `${status} ${String(result.body).slice(0, 300)}`
  expect(status, context).toBeGreaterThanOrEqual(400)
  expect(status, context).toBeLessThan(500)
  expect(result.headers?.['content-type'], context).toMatch(/^application\/json/)
  const body: unknown = JSON.parse(String(result.body))
  expect(body, context).toEqual(expect.objectContaining({ error: expect.any(String) }))
  const { error, fields, ...rest } = body as { error: string; fields?: Record<string, unknown> }
  expect(rest, context).toEqual({})
  expect(error.length, context).toBeGreaterThan(0)
  if (fields !== undefined) {
    for (const message of Object.values(fields)) expect(typeof message, context).toBe('string')
  }
  expect(String(result.body), context).not.toMatch(internalDetail)
}

describe('fuzzing every handler of functions/routes.ts (in process, on dynalite and s3rver)', () => {
  it.each(everyRoute)(
    `%s refuses ${runsPerRoute} bad requests with a 4xx JSON error and writes nothing`,
    async (id, route) => {
      const handler = await routeHandler(route)
      const before = await engineState()
      const tally = { runs: 0, statuses: {} as Record<string, number>, faults: {} as Record<string, number> }
      errorLog.mockClear()
      await fc.assert(
        fc.asyncProperty(
          badRequests(route, fixtureOf(id), route.auth === 'admin' ? authorization : {}),
          async (bad) => {
            const result = await handler(bad.event, lambdaContext)
            expectSafeRefusal(result)
            tally.runs += 1
            const status = String(result.statusCode)
            tally.statuses[status] = (tally.statuses[status] ?? 0) + 1
            const fault: FaultKind = bad.fault
            tally.faults[fault] = (tally.faults[fault] ?? 0) + 1
          },
        ),
        { numRuns: runsPerRoute, ...replay },
      )
      // Nothing was logged as a fault of ours (5xx replies are logged), and nothing changed in the engines
      // but the activity log's record of each refused privacy request, which the Act's duties ask for (its
      // entries name the route, the reason and the network, never the person).
      expect(errorLog).not.toHaveBeenCalled()
      const after = await engineState()
      const refusalRecords =
        after.items.content?.filter((item) => !before.items.content?.includes(item)) ?? []
      for (const record of refusalRecords) {
        expect(JSON.parse(record), id).toMatchObject({ pk: 'AUDIT', action: 'privacy-refused', target: id })
      }
      expect({
        ...after,
        items: {
          ...after.items,
          content: after.items.content?.filter((item) => !refusalRecords.includes(item)),
        },
      }).toEqual(before)
      figures[id] = tally
      expect(tally.runs).toBeGreaterThanOrEqual(runsPerRoute)
      expect(stateCounts(after).leads).toBeGreaterThan(0)
    },
    120_000,
  )
})
