import type { Browser, Page, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPaths } from '../../infra/build-paths'
import type { LocalServer } from '../../infra/local/server'
import { siteSecurityHeaders } from '../../infra/security-headers'
import { listPagePaths } from '../../infra/site-files'
import { seriousAxeViolations } from '../support/axe'
import { chromeAvailable, gotoSettled, launchBrowser, nextFrames } from '../support/browser'
import { startTestServer, temporaryDataDir } from '../support/local-server'

const siteDir = buildPaths.site

/**
 * Every prerendered page under the production headers (the stand-in sends CloudFront's): it loads and
 * hydrates with no CSP violation, no console error and no request to another host; and the policy is real:
 * a script the build did not hash is refused.
 */
describe.runIf(chromeAvailable)('pages under the production security headers, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>
  // One page visits every path in turn: a page opened per path (a browser context and a renderer of its own)
  // cost as much again as the visit. What the page saw goes to the list of the path it is on.
  let page: Page
  let problems: string[] = []

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    ;({ browser, close: closeBrowser } = await launchBrowser())
    page = await browser.newPage({ viewport: { width: 390, height: 900 } })
    page.on('console', (message) => {
      // the not-found page's own 404 response is expected
      if (message.type() === 'error' && !/status of 404/.test(message.text())) problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.protocol !== 'data:' && url.hostname !== '127.0.0.1') problems.push(`foreign ${request.url()}`)
    })
    await page.exposeFunction('__reportViolation', (text: string) => problems.push(text))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        ;(window as unknown as { __reportViolation: (text: string) => void }).__reportViolation(
          `CSP ${event.violatedDirective} ${event.blockedURI}`,
        )
      })
    })
  })
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  const pages = [...listPagePaths(siteDir), '/no-such-page']

  it('builds at least the home, contact and admin pages', () => {
    expect(pages).toEqual(expect.arrayContaining(['/', '/contact', '/admin']))
  })

  // Each page loads once, at 390 px: the first test checks that load, the second runs axe on the loaded page at
  // 390 px, then at 1280 px (the layout follows the width: CSS and the components' media queries listen), each
  // width its own axe run. A second load per page for axe cost as much again as the first.
  describe.each(pages)('%s', (path) => {
    let response: Response | null

    beforeAll(async () => {
      // As a first visit: no cookie or storage left by the paths before, at 390 px.
      await page.context().clearCookies()
      if (page.url().startsWith(server.url))
        await page.evaluate(() => {
          window.localStorage.clear()
          window.sessionStorage.clear()
        })
      await page.setViewportSize({ width: 390, height: 900 })
      problems = []
      response = await gotoSettled(page, `${server.url}${path}`)
    })

    it('runs with no CSP violation, console error or foreign request', async () => {
      expect(response?.status()).toBe(path === '/no-such-page' ? 404 : 200)
      expect(response?.headers()['content-security-policy']).toBe(
        siteSecurityHeaders()['content-security-policy'],
      )
      // hydrated: React Router's client has taken over the document
      await expect
        .poll(() =>
          page.evaluate(() =>
            Boolean((window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules),
          ),
        )
        .toBe(true)
      expect(problems).toEqual([])
    })

    it('has no serious or critical accessibility violation (axe-core, WCAG 2.1 AA)', async () => {
      const serious: string[] = []
      for (const width of [390, 1280]) {
        if (width !== 390) {
          await page.setViewportSize({ width, height: 900 })
          // the resize has been laid out and painted
          await nextFrames(page)
        }
        serious.push(...(await seriousAxeViolations(page)).map((line) => `${width}px ${line}`))
      }
      expect(serious).toEqual([])
    })
  })

  it('refuses an inline script that the build did not hash', async () => {
    const page = await browser.newPage()
    const violations: string[] = []
    await page.exposeFunction('__reportViolation', (text: string) => violations.push(text))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        ;(window as unknown as { __reportViolation: (text: string) => void }).__reportViolation(
          event.effectiveDirective,
        )
      })
    })
    await gotoSettled(page, `${server.url}/`)
    const ran = await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.__injected = true'
      document.body.append(script)
      return Boolean((window as unknown as { __injected?: boolean }).__injected)
    })
    expect(ran).toBe(false)
    await expect.poll(() => violations).toContain('script-src-elem')
    await page.close()
  })
})
