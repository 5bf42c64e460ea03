import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalServer } from '../../infra/local/server'
import { buttonActions } from '../../web/app/content/actions'
import { chromeAvailable, gotoSettled, launchBrowser } from '../support/browser'
import { startTestServer, temporaryDataDir } from '../support/local-server'

const widths = [390, 1280] as const

/** Every page of this group, the headings it must show, and links (name → href) it must carry. */
const pages: readonly { path: string; headings: string[]; links: [RegExp | string, string][] }[] = [
  {
    path: '/solutions',
    headings: ['Clean energy solutions for every need', 'Solar', 'Wind', 'Storage', 'EV stations'],
    links: [
      ['Explore Solar', '/solutions/solar'],
      ['Explore Wind', '/solutions/wind'],
      ['Explore Storage', '/solutions/storage'],
      ['Explore EV stations', '/solutions/ev-stations'],
      ['Request a Quote', '/get-quote'],
    ],
  },
  {
    path: '/solutions/solar',
    headings: ['Solar for every kind of customer', 'Why solar with us', 'Our solar services'],
    links: [
      ['Back to Solutions', '/solutions'],
      [/Learn More about Residential/, '/solutions/b2c'],
      [/Learn More about Commercial/, '/solutions/b2b'],
      [/Learn More about Government/, '/solutions/b2g'],
      ['Get a Quote', '/get-quote#residential'],
    ],
  },
  {
    path: '/solutions/wind',
    headings: ['Wind services', 'Wind highlights'],
    links: [
      ['Back to Solutions', '/solutions'],
      ['Explore Our Services', '/services'],
    ],
  },
  {
    path: '/solutions/storage',
    headings: ['Storage highlights'],
    links: [
      ['Back to Solutions', '/solutions'],
      ['Request Quote', '/get-quote#commercial'],
    ],
  },
  {
    path: '/solutions/ev-stations',
    headings: ['Charging infrastructure', 'Charging solutions'],
    links: [
      ['Infrastructure', '#infrastructure'],
      ['Charging Solutions', '#charging'],
    ],
  },
  {
    path: '/solutions/b2b',
    headings: ['Commercial solar services', 'Why businesses choose us'],
    links: [
      ['Back to Solar', '/solutions/solar'],
      ['Get a Commercial Quote', '/get-quote#commercial'],
      ['Contact Us', '/contact'],
    ],
  },
  {
    path: '/solutions/b2c',
    headings: ['What we offer homeowners', 'We take care of everything'],
    links: [
      ['Back to Solar', '/solutions/solar'],
      ['Get a Home Quote', '/get-quote#residential'],
      ['Housing Society Quote', '/get-quote#housing'],
    ],
  },
  {
    path: '/solutions/b2g',
    headings: ['Public sector services', 'Our capabilities'],
    links: [
      ['Back to Solar', '/solutions/solar'],
      ['Request Project Quote', '/get-quote#commercial'],
      ['Request a Project Quote', '/get-quote#commercial'],
      ['Contact Public Sector', '/contact'],
    ],
  },
  {
    path: '/services',
    headings: ['Services beyond installation', 'What we do'],
    links: [
      [/Learn More about Advisory/, '/advisory'],
      [/Learn More about Procurement/, '/procurement'],
      [/Learn More about Digital/, '/digital-solutions'],
    ],
  },
  {
    path: '/advisory',
    headings: ['A 6-step advisory process', 'Advisory services'],
    links: [
      ['Schedule Advisory Session', buttonActions['Schedule Advisory Session']],
      ['Download Service Guide', buttonActions['Download Service Guide']],
    ],
  },
  {
    path: '/procurement',
    headings: ['A 5-step procurement process', 'Core procurement services'],
    links: [
      ['Start Your Project', '/get-quote'],
      ['View Case Studies', '/resources?category=case-studies'],
    ],
  },
  {
    path: '/digital-solutions',
    headings: ['Our platforms', 'Advanced features'],
    links: [
      ['Try Demo', '#platform-demo'],
      ['View Features', '#advanced-features'],
    ],
  },
  {
    path: '/sectors',
    headings: ['Sectors we serve', 'Our impact', 'What every sector gets'],
    links: [['Book Consultation', buttonActions['Book Consultation']]],
  },
]

