import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { inject } from 'vitest'

const run = promisify(execFile)
const root = join(import.meta.dirname, '..', '..')

/** The command-line scripts under infra/ that tests run many times. */
export type ScriptName = 'admin-cli' | 'smoke'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Each script bundled into one module, when the integration project's global setup built them. */
    scriptBundles?: Readonly<Record<ScriptName, string>>
  }
}

export interface CliResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs `infra/<name>.ts ...args` in the repository with the environment `env`; never throws for a non-zero
 * exit, which it answers as `code`. It runs the script's bundle (test/integration/global-setup.ts) with
 * `node`; without one, or with `{ script: true }`, the tsx script itself, as `npm run <script> -- ...args`
 * does.
 */
export async function runScript(
  name: ScriptName,
  args: readonly string[],
  { env = process.env, script = false }: { env?: NodeJS.ProcessEnv; script?: boolean } = {},
): Promise<CliResult> {
  const bundle = script ? undefined : inject('scriptBundles')?.[name]
  const [command, commandArgs] = bundle
    ? [process.execPath, [bundle, ...args]]
    : [join(root, 'node_modules', '.bin', 'tsx'), [`infra/${name}.ts`, ...args]]
  try {
    const { stdout, stderr } = await run(command, commandArgs, { cwd: root, env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as CliResult
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/**
 * Runs the admin CLI (`npm run admin -- ...args`, see runScript) on the data folder `dataDir`, with `env` on
 * top of this process's environment.
 */
export function runAdminCli(
  dataDir: string,
  args: readonly string[],
  env: Record<string, string> = {},
  { script = false }: { script?: boolean } = {},
): Promise<CliResult> {
  return runScript('admin-cli', args, { env: { ...process.env, DATA_DIR: dataDir, ...env }, script })
}
