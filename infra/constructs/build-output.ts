import { existsSync } from 'node:fs'

/**
 * Fails synthesis with a clear message when a build output the stack deploys is missing. The stack never
 * builds anything itself: `npm run build` bundles the functions into dist/functions/<route id>/index.mjs and
 * prerenders the site into dist/web/client.
 */
export function requireBuildOutput(path: string, what: string): void {
  if (!existsSync(path)) {
    throw new Error(
      `Missing build output: ${what} (${path}). Run \`npm run build\` first: it bundles the functions ` +
        'into dist/functions/<route id>/index.mjs and prerenders the site into dist/web/client.',
    )
  }
}
