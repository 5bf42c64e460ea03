import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessToday } from '../../functions/core/business-days'
import type { LocalServer } from '../../infra/local/server'
import { leadsPath } from '../../web/app/features/admin/shared/lead-links'
import { seriousAxeViolations } from '../support/axe'
import { chromeAvailable, gotoHydrated, launchBrowser, watchPageProblems } from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { validContact, validQuote } from '../support/leads'
import { request, startTestServer, temporaryDataDir } from '../support/local-server'
import { addStaff, pageOverflows, signInOnPage } from '../support/staff'

requireChromeOnCi()

const owner = { username: 'olga-owner', password: 'an owner password that is long', role: 'owner' } as const
const sunil = { username: 'sunil-sales', password: 'a sales password that is long', role: 'sales' } as const
const asha = { username: 'asha-sales', password: 'another sales password, long', role: 'sales' } as const

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const

const minute = 60_000
const today = businessToday()
const yesterday = businessToday(new Date(Date.now() - 24 * 60 * minute))

/**
 * The inbox's views of the day in Chromium on the stand-in, at 390 and 1280 px: a sales user's My leads,
 * Waiting (oldest first, each with its age and response clock), Due today (with the follow-up's time) and
 * Overdue, one click each and in the URL; a lead that arrives while the page is open waits behind an
 * "N new leads" button (the refresh interval shortened by the page's test knob) and enters the list when
 * pressed; an owner opens a colleague's list; the dashboard's follow-ups figure opens its view.
 */
