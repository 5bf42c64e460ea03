import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { inject } from 'vitest'

const run = promisify(execFile)
const root = join(import.meta.dirname, '..', '..')

declare module 'vitest' {
  export interface ProvidedContext {
    /** The admin CLI's bundle, when the integration project's global setup built it. */
    adminCliBundle?: string
  }
}

export interface CliResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs the admin CLI with `...args` on the data folder `dataDir`, with `env` on top of this process's
 * environment; never throws for a non-zero exit, which it answers as `code`. It runs the bundle the global
 * setup built, if any; otherwise, or with `{ script: true }`, the tsx script itself, as `npm run admin -- ...`
 * does.
 */
export async function runAdminCli(
  dataDir: string,
  args: readonly string[],
  env: Record<string, string> = {},
  { script = false }: { script?: boolean } = {},
): Promise<CliResult> {
  const bundle = script ? undefined : inject('adminCliBundle')
  const [command, commandArgs] = bundle
    ? [process.execPath, [bundle, ...args]]
    : [join(root, 'node_modules', '.bin', 'tsx'), ['infra/admin-cli.ts', ...args]]
  try {
    const { stdout, stderr } = await run(command, commandArgs, {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as CliResult
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}
