import { describe, expect, it } from 'vitest'
import { pageShells } from '~/content/page-shells'
import { sitePages } from '~/content/pages'
import { isStaffPath } from '~/content/staff-paths'
import { leadPath } from '~/features/admin/shared/lead-links'
import { privacyCasePath, workspaceNavigation } from '~/features/admin/shared/workspace-content'
import routeConfig from '~/routes'

/**
 * Every path the route list serves as a page, with a leading slash (files and the catch-all aside); a route
 * with an id in its path as its prerendered shell.
 */
function routedPagePaths(): string[] {
  const shellOf = new Map(pageShells.map((page) => [page.route, page.shell]))
  return routeConfig
    .filter((entry) => entry.path !== '*' && !/\.(xml|txt)$/.test(entry.path ?? ''))
    .map((entry) => (entry.index ? '/' : (shellOf.get(entry.path ?? '') ?? `/${entry.path}`)))
}

describe('the page list', () => {
  it('routes exactly the pages content/pages.ts lists, each once', () => {
    const routed = routedPagePaths()
    expect(new Set(routed).size).toBe(routed.length)
    expect([...routed].sort()).toEqual(sitePages.map((page) => page.path).sort())
  })

  it('has a prerendered shell for each route with a parameter, under the prefix it answers', () => {
    const withParameter = routeConfig.filter((entry) => entry.path?.includes(':'))
    expect(withParameter.map((entry) => entry.path).sort()).toEqual(
      pageShells.map((page) => page.route).sort(),
    )
    for (const page of pageShells) {
      expect(page.shell.startsWith(page.prefix)).toBe(true)
      expect(page.shell.slice(page.prefix.length)).not.toContain('/')
      expect(`/${page.route}`.startsWith(page.prefix)).toBe(true)
    }
  })

  it("answers a lead's page path through the lead page's shell, and only a lead id", () => {
    const [shell] = pageShells
    const id = '0190c0de-0000-7000-8000-000000000001'
    expect(leadPath(id).startsWith(shell!.prefix)).toBe(true)
    expect(shell!.id.test(leadPath(id).slice(shell!.prefix.length))).toBe(true)
    expect(shell!.id.test('lead')).toBe(false)
    expect(shell!.id.test(`${id}/notes`)).toBe(false)
  })

  it("answers a rights request's path through the case page's shell, and only a case reference", () => {
    const shell = pageShells.find((page) => page.shell === '/admin/privacy/requests/case')
    const reference = 'PR-261124-100000-BBBB'
    expect(privacyCasePath(reference).startsWith(shell!.prefix)).toBe(true)
    expect(shell!.id.test(privacyCasePath(reference).slice(shell!.prefix.length))).toBe(true)
    expect(shell!.id.test('case')).toBe(false)
    expect(shell!.id.test(`${reference}/reply`)).toBe(false)
  })

  it("links the workspace's navigation to staff pages of the list, none of them indexable", () => {
    const pages = new Map(sitePages.map((page) => [page.path, page]))
    for (const entry of workspaceNavigation) {
      expect(pages.get(entry.path)?.indexable, entry.path).toBe(false)
      expect(isStaffPath(entry.path)).toBe(true)
    }
    expect(sitePages.filter((page) => isStaffPath(page.path)).every((page) => !page.indexable)).toBe(true)
  })

  it('gives each of the seven solution pages a module of its own, so a page loads only its own copy', () => {
    const solutions = routeConfig.filter((entry) => entry.path?.startsWith('solutions/'))
    const names = ['b2b', 'b2c', 'b2g', 'ev-stations', 'solar', 'storage', 'wind']
    expect(solutions.map((entry) => entry.path).sort()).toEqual(names.map((name) => `solutions/${name}`))
    expect(solutions.map((entry) => entry.file).sort()).toEqual(
      names.map((name) => `routes/solution-${name}.tsx`),
    )
  })
})
