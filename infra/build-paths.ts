/**
 * Where `npm run build` writes, defined once: the prerendered site and the route bundles. The build steps,
 * the stack, the local stand-in, the bench and the tests read these.
 */
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/** The web build's folder as react-router.config.ts names it (relative to the repository). */
export const webBuildDirectory = join('dist', 'web')

/**
 * The web build's folder: WEB_BUILD_DIR when set (a test builds for another SITE_URL beside the usual one),
 * else dist/web.
 */
export function webBuildDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(repoRoot, env.WEB_BUILD_DIR || webBuildDirectory)
}

export const buildPaths = {
  /** The prerendered site: one index.html per page, and /assets. */
  site: join(repoRoot, webBuildDirectory, 'client'),
  /** One bundle per route of functions/routes.ts: `<route id>/index.mjs`. */
  functions: join(repoRoot, 'dist', 'functions'),
  /** esbuild metafiles, one per route (kept outside the deployed folders). */
  functionsMeta: join(repoRoot, 'dist', 'functions-meta'),
} as const

/** The prerendered site of a web build folder. */
export const siteOf = (buildDir: string): string => join(buildDir, 'client')
