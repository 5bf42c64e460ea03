import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..', '..')
/** The source trees whose comments must state rules themselves. */
const trees = ['functions', 'infra', 'web/app', 'test']
const skipped = new Set(['node_modules', '.react-router', '+types', 'dist', 'cdk.out'])

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [path] : []
  })
}

/**
 * Neither the product spec nor the issue tracker is in the repository, so a comment that points to a section of
 * the spec or an issue number tells the next reader nothing: it states the rule itself. (Built from parts so that this file
 * does not match itself.)
 */
const pointers = [
  new RegExp(`spec\\s*${'\u00a7'}`, 'i'),
  /\u00a7\s*\d/,
  new RegExp(`\\b${'issue'}s?\\s+#?\\d`, 'i'),
]

describe('comments that stay true', () => {
  it('finds source files to check', () => {
    expect(trees.flatMap((tree) => sourceFiles(join(root, tree))).length).toBeGreaterThan(200)
  })

  it('points to no spec section and no issue number in functions, infra, web/app or test', () => {
    const found: string[] = []
    for (const file of trees.flatMap((tree) => sourceFiles(join(root, tree)))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (pointers.some((pattern) => pattern.test(line)))
            found.push(`${relative(root, file)}:${index + 1}: ${line.trim()}`)
        })
    }
    expect(found).toEqual([])
  })
})
