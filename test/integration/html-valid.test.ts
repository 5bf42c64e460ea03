import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { HtmlValidate } from 'html-validate'
import { describe, expect, it } from 'vitest'
import { buildPaths } from '../../infra/build-paths'

const siteDir = buildPaths.site

/**
 * html-validate's recommended rules, less the ones that only restate how React serialises HTML (all valid
 * HTML): `<meta/>` for `<meta>`, `autoComplete`/`charSet` attribute casing (HTML attribute names are
 * case-insensitive), `required=""` and `hidden=""` for valueless booleans, and React's generated ids
 * (`_R_1ab_`, the `B:0`/`S:0` markers) checked only for being non-empty and free of spaces.
 */
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    'void-style': 'off',
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'valid-id': ['error', { relaxed: true }],
  },
})

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('the prerendered pages', () => {
  it('pass html-validate (recommended rules): no duplicated classes, misused aria-labels, inline styles, breakable phone numbers or untyped inputs', async () => {
    const files = await htmlFiles(siteDir)
    expect(files.length).toBeGreaterThan(20)
    const problems: string[] = []
    for (const file of files) {
      const report = await validator.validateFile(file)
      for (const result of report.results) {
        for (const message of result.messages) {
          problems.push(`${file.slice(siteDir.length)}:${message.line} ${message.ruleId} ${message.message}`)
        }
      }
    }
    expect(problems).toEqual([])
  })
})