describe.runIf(chromeAvailable)('inbox views, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    await addStaff(owner, sunil, asha)
    // Stored as the routes leave them: assigned or not, contacted or not, with a follow-up or not.
    const { storeLead } = await import('../../functions/lib/db/leads')
    const ago = (minutes: number) => ({ now: new Date(Date.now() - minutes * minute) })
    await storeLead(
      'QUOTE',
      {
        ...validQuote,
        name: 'Waiting Nobody',
        serverEstimate: { estimatedCostInr: 205000, estimatedCost: '₹2,05,000', displayedPriceInr: 205000 },
      },
      ago(3),
    )
    await storeLead('CONTACT', { ...validContact, name: 'Waiting Sunil', assignee: sunil.username }, ago(40))
    await storeLead(
      'QUOTE',
      {
        ...validQuote,
        name: 'Today Sunil',
        assignee: sunil.username,
        status: 'contacted',
        firstContactAt: new Date(Date.now() - 100 * minute).toISOString(),
        followUpOn: today,
        followUpAt: `${today}T11:00:00.000Z`,
      },
      ago(3 * 60),
    )
    await storeLead(
      'QUOTE',
      {
        ...validQuote,
        name: 'Overdue Asha',
        assignee: asha.username,
        status: 'contacted',
        followUpOn: yesterday,
      },
      ago(3 * 24 * 60),
    )
    ;({ browser, close: closeBrowser } = await launchBrowser())
  }, 60_000)
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  /** A fresh tab at a width whose inbox reads again every half second (the page's test knob). */
  async function openTab(width: number, height: number) {
    const context: BrowserContext = await browser.newContext({ viewport: { width, height } })
    await context.addInitScript(() => {
      ;(window as { __inboxRefreshMs?: number }).__inboxRefreshMs = 500
    })
    const page = await context.newPage()
    const problems: string[] = []
    watchPageProblems(page, problems)
    return { context, page, problems }
  }

  /** The names of the rows shown, in order. */
  const rowNames = (page: Page) =>
    page
      .getByRole('region', { name: 'Leads' })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.querySelector('.font-semibold')?.textContent ?? ''))
  /** The rows of the leads stored above (a lead sent at an earlier width is new and waiting too). */
  const seededNames = async (page: Page) =>
    (await rowNames(page)).filter((name) => !name.startsWith('Arrived At'))

  async function openView(page: Page, name: string, query: string) {
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name, exact: true }).click()
    await expect.poll(() => new URL(page.url()).search).toBe(query)
    await expect.poll(() => page.getByText('Loading leads…').count()).toBe(0)
  }

  describe.each(viewports)('at $width px', (viewport) => {
    it('opens my leads, the waiting, due today and overdue views in one click each, and shows new leads when asked', async () => {
      const { context, page, problems } = await openTab(viewport.width, viewport.height)
      try {
        await gotoHydrated(page, `${server.url}${leadsPath}`)
        await signInOnPage(page, sunil)

        await openView(page, 'My leads', '?assignee=me')
        await expect.poll(() => seededNames(page)).toEqual(['Waiting Sunil', 'Today Sunil'])
        expect(await pageOverflows(page)).toBe(false)
        expect(await seriousAxeViolations(page)).toEqual([])

        await openView(page, 'Waiting', '?waiting=1')
        await expect.poll(() => seededNames(page)).toEqual(['Waiting Sunil', 'Waiting Nobody'])
        const newest = page
          .getByRole('region', { name: 'Leads' })
          .getByRole('listitem')
          .filter({ hasText: 'Waiting Nobody' })
        expect(await newest.textContent()).toContain('₹2,05,000')
        expect(await newest.textContent()).toMatch(/\d+ min/)
        expect(await newest.locator('[data-response]').textContent()).toMatch(
          /^(On time|Reminder due|Late) · /,
        )

        await openView(page, 'Due today', '?due=today')
        await expect.poll(() => rowNames(page)).toEqual(['Today Sunil'])
        expect(await page.getByRole('region', { name: 'Leads' }).textContent()).toMatch(
          /Follow-up due \d+ \w+ \d{4}, 04:30 pm/i,
        )
        await openView(page, 'Overdue', '?due=overdue')
        await expect.poll(() => rowNames(page)).toEqual(['Overdue Asha'])
        expect(await page.getByRole('region', { name: 'Leads' }).textContent()).toContain('3 days')
        expect(await pageOverflows(page)).toBe(false)

        // A lead that arrives while the page is open waits behind the button; the rows stay where they are.
        await openView(page, 'All leads', '')
        // The rows as shown once the view has loaded (read by the poll itself, not after it): the overdue
        // and the others together, not the Overdue view's one row still on screen.
        let shown: string[] = []
        await expect
          .poll(async () => {
            shown = await rowNames(page)
            return shown.length > 1 && shown.includes('Overdue Asha')
          })
          .toBe(true)
        const name = `Arrived At ${viewport.width}`
        const sent = await request(server.url, '/api/quotes', {
          body: { ...validQuote, name },
          headers: { 'Idempotency-Key': `inbox-views-${viewport.width}` },
        })
        expect(sent.status).toBe(201)
        const button = page.getByRole('button', { name: '1 new lead' })
        await expect.poll(() => button.count(), { timeout: 10_000 }).toBe(1)
        await expect.poll(() => rowNames(page)).toEqual(shown)
        await button.click()
        await expect.poll(() => rowNames(page)).toEqual([name, ...shown])
        expect(await button.count()).toBe(0)
        expect(await pageOverflows(page)).toBe(false)
        expect(problems).toEqual([])
      } finally {
        await context.close()
      }
    }, 90_000)

    it("gives an owner each colleague's list, and the dashboard's follow-ups figure opens its view", async () => {
      const { context, page, problems } = await openTab(viewport.width, viewport.height)
      try {
        await gotoHydrated(page, `${server.url}/admin`)
        await signInOnPage(page, owner)
        const figure = page.getByRole('link', { name: 'Due today' })
        await expect.poll(() => figure.count(), { timeout: 20_000 }).toBe(1)
        await figure.click()
        await expect.poll(() => new URL(page.url()).search).toBe('?due=today')
        await expect.poll(() => rowNames(page)).toEqual(['Today Sunil'])

        await openView(page, asha.username, `?assignee=${asha.username}`)
        await expect.poll(() => seededNames(page)).toEqual(['Overdue Asha'])
        expect(await pageOverflows(page)).toBe(false)
        expect(problems).toEqual([])
      } finally {
        await context.close()
      }
    }, 90_000)
  })
})
