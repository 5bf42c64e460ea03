import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { bundleWeights, lambdaBudget } from '../support/budgets'

const functionsDir = fileURLToPath(new URL('../../dist/functions', import.meta.url))

/** Sizes of the production build are deterministic, so they are guarded here; timings are in npm run bench. */
describe('size budgets of the build', () => {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

  it.each(bundleWeights(functionsDir).map((bundle) => [bundle.route, bundle] as const))(
    'the %s Lambda bundle stays within its budget (150 KB gzip unless listed as an exception)',
    (route, bundle) => {
      expect(bundle.gzip, `${route} is ${kb(bundle.gzip)} gzip`).toBeLessThanOrEqual(lambdaBudget(route))
    },
  )
})
