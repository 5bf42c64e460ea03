/**
 * Maps a stack trace of a deployed route function back to the TypeScript it was built from, offline:
 *
 *   npm run map-trace -- <route id> < trace.txt        (or paste the trace, then Ctrl-D)
 *
 * The functions run without `--enable-source-maps` (it costs every cold start ~20 ms and the exports ~300 ms),
 * so their logged traces point into the minified bundle (`index.mjs:1:23456`). Each bundle is built with its
 * source map beside it (`dist/functions/<route id>/index.mjs.map`, also in the deployed code): this reads the
 * trace, and prints each frame of the bundle with the source file, line and column it came from. Use the build
 * of the deployed commit.
 */
import { readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildPaths } from '../build-paths'

/** A frame of the bundle in a trace line: `index.mjs:<line>:<column>` (1-based, as V8 prints them). */
const bundleFrame = /index\.mjs:(\d+):(\d+)/g

/**
 * `trace` with every bundle position followed by its source position, ` [functions/lib/http.ts:41:7]`
 * (1-based, as in an editor), or left as it is where the map has no entry.
 */
export function mapTrace(trace: string, map: SourceMap): string {
  return trace.replace(bundleFrame, (frame, line: string, column: string) => {
    const entry = map.findEntry(Number(line) - 1, Number(column) - 1)
    if (!entry || !('originalSource' in entry) || !entry.originalSource) return frame
    const source = entry.originalSource.replace(/^(\.\.\/)+/, '')
    return `${frame} [${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}]`
  })
}

/** The source map of a route's bundle in `functionsDir`. */
export function routeSourceMap(routeId: string, functionsDir = buildPaths.functions): SourceMap {
  if (!/^[a-z0-9-]+$/.test(routeId)) throw new Error(`Not a route id: ${JSON.stringify(routeId)}`)
  const file = join(functionsDir, routeId, 'index.mjs.map')
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new Error(`No source map at ${file}: run npm run build (of the deployed commit) first`)
  }
  return new SourceMap(JSON.parse(text))
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const routeId = process.argv[2]
  if (!routeId) {
    console.error('Usage: npm run map-trace -- <route id> < trace.txt')
    process.exit(2)
  }
  try {
    const map = routeSourceMap(routeId)
    process.stdout.write(mapTrace(readFileSync(0, 'utf8'), map))
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}
