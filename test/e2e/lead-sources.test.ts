import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalServer } from '../../infra/local/server'
import { leadsPath } from '../../web/app/features/admin/shared/lead-links'
import { chromeAvailable, gotoHydrated, launchBrowser, watchPageProblems } from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { startTestServer, temporaryDataDir } from '../support/local-server'
import { addStaff, signInOnPage } from '../support/staff'

requireChromeOnCi()

const sales = { username: 'sunil-sales', password: 'a sales password that is long', role: 'sales' } as const

/**
 * Leads from everywhere in Chromium on the stand-in: a visitor lands on a campaign's link
 * (?utm_source=google&utm_campaign=rooftop), browses to the quote form and sends it; the lead's page shows
 * that source. A sales user adds a phone-in by hand at 390 px from the inbox's New lead button; its page
 * opens, theirs and contacted, under its manual source (at 1280 px too), with nothing wider than the screen.
 */
describe.runIf(chromeAvailable)('leads from everywhere, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    await addStaff(sales)
    ;({ browser, close: closeBrowser } = await launchBrowser())
  }, 60_000)
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  it('keeps the landing UTM values across pages and shows them as the source of the quote sent', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    const problems: string[] = []
    watchPageProblems(page, problems)
    await gotoHydrated(page, `${server.url}/?utm_source=google&utm_campaign=rooftop`)
    // Browsed on to the form: the landing's values stay with the visit.
    await gotoHydrated(page, `${server.url}/get-quote`)
    await page.getByLabel('Name', { exact: true }).fill('Campaign Visitor')
    await page.getByLabel('WhatsApp Number').fill('91234 56700')
    await page.getByLabel('PIN Code').fill('500081')
    await page.getByLabel('Average Monthly Bill (₹)').fill('4200')
    await page.getByRole('checkbox', { name: 'I agree to the terms of service' }).check()
    // The footer's newsletter box has an age box of its own: the form's is in the page's main part.
    await page.getByRole('main').getByRole('checkbox', { name: 'I am 18 or older' }).check()
    await page.getByRole('button', { name: 'Submit Details' }).click()
    // The form gives way to the confirmation with the visitor's reference.
    await expect.poll(() => page.getByTestId('lead-reference').count()).toBe(1)

    await gotoHydrated(page, `${server.url}${leadsPath}?source=google`)
    await signInOnPage(page, sales)
    const results = page.getByRole('region', { name: 'Leads' })
    // The row's own link (its Call and WhatsApp links are named after the person too).
    await results.locator('a[href^="/admin/leads/"]').filter({ hasText: 'Campaign Visitor' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Campaign Visitor' }).count()).toBe(1)
    const source = page.locator('[data-lead-source]')
    await expect.poll(() => source.textContent()).toBe('Quote form, /get-quote · google / rooftop')
    expect(await page.getByText('UTM campaign').count()).toBeGreaterThan(0)
    expect(problems).toEqual([])
    await context.close()
  })

  it.each([
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ])(
    'adds a phone-in by hand at $width px: its page opens, the caller’s own, contacted, under manual',
    async (viewport) => {
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      const problems: string[] = []
      watchPageProblems(page, problems)
      const name = `Walk-in ${viewport.width}`
      await gotoHydrated(page, `${server.url}${leadsPath}`)
      await signInOnPage(page, sales)
      await page.getByRole('button', { name: 'New lead', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'New lead' })
      await expect.poll(() => dialog.count()).toBe(1)
      await dialog.getByLabel('How it came').selectOption('walk-in')
      await dialog.getByLabel('Name', { exact: true }).fill(name)
      await dialog.getByLabel('Phone').fill('98765 12345')
      await dialog.getByLabel('PIN code (optional)').fill('560034')
      await dialog.getByLabel('Note (optional)').fill('Came to the office; wants 3 kW.')
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      )
      expect(overflow).toBe(false)
      await dialog.getByRole('button', { name: 'Add lead' }).click()

      await expect.poll(() => page.getByRole('heading', { name }).count()).toBe(1)
      await expect.poll(() => page.locator('[data-lead-source]').textContent()).toBe('Walk-in (by hand)')
      const pipeline = page.getByRole('region', { name: 'Pipeline' })
      await expect.poll(() => pipeline.getByText('Not yet').count()).toBe(0)
      await gotoHydrated(page, `${server.url}${leadsPath}?source=manual&assignee=me`)
      const results = page.getByRole('region', { name: 'Leads' })
      // The row's own link (its Call and WhatsApp links are named after the person too).
      await expect
        .poll(() => results.locator('a[href^="/admin/leads/"]').filter({ hasText: name }).count())
        .toBe(1)
      expect(problems).toEqual([])
      await context.close()
    },
  )
})
