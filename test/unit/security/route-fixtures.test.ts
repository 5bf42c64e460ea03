import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type ApiRoute, routes } from '../../../functions/routes'
import { notAStringNorNull, pathParameterNames } from '../../support/fuzz'
import { routeFixtures } from '../../support/route-fixtures'

/**
 * The route fixtures (test/support/route-fixtures.ts) that the fuzz, fault, role, bad-token, no-Scan and
 * partition-access suites read: TypeScript refuses a route without one; this says which route, for a run
 * without the type check.
 */
describe('route fixtures', () => {
  it.each(routes.map((route) => [route.id, route as ApiRoute] as const))(
    '%s has a fixture with a value for each path parameter, and the faults of its body when it has one',
    (id, route) => {
      const fixture = (routeFixtures as Record<string, (typeof routeFixtures)[keyof typeof routeFixtures]>)[
        id
      ]
      expect(fixture, `no fixture for ${id} in test/support/route-fixtures.ts`).toBeDefined()
      expect(Object.keys(fixture?.pathParameters ?? {}).sort()).toEqual(pathParameterNames(route).sort())
      expect(fixture?.bodyFaults === undefined, 'a body and its faults go together').toBe(
        fixture?.body === undefined,
      )
      for (const field of fixture?.bodyFaults?.required ?? []) expect(fixture?.body).toHaveProperty(field)
    },
  )

  it('names no route the table does not have', () => {
    expect(Object.keys(routeFixtures).sort()).toEqual(routes.map((route) => route.id).sort())
  })

  it("draws no wrong-typed value for an optional field that JSON sends as null, which means 'not given'", () => {
    // NaN and ±Infinity are numbers in the test and null on the wire.
    fc.assert(
      fc.property(notAStringNorNull, (value) => {
        expect(JSON.stringify(value)).not.toBe('null')
      }),
      { numRuns: 5000 },
    )
    expect(JSON.stringify(Number.NaN)).toBe('null')
  })
})
