/**
 * After `react-router build`: gives every prerendered page a `<meta http-equiv="Content-Security-Policy">`
 * that allows exactly its own inline scripts, by SHA-256 hash (see infra/security-headers.ts for why the
 * header alone cannot). Run by `npm run build:web`; idempotent (a page that has the meta is recomputed).
 *
 *   tsx infra/build-csp.ts [siteDir]
 */

import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { siteOf, webBuildDir } from './build-paths'
import { pageScriptPolicy } from './security-headers'

const inlineScript = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi
const existingMeta = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\/>/g
const charsetMeta = /<meta charset="[^"]*"\/?>/i

/** The SHA-256 (base64) of each inline script of a page, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(inlineScript)) {
    const attributes = match[1] ?? ''
    if (/\ssrc\s*=/i.test(attributes)) continue
    if (/\stype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue
    hashes.add(
      createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64'),
    )
  }
  return [...hashes]
}

/** The page with its script policy meta, placed right after the charset so it precedes every script. */
export function withScriptPolicy(html: string): string {
  const page = html.replace(existingMeta, '')
  const meta = `<meta http-equiv="Content-Security-Policy" content="${pageScriptPolicy(inlineScriptHashes(page))}"/>`
  const charset = charsetMeta.exec(page)
  if (charset) {
    const end = charset.index + charset[0].length
    return page.slice(0, end) + meta + page.slice(end)
  }
  const head = /<head[^>]*>/i.exec(page)
  if (!head) throw new Error('A prerendered page without <head>')
  const end = head.index + head[0].length
  return page.slice(0, end) + meta + page.slice(end)
}

export function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'assets' ? [] : htmlFiles(path)
    return name.endsWith('.html') ? [path] : []
  })
}

/** Adds the policy to every page under `siteDir`; returns how many pages it wrote. */
export function addScriptPolicies(siteDir: string): number {
  const files = htmlFiles(siteDir)
  for (const file of files) writeFileSync(file, withScriptPolicy(readFileSync(file, 'utf8')))
  return files.length
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The site folder: the argument, else the build's own (WEB_BUILD_DIR, as react-router.config.ts).
  const siteDir = resolve(process.argv[2] ?? siteOf(webBuildDir()))
  console.log(`Script policies added to ${addScriptPolicies(siteDir)} pages in ${siteDir}`)
}