describe.runIf(chromeAvailable)('solutions, services and sectors pages in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>

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

  function newContext(width: 390 | 1280): Promise<BrowserContext> {
    return browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } })
  }

  /** Loads `path` in `page`, hydrated and with every request it made answered. */
  async function visit(page: Page, path: string): Promise<void> {
    const response = await gotoSettled(page, `${server.url}${path}`)
    expect(response?.status()).toBe(200)
  }

  async function openPage(path: string, width: 390 | 1280): Promise<{ page: Page; context: BrowserContext }> {
    const context = await newContext(width)
    const page = await context.newPage()
    await visit(page, path)
    return { page, context }
  }

  for (const width of widths) {
    describe(`at ${width} px`, () => {
      // The pages only read here: one tab goes through them at this width (a context and a tab per page, each a
      // renderer of its own to start, cost more than the visit). Each visit is a new document all the same.
      let context: BrowserContext
      let page: Page
      beforeAll(async () => {
        context = await newContext(width)
        page = await context.newPage()
      })
      afterAll(async () => {
        await context?.close()
      })

      for (const spec of pages) {
        it(`${spec.path}: headings, links and no horizontal overflow`, async () => {
          await visit(page, spec.path)
          const main = page.locator('main')
          for (const heading of spec.headings) {
            await expect(
              main.getByRole('heading', { name: heading, exact: true }).first().isVisible(),
            ).resolves.toBe(true)
          }
          for (const [name, href] of spec.links) {
            const link = main.getByRole('link', { name, exact: typeof name === 'string' }).first()
            expect(await link.getAttribute('href')).toBe(href)
          }
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          )
          expect(overflow).toBeLessThanOrEqual(0)
        })
      }
    })
  }

  it('shows the floating contact widget on solutions pages', async () => {
    const { page, context } = await openPage('/solutions/storage', 390)
    try {
      expect(
        await page
          .getByRole('button', { name: /contact/i })
          .last()
          .isVisible(),
      ).toBe(true)
    } finally {
      await context.close()
    }
  })

  it('solutions card counts and figures match the spec', async () => {
    const { page, context } = await openPage('/solutions', 1280)
    try {
      const text = (await page.locator('main').textContent()) ?? ''
      for (const figure of ['200+', '46-98%', '50+', '30-45%', '100+', '20-35%', '300+', '15-30%']) {
        expect(text).toContain(figure)
      }
      expect(await page.locator('main li:has(h3)').count()).toBe(4)
    } finally {
      await context.close()
    }
  })

  it('EV anchors scroll to their sections', async () => {
    const { page, context } = await openPage('/solutions/ev-stations', 390)
    try {
      await page.getByRole('link', { name: 'Charging Solutions', exact: true }).click()
      // Scrolling may be smooth: wait until the section sits just below the sticky header.
      await page
        .waitForFunction(
          () => {
            const top = document.getElementById('charging')?.getBoundingClientRect().top ?? Number.NaN
            return location.hash === '#charging' && top >= 0 && top < 200
          },
          undefined,
          { timeout: 5000 },
        )
        .catch(async (error) => {
          const state = await page.evaluate(() => ({
            hash: location.hash,
            top: document.getElementById('charging')?.getBoundingClientRect().top,
            y: scrollY,
            h: document.documentElement.scrollHeight,
          }))
          throw new Error(`${JSON.stringify(state)} ${error}`)
        })
    } finally {
      await context.close()
    }
  })

  it('digital solutions: first tab selected, clicking switches, dashboard numbers move', async () => {
    const { page, context } = await openPage('/digital-solutions', 1280)
    try {
      const tabs = page.getByRole('tab')
      expect(await tabs.count()).toBe(3)
      expect(await tabs.nth(0).getAttribute('aria-selected')).toBe('true')
      await tabs.nth(1).click()
      expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true')
      expect(
        await page.getByRole('tabpanel').getByRole('heading', { name: 'Mobile Asset Tracker' }).isVisible(),
      ).toBe(true)
      const energy = page.locator('[data-metric="Energy today"]')
      const before = await energy.textContent()
      await page.waitForFunction(
        (initial) => document.querySelector('[data-metric="Energy today"]')?.textContent !== initial,
        before,
        { timeout: 6000 },
      )
    } finally {
      await context.close()
    }
  })

  it('sectors: hovering a card highlights its case study only', async () => {
    const { page, context } = await openPage('/sectors', 1280)
    try {
      const card = page.locator('li', { has: page.getByRole('heading', { name: 'Healthcare Facilities' }) })
      await card.hover()
      expect(await page.locator('li[data-highlighted]').count()).toBe(1)
      expect(await card.getAttribute('data-highlighted')).toBe('true')
      const text = (await page.locator('main').textContent()) ?? ''
      for (const figure of ['12+', '950+', '500K']) expect(text).toContain(figure)
    } finally {
      await context.close()
    }
  })

  it('a consultation button opens the contact form with the subject filled in', async () => {
    const { page, context } = await openPage('/advisory', 1280)
    try {
      await page.getByRole('link', { name: 'Schedule Advisory Session' }).click()
      await page.waitForURL(/\/contact\?subject=/)
      await page.waitForFunction(
        () =>
          // Not one of the list's subjects: Other, with the button's words typed in as the person's own.
          (document.querySelector('select[name="subject"]') as HTMLSelectElement | null)?.value === 'other' &&
          (document.querySelector('input[name="subjectOther"]') as HTMLInputElement | null)?.value ===
            'Advisory session',
      )
    } finally {
      await context.close()
    }
  })
})
