/**
 * After `react-router build`, before infra/build-csp.ts: every prerendered page paints before its
 * JavaScript is requested.
 *
 * React Router puts a `<link rel="modulepreload">` for each module of the page (React and React Router's
 * runtime before any page code) and an inline module script whose static imports load the route
 * modules, all in the head. On a slow phone link those downloads share the bandwidth with the HTML, the
 * stylesheet and the font the first paint needs, and Lighthouse's simulation counts them before the first
 * and the largest paint. The page is prerendered, so it can be shown
 * first and hydrated right after: this step removes the preload links and rewrites the boot script to
 * wait for the first contentful paint (at once in a hidden tab), then add the same preloads and
 * import the same modules, in the same order, before it loads the client entry exactly as before.
 * Links work before hydration (they are plain anchors).
 *
 * Forms do not: until React has taken over, the browser would send a form itself, as a GET to the page,
 * with every field (a password included) in the URL, and the visitor's text would be lost. A small script
 * at the top of the head holds back any form submit until the root layout has marked `<html
 * data-hydrated>`; the fields keep what was typed and the next press sends it through the page's code.
 *
 *   tsx infra/defer-hydration.ts [siteDir]
 *
 * Idempotent: a page without preload links is left as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { htmlFiles } from './build-csp'
import { siteOf, webBuildDir } from './build-paths'

const modulePreload = /<link rel="modulepreload" href="([^"]+)"\/>/g
const bootScript = /<script type="module" async="">([\s\S]*?)<\/script>/g
const staticImport = /import \* as (\w+) from ("[^"]+");|import ("[^"]+");/g

/**
 * Waits for the first paint: the browser's own `first-contentful-paint` entry once it is recorded, at most a
 * second; two animation frames in a browser without paint timing; nothing when the tab is hidden (no frames
 * run). Two frames alone were not enough: the frame's paint can be shown later than the second frame starts,
 * and then the JavaScript is requested before the first contentful paint, which Lighthouse's simulation
 * counts as needed for it (an LCP of 2.1–2.4 s instead of 1.2–1.3 s in one run in three on /about).
 */
const afterFirstPaint = [
  'await new Promise((done) => {',
  "  if (document.visibilityState === 'hidden') return setTimeout(done);",
  "  if (typeof PerformanceObserver !== 'function' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return requestAnimationFrame(() => requestAnimationFrame(done));",
  '  const painted = new PerformanceObserver(() => {',
  "    if (performance.getEntriesByName('first-contentful-paint').length === 0) return;",
  '    painted.disconnect();',
  '    done();',
  '  });',
  "  painted.observe({ type: 'paint', buffered: true });",
  '  setTimeout(() => { painted.disconnect(); done() }, 1000);',
  '});',
].join('\n')

/** The modules a deferred boot script loads, as data at its top (the budget test reads it too). */
export interface DeferredBoot {
  /** Every module React Router preloaded for the page, preloaded again after the first paint. */
  readonly preloads: readonly string[]
  /** The boot script's static imports, in order: the binding (`route0`…, or '' for a bare import) and the file. */
  readonly imports: readonly { readonly as: string; readonly from: string }[]
}

const bootData = /const boot = (\{.*?\});\n/

/** The boot script's body with its static imports turned into imports made after the first paint. */
export function deferredBoot(body: string, preloads: readonly string[]): string {
  const imports: { as: string; from: string }[] = []
  const rest = body.replace(staticImport, (_match, name?: string, from?: string, bare?: string) => {
    imports.push({ as: name ?? '', from: JSON.parse(from ?? bare ?? '""') as string })
    return ''
  })
  if (imports.length === 0 || /^\s*import\s/m.test(rest)) {
    throw new Error(`React Router's boot script changed shape; update infra/defer-hydration.ts:\n${body}`)
  }
  const boot: DeferredBoot = { preloads, imports }
  return [
    `const boot = ${JSON.stringify(boot)};`,
    afterFirstPaint,
    "for (const href of boot.preloads) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.append(link) }",
    `const [${imports.map((item) => item.as).join(', ')}] = await Promise.all(boot.imports.map((item) => import(item.from)));`,
    rest.trim(),
  ].join('\n')
}

/** The data of a deferred page's boot script, or undefined for a page without one. */
export function deferredBootOf(html: string): DeferredBoot | undefined {
  const match = bootData.exec(html)
  return match?.[1] ? (JSON.parse(match[1]) as DeferredBoot) : undefined
}

/** Holds back the browser's own form submits until React has hydrated the page (see above). */
export const holdEarlySubmits =
  "document.addEventListener('submit', (event) => { if (!document.documentElement.hasAttribute('data-hydrated')) event.preventDefault() }, true)"

const holdScript = `<script>${holdEarlySubmits}</script>`

/** The page with its module preloads and boot script deferred until after the first paint. */
export function deferHydration(html: string): string {
  const preloads = [...html.matchAll(modulePreload)].map((match) => match[1] ?? '')
  if (preloads.length === 0) return html
  const boots = [...html.matchAll(bootScript)]
  if (boots.length !== 1) throw new Error(`Expected one React Router boot script, found ${boots.length}`)
  const head = /<head[^>]*>/i.exec(html)
  if (!head) throw new Error('A prerendered page without <head>')
  const end = head.index + head[0].length
  return (html.slice(0, end) + holdScript + html.slice(end))
    .replace(modulePreload, '')
    .replace(
      bootScript,
      (_match, body: string) => `<script type="module" async="">${deferredBoot(body, preloads)}</script>`,
    )
}

/** Defers hydration on every page under `siteDir`; returns how many pages it changed. */
export function deferHydrationOfPages(siteDir: string): number {
  let changed = 0
  for (const file of htmlFiles(siteDir)) {
    const html = readFileSync(file, 'utf8')
    const deferred = deferHydration(html)
    if (deferred !== html) {
      writeFileSync(file, deferred)
      changed += 1
    }
  }
  return changed
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The site folder: the argument, else the build's own (WEB_BUILD_DIR, as react-router.config.ts).
  const siteDir = resolve(process.argv[2] ?? siteOf(webBuildDir()))
  console.log(
    `Hydration deferred past the first paint on ${deferHydrationOfPages(siteDir)} pages in ${siteDir}`,
  )
}
