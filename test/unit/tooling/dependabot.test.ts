import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const config = readFileSync(new URL('../../../.github/dependabot.yml', import.meta.url), 'utf8')

/** The patterns of one group of the npm updates, read from the YAML text (no YAML parser in the repo). */
function groupPatterns(group: string): string[] {
  const match = new RegExp(`\\n {6}${group}:\\n {8}patterns: \\[([^\\]]*)\\]`).exec(config)
  return (match?.[1] ?? '').split(',').map((pattern) => pattern.trim().replace(/^["']|["']$/g, ''))
}

describe('dependency updates (.github/dependabot.yml)', () => {
  it('checks npm and the GitHub Actions weekly', () => {
    expect(config).toMatch(/package-ecosystem: npm\n {4}directory: \/\n {4}schedule:\n {6}interval: weekly/)
    expect(config).toMatch(
      /package-ecosystem: github-actions\n {4}directory: \/\n {4}schedule:\n {6}interval: weekly/,
    )
  })

  it('updates the packages that must move together as one pull request', () => {
    expect(groupPatterns('aws-sdk')).toContain('@aws-sdk/*')
    expect(groupPatterns('react-router')).toEqual(
      expect.arrayContaining(['react-router', 'react-router-dom', '@react-router/*']),
    )
    expect(groupPatterns('middy')).toContain('@middy/*')
    expect(groupPatterns('vitest')).toEqual(expect.arrayContaining(['vitest', '@vitest/*']))
  })
})
