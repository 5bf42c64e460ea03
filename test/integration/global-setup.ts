import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { build } from 'esbuild'
import type { TestProject } from 'vitest/node'
import { sharedOptions } from '../../infra/build-functions'
import { repoRoot } from '../../infra/build-paths'

/**
 * Once per run of the integration project: infra/admin-cli.ts bundled into one ES module, which
 * test/support/admin-cli.ts runs with `node`. The same code as `tsx infra/admin-cli.ts`, started in about a
 * third of the CPU time (tsx compiles every source file, and Node reads the AWS SDK file by file, at each
 * start); its tests run the CLI about 70 times. It lies under node_modules/.cache so that the packages left out
 * of it (the engines, with LevelDB's native module) resolve from node_modules as they do for the script.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outfile = join(repoRoot, 'node_modules', '.cache', 'admin-cli-test', `admin-cli-${process.pid}.mjs`)
  await build({
    ...sharedOptions,
    entryPoints: [join(repoRoot, 'infra', 'admin-cli.ts')],
    outfile,
    // The command line's own AWS credentials chain: of the Lambda bundles' aliases, only `@core`.
    alias: { '@core': join(repoRoot, 'functions', 'core') },
    external: ['dynalite', 's3rver'],
    sourcemap: false,
  })
  project.provide('adminCliBundle', outfile)
  return () => rm(outfile, { force: true })
}
