/**
 * Bundles one Lambda per entry of functions/routes.ts, functions/schedules.ts and functions/relays.ts into
 * dist/functions/<id>/index.mjs. The CDK stack deploys exactly these folders and the local stand-in imports
 * exactly these files.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BuildOptions, build, context, type Plugin } from 'esbuild'
import { runTimeRoutes } from '../functions/lib/route-at-run-time'
import { relays } from '../functions/relays'
import { routes } from '../functions/routes'
import { schedules } from '../functions/schedules'
import { buildPaths, repoRoot } from './build-paths'

const root = repoRoot
export const functionsOutDir = buildPaths.functions
export const functionsMetaDir = buildPaths.functionsMeta

/** What is bundled: each route's handler, each scheduled function's and each relay's, by id. */
interface Bundled {
  readonly id: string
  readonly handler: string
}
const bundled: readonly Bundled[] = [...routes, ...schedules, ...relays]

/** The entry point of a route's (or scheduled function's) handler module. */
const entryPoint = (route: Bundled) => join(root, 'functions', `${route.handler}.ts`)

/** The module whose import of the route table the bundles get as run-time data (see below). */
const runTimeRouteModule = join(root, 'functions', 'lib', 'route-at-run-time.ts')

/**
 * Gives functions/lib/route-at-run-time.ts, in the bundles, the run-time fields of each route as data in
 * place of functions/routes.ts: the table's grants and partitions are built from the store and partition
 * definitions, code that every bundle would carry and run at each cold start for fields only the stack reads.
 */
export const routeTableAtRunTime: Plugin = {
  name: 'route-table-at-run-time',
  setup(bundle) {
    bundle.onResolve({ filter: /^\.\.\/routes$/ }, (args) =>
      resolve(args.importer) === runTimeRouteModule
        ? { path: 'routes', namespace: 'route-table-at-run-time' }
        : undefined,
    )
    bundle.onLoad({ filter: /.*/, namespace: 'route-table-at-run-time' }, () => ({
      contents: `export const routes = ${JSON.stringify(runTimeRoutes(routes))}`,
      loader: 'js',
    }))
  },
}

/** Node's own modules, without their `node:` prefix. */
const nodeBuiltins: ReadonlySet<string> = new Set(builtinModules)

/**
 * Gives the bundles each of Node's own modules through `require` (the banner's), not an ES module import. An
 * import of a built-in makes Node build an ES module face for it, which reads every export of the module, and
 * reading one runs a lazy getter: `node:net` then loads its BlockList and SocketAddress, `node:util` its
 * argument parser and MIME types, `node:timers` its promises, and so on, at every cold start, for exports no
 * route uses. `require` hands over the module as it is; what a route uses loads when it is first used.
 */
export const builtinsThroughRequire: Plugin = {
  name: 'builtins-through-require',
  setup(bundle) {
    bundle.onResolve({ filter: /^(node:)?[\w/]+$/ }, (args) => {
      const name = args.path.replace(/^node:/, '')
      if (args.kind === 'require-call' || args.namespace === 'node-builtin' || !nodeBuiltins.has(name))
        return undefined
      return { path: `node:${name}`, namespace: 'node-builtin' }
    })
    bundle.onLoad({ filter: /.*/, namespace: 'node-builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)})`,
      loader: 'js',
    }))
  },
}

/**
 * The esbuild options every route bundle shares (the build and the dev loop's watch). Each entry is bundled
 * on its own (no code splitting): one esbuild call for all routes gives each bundle the same modules as a call
 * of its own (the minifier's short names may differ, within a few hundred bytes of 400 KB).
 */
export const sharedOptions: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // The AWS SDK's ES module builds tree-shake; its CommonJS ones (esbuild's default on node) do not, so
  // prefer `module` over `main`.
  mainFields: ['module', 'main'],
  format: 'esm',
  minify: true,
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  alias: {
    '@core': join(root, 'functions', 'core'),
    // Credentials from the environment only: see functions/lib/lambda-credentials.ts.
    '@aws-sdk/credential-provider-node': join(root, 'functions', 'lib', 'lambda-credentials.ts'),
  },
  // Some CommonJS dependencies call require() for Node built-ins; give the ESM bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [routeTableAtRunTime, builtinsThroughRequire],
}

/** The options of one route's bundle alone (the dev loop watches each route on its own). */
function bundleOptions(route: Bundled, outfile: string): BuildOptions {
  return { ...sharedOptions, entryPoints: [entryPoint(route)], outfile }
}

/** Builds every route's bundle; returns the output file of each route id. */
export async function buildFunctions(
  outDir = functionsOutDir,
  metaDir = functionsMetaDir,
): Promise<Record<string, string>> {
  await rm(outDir, { recursive: true, force: true })
  await rm(metaDir, { recursive: true, force: true })
  await mkdir(metaDir, { recursive: true })
  // One esbuild call for every route (about 4x faster than one call per route: the parse of shared modules
  // and the start-up are paid once), each entry written to <route id>/index.mjs.
  const result = await build({
    ...sharedOptions,
    entryPoints: bundled.map((route) => ({ in: entryPoint(route), out: join(route.id, 'index') })),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
  })
  const outputs: Record<string, string> = {}
  await Promise.all(
    bundled.map(async (route) => {
      const outfile = join(outDir, route.id, 'index.mjs')
      // The metafile of this route's bundle alone: its output and map, and the inputs they include.
      const own = Object.entries(result.metafile.outputs).filter(([path]) =>
        resolve(root, path).startsWith(join(outDir, route.id, 'index.mjs')),
      )
      const inputs = new Set(own.flatMap(([, output]) => Object.keys(output.inputs)))
      const metafile = {
        inputs: Object.fromEntries(
          Object.entries(result.metafile.inputs).filter(([path]) => inputs.has(path)),
        ),
        outputs: Object.fromEntries(own),
      }
      await writeFile(join(metaDir, `${route.id}.json`), JSON.stringify(metafile))
      outputs[route.id] = outfile
    }),
  )
  return outputs
}

/**
 * `npm run dev`: builds every route's bundle, then rebuilds a bundle whenever a file it includes changes
 * (the stand-in imports a changed bundle afresh on its next request). Resolves once the first build is
 * written; call the returned function to stop watching.
 */
export async function watchFunctions(outDir = functionsOutDir): Promise<() => Promise<void>> {
  await rm(outDir, { recursive: true, force: true })
  const firstBuilds: Promise<void>[] = []
  const contexts = await Promise.all(
    bundled.map((route) => {
      let built: () => void = () => {}
      firstBuilds.push(new Promise((resolveBuilt) => (built = resolveBuilt)))
      return context({
        ...bundleOptions(route, join(outDir, route.id, 'index.mjs')),
        plugins: [
          ...(sharedOptions.plugins ?? []),
          {
            name: 'report-rebuilds',
            setup(bundle) {
              let builds = 0
              bundle.onEnd((result) => {
                builds += 1
                if (builds === 1) built()
                else if (result.errors.length === 0) console.log(`rebuilt ${route.id}`)
              })
            },
          },
        ],
      })
    }),
  )
  // watch() starts with a full build of each bundle, then rebuilds on change.
  await Promise.all(contexts.map((bundle) => bundle.watch()))
  await Promise.all(firstBuilds)
  return async () => {
    await Promise.all(contexts.map((bundle) => bundle.dispose()))
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  const outputs = await buildFunctions()
  console.log(
    `Built ${Object.keys(outputs).length} functions into dist/functions in ${Date.now() - started} ms`,
  )
}
