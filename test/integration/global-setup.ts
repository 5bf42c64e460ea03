import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { build } from 'esbuild'
import type { TestProject } from 'vitest/node'
import { sharedOptions } from '../../infra/build-functions'
import { repoRoot } from '../../infra/build-paths'
import type { ScriptName } from '../support/admin-cli'

/**
 * Once per run of the integration project: the command-line scripts that tests run many times (the admin CLI
 * about 70 times, the smoke test about 15), each bundled into one ES module run with `node`. The same code as
 * `tsx infra/<script>.ts`, started in about a third of the CPU time (tsx compiles every source file, and Node
 * reads the AWS SDK file by file, at each start). They lie under node_modules/.cache so that the packages left
 * out of them (the engines, with LevelDB's native module) resolve from node_modules as they do for the scripts.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const names: ScriptName[] = ['admin-cli', 'smoke']
  const outdir = join(repoRoot, 'node_modules', '.cache', `cli-test-${process.pid}`)
  await build({
    ...sharedOptions,
    // The admin CLI through test/integration/scripts/admin-cli.ts: the same script, with new passwords
    // hashed at a test's cost.
    entryPoints: names.map((name) => ({
      in:
        name === 'admin-cli'
          ? join(repoRoot, 'test', 'integration', 'scripts', 'admin-cli.ts')
          : join(repoRoot, 'infra', `${name}.ts`),
      out: name,
    })),
    outdir,
    outExtension: { '.js': '.mjs' },
    // The scripts' own AWS credentials chain: of the Lambda bundles' aliases, only `@core`.
    alias: { '@core': join(repoRoot, 'functions', 'core') },
    external: ['dynalite', 's3rver'],
    sourcemap: false,
  })
  project.provide('scriptBundles', {
    'admin-cli': join(outdir, 'admin-cli.mjs'),
    smoke: join(outdir, 'smoke.mjs'),
  })
  return () => rm(outdir, { recursive: true, force: true })
}
