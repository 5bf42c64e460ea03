import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type ApiRoute, routes } from '../../../functions/routes'
import { createRouteMatcher } from '../../../infra/local/api-gateway-adapter'
import { binaryString } from '../../support/code-points'
import { pathParameterNames } from '../../support/fuzz'

/**
 * Wrong methods and path parameters: API Gateway routes by exact method and path; the
 * local stand-in does the same with createRouteMatcher. A request with another method never reaches a route's
 * handler (405 with the allowed methods, or 404), and path parameters arrive decoded, whatever they hold.
 */
const match = createRouteMatcher(routes as readonly ApiRoute[])
const concretePath = (route: ApiRoute, value = 'x') => route.path.replace(/\{[^}]+\}/g, value)

const method = fc.oneof(
  fc.constantFrom(
    'GET',
    'POST',
    'PUT',
    'DELETE',
    'PATCH',
    'HEAD',
    'OPTIONS',
    'TRACE',
    'CONNECT',
    'get',
    'Post',
    'delete',
    '',
  ),
  fc.stringMatching(/^[A-Za-z]{1,10}$/),
)

describe('methods and paths of the route table', () => {
  it.each(routes.map((route) => [route.id, route as ApiRoute] as const))(
    '%s: 1,000 other methods never reach its handler',
    (_id, route) => {
      const path = concretePath(route)
      fc.assert(
        fc.property(method, (verb) => {
          const dispatch = match(verb, path)
          const sameRoute = routes.filter(
            (other) => other.method === verb && match(other.method, path).kind === 'match',
          )
          if (dispatch.kind === 'match') {
            // Only a route with exactly this method (the same path may have several) is ever called.
            expect(dispatch.match.route.method).toBe(verb)
            expect(sameRoute.map((other) => other.id)).toContain(dispatch.match.route.id)
          } else {
            expect(dispatch.kind).toBe('method-not-allowed')
            if (dispatch.kind === 'method-not-allowed') {
              expect(dispatch.allowed).toContain(route.method)
              expect(dispatch.allowed).not.toContain(verb)
            }
          }
        }),
        { numRuns: 1000 },
      )
    },
  )

  const withParameters = routes.filter(
    (route) => pathParameterNames(route as ApiRoute).length > 0,
  ) as ApiRoute[]

  it.each(withParameters.map((route) => [route.id, route] as const))(
    '%s: 1,000 encoded parameter values arrive decoded and never change the route',
    (_id, route) => {
      fc.assert(
        fc.property(binaryString({ minLength: 1, maxLength: 40 }), (value) => {
          // encodeURIComponent refuses lone surrogates, which a URL cannot carry anyway.
          fc.pre(!/[\uD800-\uDFFF]/u.test(value))
          const dispatch = match(route.method, concretePath(route, encodeURIComponent(value)))
          expect(dispatch.kind).toBe('match')
          if (dispatch.kind === 'match') {
            expect(dispatch.match.route.id).toBe(route.id)
            // Every parameter of the path carries the value (a visit's path has the lead's id and its own).
            expect(Object.values(dispatch.match.pathParameters)).toEqual(
              pathParameterNames(route).map(() => value),
            )
          }
        }),
        { numRuns: 1000 },
      )
    },
  )

  it.each(withParameters.map((route) => [route.id, route] as const))(
    '%s: malformed percent-encoding and traversal do not throw or reach another route',
    (_id, route) => {
      for (const raw of [
        '%',
        '%E0%A4%A',
        '%zz',
        '%C0%AE%C0%AE',
        '..%2F..%2Fquotes',
        '%2e%2e',
        '%00',
        '%uD800',
      ]) {
        const dispatch = match(route.method, concretePath(route, raw))
        expect(dispatch.kind, raw).toBe('match')
        if (dispatch.kind === 'match') expect(dispatch.match.route.id).toBe(route.id)
      }
      // A parameter never spans a slash: /a/b is another path.
      expect(match(route.method, concretePath(route, 'a/b')).kind).toBe('not-found')
    },
  )
})
