import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[] }[]
}

/**
 * The serious and critical WCAG 2.1 AA violations axe-core finds on the page as it is now, one line each
 * (`id (impact): help at targets`). axe runs through DevTools, outside the page's CSP, as an extension would.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // A toast still fading in or out is half transparent, and axe would read its text as too faint: the page is
  // checked as it is once every finite animation and transition has ended (a spinner's endless one is left).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      // A paused animation never finishes: the check goes on after five seconds whatever is still moving.
      new Promise((settle) => setTimeout(settle, 5_000)),
    ]),
  )
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> }
      }
    ).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // Every rule still runs on every element and every violation is reported in full; only the passes and
      // the incomplete results (which nothing reads) stop at one element each instead of a selector for every
      // element checked, which was half of axe's time on a page.
      resultTypes: ['violations'],
    })
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target })),
    }))
  })
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    )
}
