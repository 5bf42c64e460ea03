/**
 * The import directions of the house, checked: `infra` → `functions` → `functions/core`, and `web` →
 * `functions/core` and the route table. `functions` never imports `infra` or `web`; `functions/core` imports
 * nothing of ours outside itself; the cloud part of `infra` (app, stack, constructs) never imports the local
 * stand-in (`infra/local`); a feature of the site (`web/app/features/<name>/`) imports no other feature: what
 * two features share goes to `web/app/components` or `web/app/lib`. The staff workspace
 * (`web/app/features/admin/`) is cut the same way, into sub-features (leads, users, settings…): one imports
 * no other but `shared/` (what several use) and `session/` (the signed-in client), except the two that compose
 * the others' parts into a page, `shell/` (the workspace's frame) and `dashboard/` (/admin). Tests may import
 * anything.
 *
 * `tsx infra/tools/check-imports.ts [root]` prints one line per import against these rules (file, specifier,
 * rule) and exits 1 if there is any. Reads each file's import, export-from, dynamic import and require
 * specifiers with the TypeScript compiler's pre-processor; resolves relative paths and the `@core/*` and
 * `~/*` aliases of tsconfig.json. Packages are not checked.
 */
import { type Dirent, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export interface ImportViolation {
  /** The importing file, relative to the root, with `/` separators. */
  readonly file: string
  /** The specifier as written. */
  readonly specifier: string
  /** What it resolves to, relative to the root. */
  readonly target: string
  readonly rule: string
}

/** The folders whose files are checked. */
const checkedFolders = ['functions', 'web', 'infra']
const sourceFile = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/
const skippedFolders = new Set(['node_modules', 'dist', '.react-router', 'cdk.out', '.data'])

/** The path aliases of tsconfig.json, as root-relative folders. */
const aliases: ReadonlyArray<readonly [prefix: string, folder: string]> = [
  ['@core/', 'functions/core/'],
  ['~/', 'web/app/'],
]

const under = (path: string, folder: string): boolean => path === folder || path.startsWith(`${folder}/`)
/** A resolved path without its extension (`functions/routes.ts` and `functions/routes` are the same module). */
const withoutExtension = (path: string): string => path.replace(sourceFile, '')

/** The cloud part of infra: what `cdk synth` loads. */
const isCloud = (file: string): boolean =>
  under(file, 'infra/constructs') || ['infra/app', 'infra/stack'].includes(withoutExtension(file))

/** The feature (`web/app/features/<name>/…`) a root-relative path belongs to, if any. */
const featureOf = (path: string): string | undefined => /^web\/app\/features\/([^/]+)(?:\/|$)/.exec(path)?.[1]

/** The sub-feature of the staff workspace (`web/app/features/admin/<name>/…`) a path belongs to, if any. */
const adminPartOf = (path: string): string | undefined =>
  /^web\/app\/features\/admin\/([^/]+)\//.exec(path)?.[1]

/** What every part of the workspace may import: its shared pieces and the session. */
const adminCommonParts = new Set(['shared', 'session'])
/** The parts that put the others' pieces together into a page. */
const adminComposers = new Set(['shell', 'dashboard'])

/** The rule an import from `file` (root-relative) of `target` (root-relative) breaks, if any. */
export function brokenRule(file: string, target: string): string | undefined {
  if (under(file, 'functions/core')) {
    if (!under(target, 'functions/core'))
      return 'functions/core imports nothing of ours outside functions/core'
    return undefined
  }
  if (under(file, 'functions')) {
    if (under(target, 'infra') || under(target, 'web') || under(target, 'test')) {
      return 'functions imports neither infra, web nor test'
    }
    return undefined
  }
  if (under(file, 'web')) {
    const feature = featureOf(file)
    const targetFeature = featureOf(target)
    if (feature && targetFeature && targetFeature !== feature) {
      return 'a feature imports no other feature (what features share goes to web/app/components or web/app/lib)'
    }
    const part = adminPartOf(file)
    const targetPart = adminPartOf(target)
    if (part && targetPart && targetPart !== part) {
      if (!adminCommonParts.has(targetPart) && !adminComposers.has(part)) {
        return 'a part of the workspace imports no other part but shared/ and session/ (only shell/ and dashboard/ compose parts)'
      }
    }
    if (
      under(target, 'web') ||
      under(target, 'functions/core') ||
      withoutExtension(target) === 'functions/routes'
    ) {
      return undefined
    }
    return 'web imports only web, functions/core and the route table (functions/routes.ts)'
  }
  if (under(file, 'infra')) {
    if (under(target, 'test')) return 'infra does not import test'
    if (isCloud(file) && under(target, 'infra/local'))
      return 'cloud constructs never import the local stand-in'
  }
  return undefined
}

/** Root-relative path an import specifier leads to, or undefined for a package. */
function resolveSpecifier(root: string, file: string, specifier: string): string | undefined {
  let absolute: string
  const alias = aliases.find(([prefix]) => specifier.startsWith(prefix))
  if (alias) absolute = join(root, alias[1], specifier.slice(alias[0].length))
  else if (specifier.startsWith('.') || specifier.startsWith('/'))
    absolute = resolve(root, dirname(file), specifier)
  else return undefined
  return relative(root, absolute).split(sep).join('/')
}

function* sourceFiles(root: string, folder: string): Generator<string> {
  let entries: Dirent[]
  try {
    entries = readdirSync(join(root, folder), { withFileTypes: true })
  } catch {
    return
  }
  for (const entry of entries) {
    const path = `${folder}/${entry.name}`
    if (entry.isDirectory()) {
      if (!skippedFolders.has(entry.name)) yield* sourceFiles(root, path)
    } else if (sourceFile.test(entry.name)) yield path
  }
}

/** Every import of the checked folders under `root` that breaks a rule, in file order. */
export function checkImports(root: string): ImportViolation[] {
  const violations: ImportViolation[] = []
  for (const folder of checkedFolders) {
    for (const file of sourceFiles(root, folder)) {
      const text = readFileSync(join(root, file), 'utf8')
      const { importedFiles } = ts.preProcessFile(text, true, true)
      for (const { fileName: specifier } of importedFiles) {
        const target = resolveSpecifier(root, file, specifier)
        if (target === undefined) continue
        const rule = brokenRule(file, target)
        if (rule) violations.push({ file, specifier, target, rule })
      }
    }
  }
  return violations
}

export function formatViolation(violation: ImportViolation): string {
  return `${violation.file}: import '${violation.specifier}' (${violation.target}): ${violation.rule}`
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..'))
  const violations = checkImports(root)
  for (const violation of violations) console.error(formatViolation(violation))
  if (violations.length > 0) {
    console.error(
      `${violations.length} import(s) against the house's directions (see infra/tools/check-imports.ts)`,
    )
    process.exit(1)
  }
  console.log('Imports flow one way.')
}
