import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseSiteUrl } from '../../functions/core/site-config'
import { buildPaths } from '../../infra/build-paths'
import type { LocalServer } from '../../infra/local/server'
import { listPagePaths } from '../../infra/site-files'
import { whatsappButtonLabel } from '../../web/app/components/whatsapp-button'
import { company } from '../../web/app/content/company'
import { sitePages } from '../../web/app/content/pages'
import { seriousAxeViolations } from '../support/axe'
import { chromeAvailable, gotoHydrated, gotoSettled, launchBrowser, nextFrames } from '../support/browser'
import { startTestServer, temporaryDataDir } from '../support/local-server'

const siteDir = buildPaths.site
/** The site URL `npm test`'s build was made for (SITE_URL, usually unset: then pages name no address). */
const origin = parseSiteUrl(process.env.SITE_URL)

/** The content of the first tag matching `pattern`'s attribute, from raw HTML. */
function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*${attribute}="${key.replace(':', '\\:')}"[^>]*>`))?.[0]
  return tag?.match(/content="([^"]*)"/)?.[1]
}

describe.runIf(chromeAvailable)('public site in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>
  const foreignRequests: string[] = []

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    ;({ browser, close: closeBrowser } = await launchBrowser())
  })
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  async function openPage(
    path: string,
    width: 390 | 1280,
    options: { reducedMotion?: 'reduce' | 'no-preference'; clock?: boolean } = {},
  ): Promise<{ page: Page; context: BrowserContext }> {
    const context = await browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 900 },
      reducedMotion: options.reducedMotion ?? 'no-preference',
    })
    // The page's timers on Playwright's clock: it runs with real time until a test moves it forward at once.
    if (options.clock) await context.clock.install()
    const page = await context.newPage()
    page.on('request', (request) => {
      const { hostname } = new URL(request.url())
      if (hostname !== '127.0.0.1' && !request.url().startsWith('data:')) foreignRequests.push(request.url())
    })
    await gotoSettled(page, `${server.url}${path}`)
    return { page, context }
  }

  describe('metadata in the prerendered HTML', () => {
    it('gives every built page of the route table its own title, description, canonical, social tags, robots and theme colour', async () => {
      const built = listPagePaths(siteDir)
      expect(built).toEqual(expect.arrayContaining(['/', '/about', '/contact']))
      const titles = new Set<string>()
      for (const path of built) {
        const response = await fetch(`${server.url}${path}`)
        expect(response.status, path).toBe(200)
        const html = await response.text()
        const title = html.match(/<title>([^<]*)<\/title>/)?.[1]
        expect(title, path).toMatch(/ \| Suryodaya Energy$/)
        titles.add(title ?? '')
        const description = metaContent(html, 'name', 'description')
        expect(description?.length, path).toBeGreaterThan(10)
        if (origin) {
          expect(html, path).toContain(`<link rel="canonical" href="${new URL(path, `${origin}/`).href}"/>`)
          expect(metaContent(html, 'property', 'og:url'), path).toBe(new URL(path, `${origin}/`).href)
        } else {
          expect(html, path).not.toContain('rel="canonical"')
          expect(metaContent(html, 'property', 'og:url'), path).toBeUndefined()
        }
        expect(metaContent(html, 'property', 'og:title'), path).toBe(title)
        expect(metaContent(html, 'property', 'og:description'), path).toBe(description)
        expect(metaContent(html, 'name', 'twitter:card'), path).toBe('summary')
        expect(metaContent(html, 'name', 'twitter:title'), path).toBe(title)
        expect(metaContent(html, 'name', 'theme-color'), path).toBe('#0ea5a3')
        const page = sitePages.find((entry) => entry.path === path)
        expect(metaContent(html, 'name', 'robots'), path).toBe(
          page?.indexable === false ? 'noindex, nofollow' : 'index, follow',
        )
        if (path === '/') expect(metaContent(html, 'name', 'keywords')).toMatch(/solar/)
        else expect(metaContent(html, 'name', 'keywords'), path).toBeUndefined()
      }
      expect(titles.size).toBe(built.length)
    })

    it('answers an unknown path with the not-found page and status 404', async () => {
      const response = await fetch(`${server.url}/no/such/page`)
      expect(response.status).toBe(404)
      const html = await response.text()
      expect(html).toContain('404')
      expect(html).toContain('Oops! Page not found')
      expect(html.match(/<title>([^<]*)<\/title>/)?.[1]).toBe('Page not found | Suryodaya Energy')
    })

    it.runIf(origin)('serves sitemap.xml and robots.txt generated from the route table', async () => {
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text()
      expect(sitemap).toContain(`<loc>${origin}/about</loc>`)
      expect(sitemap).not.toContain(`<loc>${origin}/admin</loc>`)
      const robots = await (await fetch(`${server.url}/robots.txt`)).text()
      expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`)
    })

    it.skipIf(origin)(
      'has no sitemap and names none in robots.txt when built without a site URL',
      async () => {
        expect((await fetch(`${server.url}/sitemap.xml`)).status).toBe(404)
        const robots = await (await fetch(`${server.url}/robots.txt`)).text()
        expect(robots).toContain('Disallow: /admin')
        expect(robots).not.toMatch(/sitemap/i)
      },
    )
  })

  describe('header at 1280 px', () => {
    it('is sticky and 4rem high, opens dropdowns on hover with Solar nested, and Services only opens', async () => {
      const { page, context } = await openPage('/about', 1280)
      const header = page.locator('header').first()
      expect((await header.boundingBox())?.height).toBe(64)
      expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe('sticky')
      await page.mouse.wheel(0, 1500)
      await expect.poll(async () => (await header.boundingBox())?.y).toBe(0)

      const nav = page.getByRole('navigation', { name: 'Main' })
      await nav.getByRole('link', { name: 'Solutions', exact: true }).hover()
      const toggle = nav.getByRole('button', { name: 'Solutions menu' })
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
      await nav.getByRole('button', { name: 'Solar options' }).hover()
      const residential = nav.getByRole('link', { name: /Residential/ })
      await expect.poll(() => residential.isVisible()).toBe(true)
      await page.mouse.move(640, 600)
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false')
      expect(await residential.isVisible()).toBe(false)

      expect(await nav.getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page')
      expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull()

      const services = nav.getByRole('button', { name: 'Services' })
      await services.click()
      expect(await services.getAttribute('aria-expanded')).toBe('true')
      expect(new URL(page.url()).pathname).toBe('/about')
      await context.close()
    })
  })

  describe('header at 390 px', () => {
    it('opens a 20rem drawer over a backdrop, locks scrolling, and closes on the backdrop and on navigation', async () => {
      const { page, context } = await openPage('/', 390)
      const bar = page.locator('header').first()
      expect((await bar.boundingBox())?.height).toBe(64)
      expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('fixed')
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false)

      await page.getByRole('button', { name: 'Open menu' }).click()
      const drawer = page.getByRole('dialog', { name: 'Menu' })
      await expect.poll(() => drawer.isVisible()).toBe(true)
      const box = await drawer.boundingBox()
      expect(box?.width).toBe(320)
      expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(390)
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden')

      await page.getByTestId('menu-backdrop').click({ position: { x: 20, y: 300 } })
      await expect.poll(() => drawer.count()).toBe(0)
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
        'hidden',
      )

      await page.getByRole('button', { name: 'Open menu' }).click()
      await drawer.getByRole('button', { name: 'Solutions' }).click()
      await drawer.getByRole('button', { name: 'Open Solar menu' }).click()
      await drawer.getByRole('link', { name: 'Residential' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/solutions/b2c')
      await expect.poll(() => drawer.count()).toBe(0)
      await context.close()
    })

    it('keeps the drawer within 85% of a narrow viewport', async () => {
      const context = await browser.newContext({ viewport: { width: 320, height: 640 } })
      const page = await context.newPage()
      await gotoHydrated(page, `${server.url}/`)
      await page.getByRole('button', { name: 'Open menu' }).click()
      const box = await page.getByRole('dialog', { name: 'Menu' }).boundingBox()
      expect(box?.width).toBe(272)
      await context.close()
    })
  })

  describe('home', () => {
    it('shows the sections, counts up the counters when scrolled into view, and lands /#contact on the call to action', async () => {
      const { page, context } = await openPage('/', 1280)
      for (const name of ['Explore Solar', 'Watch Demo']) {
        await expect
          .poll(() => page.getByRole('button', { name }).or(page.getByRole('link', { name })).count())
          .toBe(1)
      }
      const capacity = page.locator('dd', { hasText: 'MW' }).first()
      await page.getByRole('heading', { name: 'Our Impact in Numbers' }).scrollIntoViewIfNeeded()
      await page.waitForTimeout(700)
      const midway = Number.parseInt((await capacity.textContent()) ?? '', 10)
      expect(midway).toBeLessThan(250)
      await expect.poll(() => capacity.textContent(), { timeout: 4000 }).toBe('250 MW')

      await gotoSettled(page, `${server.url}/#contact`)
      const cta = page.locator('#contact')
      expect(await cta.textContent()).toContain(
        'Free consultation • No obligation • Expert advice • Quick response',
      )
      await expect.poll(async () => (await cta.boundingBox())?.y ?? 9999).toBeLessThan(900)
      expect(await page.locator('#solutions').count()).toBe(1)
      await context.close()
    })

    it('loads without layout shift at 390 and 1280 px (font swap, hydration and slides included)', async () => {
      for (const width of [390, 1280] as const) {
        const { page, context } = await openPage('/', width)
        await page.waitForTimeout(1000)
        const shift = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let total = 0
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as (PerformanceEntry & {
                  value: number
                  hadRecentInput: boolean
                })[]) {
                  if (!entry.hadRecentInput) total += entry.value
                }
              }).observe({ type: 'layout-shift', buffered: true })
              setTimeout(() => resolve(total), 200)
            }),
        )
        expect(shift, `${width} px`).toBeLessThan(0.01)
        await context.close()
      }
    })

    it('advances the success stories every 5 s and moves by dots', async () => {
      const { page, context } = await openPage('/', 1280, { clock: true })
      const stories = page.getByRole('region', { name: 'Success stories' })
      await stories.getByRole('button', { name: 'Go to slide 1' }).scrollIntoViewIfNeeded()
      await page.mouse.move(5, 5)
      const current = () => stories.locator('button[aria-current="true"]').getAttribute('aria-label')
      expect(await current()).toBe('Go to slide 1')
      // embla arrives once the carousel nears the viewport (it sets the row's transform), and the first 5 s
      // start then, in the effects of the next frames
      await expect
        .poll(() =>
          stories
            .locator('[aria-roledescription="slide"]')
            .first()
            .evaluate((slide) => slide.parentElement?.style.transform),
        )
        .toMatch(/translate/)
      await nextFrames(page)
      // four seconds pass at once and the first story stays; the fifth brings the second
      await page.clock.fastForward(4000)
      expect(await current()).toBe('Go to slide 1')
      await page.clock.fastForward(1000)
      await expect.poll(current, { timeout: 3000 }).toBe('Go to slide 2')
      await stories.getByRole('button', { name: 'Go to slide 3' }).click()
      await expect.poll(current).toBe('Go to slide 3')
      await context.close()
    })

    it('loads the demo video only when Watch Demo is pressed, and removes it on close', async () => {
      const { page, context } = await openPage('/', 1280)
      const mediaRequests: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/media/')) mediaRequests.push(request.url())
      })
      expect(await page.locator('video').count()).toBe(0)
      await page.getByRole('button', { name: 'Watch Demo' }).click()
      const dialog = page.getByRole('dialog')
      await expect.poll(() => dialog.isVisible()).toBe(true)
      await expect.poll(() => mediaRequests.length).toBeGreaterThan(0)
      const video = dialog.locator('video')
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 8000 })
        .toBeGreaterThan(0)
      expect(await video.evaluate((element: HTMLVideoElement) => element.muted && !element.paused)).toBe(true)
      await page.keyboard.press('Escape')
      await expect.poll(() => page.locator('video').count()).toBe(0)
      await context.close()
    })

    it('expands the contact widget and shows scroll-to-top after 500 px', async () => {
      const { page, context } = await openPage('/', 390)
      await page.getByRole('button', { name: 'Contact us' }).click()
      expect(await page.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+914040001234')
      expect(await page.getByRole('link', { name: 'Chat' }).getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\//,
      )
      expect(await page.getByRole('button', { name: 'Scroll to top' }).count()).toBe(0)
      await page.evaluate(() => window.scrollTo({ top: 800, behavior: 'instant' }))
      await expect.poll(() => page.getByRole('button', { name: 'Scroll to top' }).count()).toBe(1)
      await page.getByRole('button', { name: 'Scroll to top' }).click()
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
      await context.close()
    })

    it('keeps the first slide still and shows the final figures at once with reduced motion', async () => {
      const { page, context } = await openPage('/', 390, { reducedMotion: 'reduce', clock: true })
      await page.getByRole('heading', { name: 'Our Impact in Numbers' }).scrollIntoViewIfNeeded()
      expect(await page.locator('dd', { hasText: 'MW' }).first().textContent()).toBe('250 MW')
      expect(await page.getByTestId('particles').isVisible()).toBe(false)
      // six and a half seconds at once: past the hero's 6 s rotation, had it started
      await page.clock.fastForward(6500)
      expect(await page.locator('[aria-roledescription="slide"][data-active] h2').textContent()).toBe(
        'Power Your Future with Clean Solar Energy',
      )
      await context.close()
    })
  })

  describe('about', () => {
    it('steps the certifications by 424 px with next', async () => {
      const { page, context } = await openPage('/about', 1280)
      const carousel = page.getByRole('region', { name: 'Certifications', exact: true })
      await carousel.scrollIntoViewIfNeeded()
      const first = carousel.getByRole('heading', { name: 'Startup India/DPIIT' })
      const before = (await first.boundingBox())?.x ?? 0
      await carousel.getByRole('button', { name: 'Next slide' }).click()
      // until the slide has come to rest one step (424 px) to the left
      await expect.poll(async () => Math.round(before - ((await first.boundingBox())?.x ?? 0))).toBe(424)
      for (const text of ['2008', '200+', '950+'])
        expect(await page.getByText(text, { exact: true }).count()).toBe(1)
      await context.close()
    })
  })

  describe('subsidy guide and WhatsApp', () => {
    for (const width of [390, 1280] as const) {
      it(`at ${width} px: /solar-subsidy shows the scheme's amounts, fits the screen and is axe clean`, async () => {
        const { page, context } = await openPage('/solar-subsidy', width)
        try {
          expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('PM Surya Ghar')
          const rows = await page.locator('main table tbody tr').allTextContents()
          expect(rows).toEqual(['1 kW₹30,000₹33,000', '2 kW₹60,000₹66,000', '3 kW or more₹78,000₹85,800'])
          await expect(page.getByText('pmsuryaghar.gov.in').first().isVisible()).resolves.toBe(true)
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          )
          expect(overflow).toBeLessThanOrEqual(0)
          expect(await seriousAxeViolations(page)).toEqual([])
          // Its way on: the calculator, in the app.
          await page.getByRole('link', { name: 'Work out my subsidy' }).click()
          await page.waitForURL('**/solar-calculator')
        } finally {
          await context.close()
        }
      })

      it(`at ${width} px: the calculator, quote and contact pages have the WhatsApp button and link the guide`, async () => {
        for (const path of ['/solar-calculator', '/get-quote', '/contact']) {
          const { page, context } = await openPage(path, width)
          try {
            const whatsapp = page.getByRole('link', { name: whatsappButtonLabel })
            await expect(whatsapp.isVisible(), path).resolves.toBe(true)
            const href = new URL((await whatsapp.getAttribute('href')) ?? '')
            expect(`${href.origin}${href.pathname}`, path).toBe(`https://wa.me/${company.whatsapp.number}`)
            // Nothing on the page sits on top of it: a tap at its centre reaches it.
            const box = await whatsapp.boundingBox()
            const topmost = await page.evaluate(
              ([x, y]) =>
                document
                  .elementFromPoint(x ?? 0, y ?? 0)
                  ?.closest('a')
                  ?.getAttribute('aria-label'),
              [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2],
            )
            expect(topmost, path).toBe(whatsappButtonLabel)
            if (path !== '/contact') {
              expect(
                await page
                  .getByRole('link', { name: 'How the PM Surya Ghar subsidy works' })
                  .getAttribute('href'),
                path,
              ).toBe('/solar-subsidy')
            }
          } finally {
            await context.close()
          }
        }
      })
    }
  })

  it('made no request to another host', () => {
    expect(foreignRequests).toEqual([])
  })
})
