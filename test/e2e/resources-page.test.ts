import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalServer } from '../../infra/local/server'
import { buttonActions } from '../../web/app/content/actions'
import { resourcesPage, sampleResources } from '../../web/app/features/resources/content'
import { chromeAvailable, gotoSettled, launchBrowser, nextFrames } from '../support/browser'
import { request, startTestServer, temporaryDataDir } from '../support/local-server'
import { staffToken } from '../support/staff'

/**
 * /resources in Chromium on the stand-in: the samples, search and chips, Load More, the server's list
 * replacing the samples (stored through the admin API, or intercepted), and a failing list keeping them.
 */
describe.runIf(chromeAvailable)('resources page in Chromium', () => {
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

  async function open(
    width: number,
    path = '/resources',
    prepare?: (page: Page) => Promise<void>,
  ): Promise<{ page: Page; context: BrowserContext }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    await prepare?.(page)
    const response = await gotoSettled(page, `${server.url}${path}`)
    expect(response?.status()).toBe(200)
    return { page, context }
  }

  const titles = (page: Page) => page.locator('main article h3').allTextContents()

  for (const width of [390, 1280]) {
    it(`at ${width} px: all samples, chips, search and no horizontal overflow`, async () => {
      // No resources stored yet: the API answers [] and the samples stay.
      const { page, context } = await open(width)
      try {
        // All eight samples at once: Load More stays, disabled, and the line under it says why.
        expect(await titles(page)).toEqual(sampleResources.map((item) => item.title))
        const loadMore = page.getByRole('button', { name: resourcesPage.loadMore })
        await expect(loadMore.isVisible()).resolves.toBe(true)
        await expect(loadMore.isDisabled()).resolves.toBe(true)
        await expect(page.getByText(resourcesPage.endOfList).isVisible()).resolves.toBe(true)

        await page.getByRole('button', { name: /^Videos/ }).click()
        expect(await titles(page)).toEqual(['Inside a Housing Society Solar Installation'])
        expect(new URL(page.url()).searchParams.get('category')).toBe('videos')

        await page.getByRole('button', { name: /^All Resources/ }).click()
        await page.getByRole('searchbox', { name: resourcesPage.searchLabel }).fill('HYBRID')
        expect(await titles(page)).toEqual(['Wind-Solar Hybrids and the Indian Grid'])

        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow).toBeLessThanOrEqual(0)
      } finally {
        await context.close()
      }
    })
  }

  it("lands filtered from another page's View Case Studies button", async () => {
    const { page, context } = await open(1280, '/procurement')
    try {
      await page.locator('main').getByRole('link', { name: 'View Case Studies' }).first().click()
      await page.waitForURL(`**${buttonActions['View Case Studies']}`)
      await expect
        .poll(() => page.getByRole('button', { name: /^Case Studies/ }).getAttribute('aria-pressed'))
        .toBe('true')
      expect(await titles(page)).toEqual(
        sampleResources.filter((item) => item.category === 'case-studies').map((item) => item.title),
      )
    } finally {
      await context.close()
    }
  })

  for (const width of [390, 1280]) {
    it(`at ${width} px: Load More shows the rest of the list, then the API's next page, then is disabled`, async () => {
      const item = (index: number) => ({
        id: `paged-${index}`,
        title: `Paged resource ${index}`,
        resource_type: 'guide',
        description: `Item ${index}`,
        createdAt: '2026-11-20T10:00:00.000Z',
      })
      const cursors: (string | null)[] = []
      const { page, context } = await open(width, '/resources', async (page) => {
        await page.route('**/api/resources*', (route) => {
          const cursor = new URL(route.request().url()).searchParams.get('cursor')
          cursors.push(cursor)
          const first = cursor === null
          const items = first ? Array.from({ length: 12 }, (_, index) => item(index)) : [item(12), item(13)]
          return route.fulfill({
            status: 200,
            contentType: 'application/json',
            headers: { 'x-own-items': '1', ...(first ? { 'x-next-cursor': 'page-2' } : {}) },
            body: JSON.stringify(items),
          })
        })
      })
      try {
        await expect.poll(() => titles(page)).toHaveLength(9)
        const loadMore = page.getByRole('button', { name: resourcesPage.loadMore })
        await loadMore.click()
        // The three loaded but not yet shown; the server's next page not asked for yet.
        await expect.poll(() => titles(page)).toHaveLength(12)
        expect(cursors).toEqual([null])
        await expect(loadMore.isEnabled()).resolves.toBe(true)
        await loadMore.click()
        await expect.poll(() => titles(page)).toHaveLength(14)
        expect(cursors).toEqual([null, 'page-2'])
        expect((await titles(page)).slice(12)).toEqual(['Paged resource 12', 'Paged resource 13'])
        await expect.poll(() => loadMore.isDisabled()).toBe(true)
        await expect(page.getByText(resourcesPage.endOfList).isVisible()).resolves.toBe(true)
      } finally {
        await context.close()
      }
    })
  }

  it('keeps the samples when GET /api/resources fails', async () => {
    let requests = 0
    const { page, context } = await open(390, '/resources', async (page) => {
      await page.route('**/api/resources', (route) => {
        requests += 1
        return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' })
      })
    })
    try {
      // The list asks once its lazily loaded module has run, which on a busy machine can come after the page
      // first looks settled (its modules load one after another): wait for the request, then two frames for
      // the page to take in the failure, and check it asked only once.
      await expect.poll(() => requests).toBe(1)
      await nextFrames(page)
      expect(requests).toBe(1)
      expect((await titles(page))[0]).toBe(sampleResources[0]?.title)
    } finally {
      await context.close()
    }
  })

  it('shows the stored resources instead of the samples, and Read More opens the uploaded file', async () => {
    const admin = { username: 'resources-admin', password: 'resources password that is long' }
    const token = await staffToken(server.url, admin)
    // A resource may only name an upload that is stored and is what its type says.
    const uploaded = await request(server.url, '/api/admin/upload', {
      token,
      body: {
        bucket: 'resources',
        path: '1700000000000-net-metering.pdf',
        file_base64: Buffer.from('%PDF-1.7\n% net metering\n').toString('base64'),
        contentType: 'application/pdf',
      },
    })
    expect(uploaded.status).toBe(201)
    const created = await request(server.url, '/api/admin/resources', {
      token,
      body: {
        title: 'Stored Net Metering Whitepaper',
        resource_type: 'whitepaper',
        file_url: uploaded.body.url,
        description: 'How net metering settles your bill.',
      },
    })
    expect(created.status).toBe(201)
    const { page, context } = await open(1280)
    try {
      await expect.poll(() => titles(page)).toEqual(['Stored Net Metering Whitepaper'])
      const card = page.locator('main article').first()
      await expect(card.getByText('Whitepaper', { exact: true }).isVisible()).resolves.toBe(true)
      expect(await card.getByRole('link', { name: /Read More/ }).getAttribute('href')).toBe(uploaded.body.url)
      await page.getByRole('button', { name: /^Whitepapers/ }).click()
      expect(await titles(page)).toEqual(['Stored Net Metering Whitepaper'])
      await page.getByRole('button', { name: /^Guides/ }).click()
      expect(await titles(page)).toEqual([])
      await expect(page.getByText(resourcesPage.noMatch).isVisible()).resolves.toBe(true)
    } finally {
      await context.close()
    }
  })
})
