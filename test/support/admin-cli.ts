import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const root = join(import.meta.dirname, '..', '..')

export interface CliResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs `npm run admin -- ...args` (the tsx script itself) on the data folder `dataDir`, with `env` on top of
 * this process's environment; never throws for a non-zero exit, which it answers as `code`.
 */
export async function runAdminCli(
  dataDir: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(
      join(root, 'node_modules', '.bin', 'tsx'),
      ['infra/admin-cli.ts', ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, ...env } },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as CliResult
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}
