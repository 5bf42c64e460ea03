import { type ApiRoute, type RouteId, routes } from '../routes'

/**
 * What a function reads of its own route while it runs: who may call it and which of the sign-in's scoped
 * tokens it accepts. The rest of the route table (grants, partitions, throttles, memory) is the stack's.
 *
 * The functions' bundler (infra/build-functions.ts `routeTableAtRunTime`) resolves this module's import of
 * the route table to these fields of every route, as data: the whole table would bring the partition and
 * store definitions it is built from into every bundle and run them at each cold start. Tests and the
 * tooling import the table itself; test/unit/tooling/route-at-run-time.test.ts checks the bundled one.
 */
export const runTimeRouteFields = [
  'id',
  'auth',
  'roles',
  'acceptsEnrolmentToken',
  'acceptsPasswordChangeToken',
] as const satisfies readonly (keyof ApiRoute)[]

export type RunTimeRoute = Pick<ApiRoute, (typeof runTimeRouteFields)[number]>

/** The run-time fields of each route of `table`: what a bundle carries of the route table. */
export function runTimeRoutes(table: readonly ApiRoute[]): RunTimeRoute[] {
  return table.map(
    (route) =>
      Object.fromEntries(
        runTimeRouteFields
          .filter((field) => route[field] !== undefined)
          .map((field) => [field, route[field]]),
      ) as unknown as RunTimeRoute,
  )
}

/** The run-time fields of route `id`. */
export function routeAtRunTime(id: RouteId): RunTimeRoute {
  const route = (routes as readonly RunTimeRoute[]).find((candidate) => candidate.id === id)
  if (!route) throw new Error(`Unknown route id: ${id}`)
  return route
}
