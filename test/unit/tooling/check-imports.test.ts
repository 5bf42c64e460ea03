import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkImports, formatViolation } from '../../../infra/tools/check-imports'

const root = join(import.meta.dirname, '..', '..', '..')

/** A small tree with every allowed kind of import and one bad import of each kind. */
const fixture: Record<string, string> = {
  'functions/core/quote.ts': "import * as z from 'zod/mini'\nimport { a } from './other'\n",
  'functions/core/other.ts': 'export const a = 1\n',
  'functions/core/bad.ts': "import { tables } from '../lib/store-definitions'\n",
  'functions/lib/store-definitions.ts': "import { a } from '../core/other'\nexport const tables = {}\n",
  'functions/lib/uses-core-alias.ts': "import type { A } from '@core/other'\n",
  'functions/lib/bad-infra.ts': "import { x } from '../../infra/site-files'\n",
  'functions/admin/bad-web.ts': "export { company } from '../../web/app/content/company'\n",
  'functions/routes.ts': "import type { T } from './lib/store-definitions'\n",
  'web/app/routes.ts':
    "import { parse } from '../../functions/core/other'\nimport { routes } from '../../functions/routes'\n",
  'web/app/lib/api.ts': "import { a } from '@core/quote'\nimport { b } from '~/content/company'\n",
  'web/app/content/company.ts': 'export const company = {}\n',
  'web/app/bad-lib.ts': "const stores = await import('../../functions/lib/store-definitions')\n",
  'web/app/bad-infra.ts': "import { y } from '../../infra/site-files'\n",
  'web/app/features/quote/prefill.ts': "import { a } from '@core/quote'\nexport const p = 1\n",
  'web/app/features/quote/components/form.tsx':
    "import { p } from '../prefill'\nimport { q } from '~/features/quote/prefill'\nimport { b } from '~/lib/api'\n",
  'web/app/features/calculator/bad-feature.tsx': "import { p } from '~/features/quote/prefill'\n",
  'web/app/features/careers/bad-relative.ts': "export * from '../quote/prefill'\n",
  'web/app/features/careers/bad-folder.ts': "import { q } from '../quote'\n",
  'web/app/features/admin/session/admin-client.ts': 'export const adminFetch = 1\n',
  'web/app/features/admin/shared/admin-section.tsx': "import { adminFetch } from '../session/admin-client'\n",
  'web/app/features/admin/users/users-page.tsx':
    "import { s } from '../shared/admin-section'\nimport { adminFetch } from '~/features/admin/session/admin-client'\n",
  'web/app/features/admin/shell/staff-workspace.tsx': "import { u } from '../users/users-page'\n",
  'web/app/features/admin/leads/bad-part.tsx': "import { u } from '../users/users-page'\n",
  'web/app/features/admin/shared/bad-shared.ts': "import { u } from '~/features/admin/users/users-page'\n",
  'infra/site-files.ts':
    "import { routes } from '../functions/routes'\nimport { company } from '../web/app/content/company'\n",
  'infra/local/server.ts':
    "import { x } from '../site-files'\nimport { tables } from '../../functions/lib/store-definitions'\n",
  'infra/stack.ts': "import { Site } from './constructs/site'\n",
  'infra/constructs/site.ts': "import { list } from '../local/server'\n",
  'infra/bad-test.ts': "import { helper } from '../test/support/helper'\n",
  'test/support/helper.ts': "import { x } from '../../infra/local/server'\n",
}

const fixtureRoot = mkdtempSync(join(tmpdir(), 'check-imports-'))
for (const [path, text] of Object.entries(fixture)) {
  mkdirSync(dirname(join(fixtureRoot, path)), { recursive: true })
  writeFileSync(join(fixtureRoot, path), text)
}
afterAll(() => rmSync(fixtureRoot, { recursive: true, force: true }))

describe('import directions (npm run check)', () => {
  it('holds for the repository', () => {
    expect(checkImports(root).map(formatViolation)).toEqual([])
  })

  it('names every bad import of the fixture tree, and nothing else', () => {
    const found = checkImports(fixtureRoot).map(({ file, specifier }) => `${file} -> ${specifier}`)
    expect(found.sort()).toEqual(
      [
        'functions/core/bad.ts -> ../lib/store-definitions',
        'functions/lib/bad-infra.ts -> ../../infra/site-files',
        'functions/admin/bad-web.ts -> ../../web/app/content/company',
        'web/app/bad-lib.ts -> ../../functions/lib/store-definitions',
        'web/app/bad-infra.ts -> ../../infra/site-files',
        'web/app/features/calculator/bad-feature.tsx -> ~/features/quote/prefill',
        'web/app/features/careers/bad-relative.ts -> ../quote/prefill',
        'web/app/features/careers/bad-folder.ts -> ../quote',
        'web/app/features/admin/leads/bad-part.tsx -> ../users/users-page',
        'web/app/features/admin/shared/bad-shared.ts -> ~/features/admin/users/users-page',
        'infra/constructs/site.ts -> ../local/server',
        'infra/bad-test.ts -> ../test/support/helper',
      ].sort(),
    )
  })

  it('fails the script with each file and import named, and is part of npm run check', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'infra/tools/check-imports.ts', fixtureRoot],
      {
        cwd: root,
        encoding: 'utf8',
      },
    )
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      "infra/constructs/site.ts: import '../local/server' (infra/local/server): cloud constructs never import the local stand-in",
    )
    expect(run.stderr).toContain("functions/core/bad.ts: import '../lib/store-definitions'")
    expect(run.stderr).toContain(
      "web/app/features/calculator/bad-feature.tsx: import '~/features/quote/prefill' (web/app/features/quote/prefill): a feature imports no other feature",
    )
    expect(run.stderr).toContain('12 import(s) against')

    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<
      string,
      string
    >
    expect(scripts['check:imports']).toBe('tsx infra/tools/check-imports.ts')
    expect(scripts.check).toContain('npm run check:imports')
    // It starts Node with tsx and reads the fixture's files: a few seconds on a busy machine.
  }, 30_000)
})
