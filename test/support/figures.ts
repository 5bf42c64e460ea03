import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Where the security tests leave the figures they measured (inputs per handler, fault cases, counts), one
 * JSON file per test file, for SECURITY.md. `SECURITY_FIGURES_DIR` overrides the folder.
 */
export const figuresDir = process.env.SECURITY_FIGURES_DIR || join(tmpdir(), 'suryodaya-security-figures')

/** Writes `figures` as `<name>.json` in figuresDir and returns the file's path. */
export function writeFigures(name: string, figures: unknown): string {
  mkdirSync(figuresDir, { recursive: true })
  const file = join(figuresDir, `${name}.json`)
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`)
  return file
}
