import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BuildOptions, build } from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'
import { builtinsThroughRequire, sharedOptions } from '../../../infra/build-functions'

const work = mkdtempSync(join(tmpdir(), 'builtins-through-require-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/**
 * A module that uses a little of three built-ins, as the functions do (client-ip.ts, partition-io.ts, middy),
 * both as static imports and as a dynamic one; its default export says what they answered.
 */
const entry = join(work, 'entry.ts')
writeFileSync(
  entry,
  [
    "import { isIPv4 } from 'node:net'",
    "import { isDeepStrictEqual } from 'node:util'",
    "import { setTimeout } from 'node:timers'",
    "import * as path from 'path'",
    'export default async () => {',
    "  const { createHash } = await import('node:crypto')",
    '  await new Promise((done) => setTimeout(done, 1))',
    "  return [isIPv4('10.0.0.1'), isIPv4('::1'), isDeepStrictEqual({ a: [1] }, { a: [1] }), path.posix.join('a', 'b'),",
    "    createHash('sha256').update('x').digest('hex').slice(0, 8)]",
    '}',
  ].join('\n'),
)

/**
 * Bundles the module with `options`, then imports it in a fresh Node: what it answered, and which of Node's
 * own modules the import loaded (before the default export runs).
 */
async function loadedBy(options: BuildOptions): Promise<{ answers: unknown[]; loaded: string[] }> {
  const outfile = join(work, `${Math.random().toString(36).slice(2)}.mjs`)
  await build({ ...options, entryPoints: [entry], outfile, sourcemap: false })
  const script = [
    'const before = new Set(process.moduleLoadList)',
    `const module = await import(${JSON.stringify(outfile)})`,
    'const loaded = process.moduleLoadList.filter((name) => !before.has(name))',
    'console.log(JSON.stringify({ loaded, answers: await module.default() }))',
  ].join('\n')
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  )
}

describe('the bundles take Node built-ins through require', () => {
  const withoutPlugin = {
    ...sharedOptions,
    plugins: (sharedOptions.plugins ?? []).filter((plugin) => plugin !== builtinsThroughRequire),
  }

  it('is one of the options every bundle shares', () => {
    expect(sharedOptions.plugins).toContain(builtinsThroughRequire)
  })

  it('gives the same answers, without loading the parts of a built-in nobody asked for', async () => {
    const [through, imported] = await Promise.all([loadedBy(sharedOptions), loadedBy(withoutPlugin)])
    const answers = [true, false, true, 'a/b', '2d711642']
    expect(through.answers).toEqual(answers)
    expect(imported.answers).toEqual(answers)
    // An ES module import reads every export of node:net and node:util, which loads their lazy parts.
    const lazyParts = ['NativeModule internal/blocklist', 'NativeModule internal/util/parse_args/parse_args']
    for (const part of lazyParts) {
      expect(imported.loaded).toContain(part)
      expect(through.loaded).not.toContain(part)
    }
    expect(through.loaded.length).toBeLessThan(imported.loaded.length)
  }, 30_000)
})
