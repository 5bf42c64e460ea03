/**
 * After `react-router build`: links the web app manifest (`/admin.webmanifest`) from the staff workspace's
 * prerendered pages, and from no other page, so a phone can install the workspace (iOS delivers Web Push only
 * to an installed web app) while the public site stays a site. Written into the HTML rather than a route's
 * `meta`, which would add its bytes to every workspace page's JavaScript; React leaves a `<link>` it did not
 * render in the head alone when it hydrates. Run by `npm run build:web`; idempotent.
 *
 *   tsx infra/workspace-manifest.ts [siteDir]
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { htmlFiles } from './build-csp'
import { siteOf, webBuildDir } from './build-paths'

/** The tag every workspace page carries. */
export const workspaceManifestLink = '<link rel="manifest" href="/admin.webmanifest"/>'

const charsetMeta = /<meta charset="[^"]*"\/?>/i

/** `html` with the manifest link after its charset (once, however often it runs). */
export function withWorkspaceManifest(html: string): string {
  if (html.includes(workspaceManifestLink)) return html
  const charset = charsetMeta.exec(html)
  if (!charset) throw new Error('A workspace page without <meta charset>: cannot link the manifest')
  const at = charset.index + charset[0].length
  return `${html.slice(0, at)}${workspaceManifestLink}${html.slice(at)}`
}

/** Links the manifest from every page under `<siteDir>/admin`; returns how many pages it wrote. */
export function linkWorkspaceManifest(siteDir: string): number {
  const workspace = join(siteDir, 'admin')
  if (!existsSync(workspace)) return 0
  const files = htmlFiles(workspace)
  for (const file of files) writeFileSync(file, withWorkspaceManifest(readFileSync(file, 'utf8')))
  return files.length
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const siteDir = resolve(process.argv[2] ?? siteOf(webBuildDir()))
  console.log(`Web app manifest linked from ${linkWorkspaceManifest(siteDir)} workspace pages in ${siteDir}`)
}
