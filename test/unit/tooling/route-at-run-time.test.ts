import { join } from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { routeAtRunTime, runTimeRouteFields, runTimeRoutes } from '../../../functions/lib/route-at-run-time'
import { type ApiRoute, type RouteId, routes } from '../../../functions/routes'
import { sharedOptions } from '../../../infra/build-functions'
import { repoRoot } from '../../../infra/build-paths'

/** What route-at-run-time.ts gives, bundled as the functions are: its module evaluated from the bundle's text. */
async function bundledRouteTable(): Promise<{ routeAtRunTime: typeof routeAtRunTime; inputs: string[] }> {
  const result = await build({
    ...sharedOptions,
    entryPoints: [join(repoRoot, 'functions', 'lib', 'route-at-run-time.ts')],
    write: false,
    sourcemap: false,
    banner: {},
    outfile: 'route-at-run-time.mjs',
    metafile: true,
  })
  const code = result.outputFiles.find((file) => file.path.endsWith('.mjs'))?.text ?? ''
  const module = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)
  return { routeAtRunTime: module.routeAtRunTime, inputs: Object.keys(result.metafile.inputs) }
}

const pick = (route: ApiRoute) =>
  Object.fromEntries(
    runTimeRouteFields.flatMap((field) => (route[field] === undefined ? [] : [[field, route[field]]])),
  )

describe('the route table at run time', () => {
  it('gives each route its auth, roles and accepted tokens, as the table has them', () => {
    for (const route of routes) expect(routeAtRunTime(route.id)).toMatchObject(pick(route))
    expect(runTimeRoutes(routes)).toEqual(routes.map(pick))
  })

  it('names an unknown route', () => {
    expect(() => routeAtRunTime('no-such-route' as RouteId)).toThrow('Unknown route id: no-such-route')
  })

  it('is bundled as data: the same fields of every route, without the table, its grants or partitions', async () => {
    const bundled = await bundledRouteTable()
    expect(bundled.inputs).not.toContain('functions/routes.ts')
    expect(bundled.inputs.some((input) => input.includes('partition-access'))).toBe(false)
    for (const route of routes) expect(bundled.routeAtRunTime(route.id)).toEqual(pick(route))
    const login = bundled.routeAtRunTime('admin-login')
    expect(login).toEqual({ id: 'admin-login', auth: 'public' })
    expect(() => bundled.routeAtRunTime('no-such-route' as RouteId)).toThrow('Unknown route id')
  }, 30_000)
})
