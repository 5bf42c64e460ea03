import { describe, expect, it } from 'vitest'
import { sitePages } from '~/content/pages'
import routeConfig from '~/routes'

/** Every path the route list serves as a page, with a leading slash (files and the catch-all aside). */
function routedPagePaths(): string[] {
  return routeConfig
    .filter((entry) => entry.path !== '*' && !/\.(xml|txt)$/.test(entry.path ?? ''))
    .map((entry) => (entry.index ? '/' : `/${entry.path}`))
}

describe('the page list', () => {
  it('routes exactly the pages content/pages.ts lists, each once', () => {
    const routed = routedPagePaths()
    expect(new Set(routed).size).toBe(routed.length)
    expect([...routed].sort()).toEqual(sitePages.map((page) => page.path).sort())
  })

  it('gives the seven solution pages one module, each under its own route id', () => {
    const solutions = routeConfig.filter((entry) => entry.path?.startsWith('solutions/'))
    expect(solutions.map((entry) => entry.path).sort()).toEqual(
      ['b2b', 'b2c', 'b2g', 'ev-stations', 'solar', 'storage', 'wind'].map((name) => `solutions/${name}`),
    )
    expect(new Set(solutions.map((entry) => entry.file))).toEqual(new Set(['routes/solution.tsx']))
    expect(new Set(solutions.map((entry) => entry.id)).size).toBe(7)
  })
})
