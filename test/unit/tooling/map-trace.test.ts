import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { SourceMap } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mapTrace, routeSourceMap } from '../../../infra/tools/map-trace'

/**
 * The functions run without --enable-source-maps, so their traces point into the minified bundle: the tool
 * maps them back. A real bundle built the way the functions are (minified, linked map) throws; its trace,
 * taken without source maps, is mapped to the line of the TypeScript that threw.
 */
const run = promisify(execFile)
let dir: string
let trace: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'map-trace-'))
  await writeFile(
    join(dir, 'failing.ts'),
    [
      'export function parse(text: string): number {',
      '  const value = Number(text)',
      "  if (Number.isNaN(value)) throw new Error('not a number')",
      '  return value',
      '}',
      "export const handler = () => parse('x')",
      '',
    ].join('\n'),
  )
  await build({
    entryPoints: [join(dir, 'failing.ts')],
    outfile: join(dir, 'route', 'index.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    minify: true,
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'silent',
  })
  // In a plain node process, as Lambda runs it without --enable-source-maps (Vitest's own workers map
  // traces themselves).
  const script = `import(${JSON.stringify(pathToFileURL(join(dir, 'route', 'index.mjs')).href)}).then((bundle) => {
    try { bundle.handler() } catch (error) { console.log(error.stack) }
  })`
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, NODE_OPTIONS: '' },
  })
  trace = stdout
})
afterAll(async () => rm(dir, { recursive: true, force: true }))

describe('map-trace', () => {
  it('maps each frame of the minified bundle to the TypeScript line that threw', () => {
    expect(trace).toMatch(/index\.mjs:1:\d+/)
    const mapped = mapTrace(trace, routeSourceMap('route', dir))
    expect(mapped).toMatch(/index\.mjs:1:\d+ \[.*failing\.ts:3:\d+\]/)
    expect(mapped).toMatch(/index\.mjs:1:\d+ \[.*failing\.ts:6:\d+\]/)
  })

  it('leaves a line without a bundle frame as it is', async () => {
    const map = new SourceMap(JSON.parse(await readFile(join(dir, 'route', 'index.mjs.map'), 'utf8')))
    expect(mapTrace('Error: boom\n    at node:internal/x:1:2', map)).toBe(
      'Error: boom\n    at node:internal/x:1:2',
    )
  })

  it('refuses a route id that is not one and says when there is no build', () => {
    expect(() => routeSourceMap('../etc', dir)).toThrow('Not a route id')
    expect(() => routeSourceMap('missing', dir)).toThrow(/No source map at .*npm run build/)
  })
})
