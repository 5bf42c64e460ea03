import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..', '..')

/** The top level the product owner fixed: four folders, the root files, dot-files and tool configs. */
const allowedTopLevel = new Set([
  'infra',
  'web',
  'functions',
  'test',
  'cdk.json',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'README.md',
  'SECURITY.md',
  'CONTRIBUTING.md',
  // tool configs
  'biome.json',
  'vite.config.ts',
  'vitest.config.ts',
  'react-router.config.ts',
])

describe('repository layout', () => {
  it('keeps to the fixed top level: generated reports live under test/', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
    const topLevel = new Set(tracked.map((path) => path.split('/')[0] as string))
    const unexpected = [...topLevel].filter((name) => !name.startsWith('.') && !allowedTopLevel.has(name))
    expect(unexpected).toEqual([])
    expect(tracked).toContain('test/bench/results.md')
  })
})
