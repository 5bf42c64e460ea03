import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessDateOf } from '../../functions/core/business-days'
import type { LocalServer } from '../../infra/local/server'
import { leadsPath } from '../../web/app/features/admin/shared/lead-links'
import {
  chromeAvailable,
  gotoHydrated,
  launchBrowser,
  readDownload,
  watchPageProblems,
} from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { validQuote } from '../support/leads'
import { request, startTestServer, temporaryDataDir } from '../support/local-server'
import { addStaff, pageOverflows, signInOnPage } from '../support/staff'

requireChromeOnCi()

const sales = { username: 'sunil-visits', password: 'a sales password that is long', role: 'sales' } as const
const viewports = [
  { width: 390, height: 844, name: 'Mobile Visit', days: 3 },
  { width: 1280, height: 900, name: 'Desktop Visit', days: 4 },
] as const

/**
 * A site visit in Chromium on the stand-in, at 390 and 1280 px: a sales user books a visit from the lead page,
 * the Visits view lists it on its day, and its calendar file downloads with the slot's start in UTC.
 */
describe.runIf(chromeAvailable)('site visits, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    await addStaff(sales)
    for (const [index, viewport] of viewports.entries()) {
      const sent = await request(server.url, '/api/quotes', {
        body: { ...validQuote, name: viewport.name, siteAddress: '12 MG Road' },
        headers: { 'Idempotency-Key': `visit-quote-${index}` },
      })
      expect(sent.status).toBe(201)
    }
    ;({ browser, close: closeBrowser } = await launchBrowser())
  }, 60_000)
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  describe.each(viewports)('at $width px', (viewport) => {
    it('books a visit from the lead page; the Visits view lists it and its .ics downloads', async () => {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        acceptDownloads: true,
      })
      const page = await context.newPage()
      const problems: string[] = []
      watchPageProblems(page, problems)
      try {
        const day = businessDateOf(Date.now() + viewport.days * 86_400_000)
        await gotoHydrated(page, `${server.url}${leadsPath}`)
        await signInOnPage(page, sales)
        await page
          .getByRole('region', { name: 'Leads' })
          // the row's own link, not its Call and WhatsApp links
          .locator('a[href^="/admin/leads/"]', { hasText: viewport.name })
          .click()
        await expect.poll(() => page.getByRole('heading', { name: viewport.name }).count()).toBe(1)
        await page.getByRole('button', { name: 'Book site visit' }).click()
        const dialog = page.getByRole('dialog', { name: 'Book site visit' })
        await expect.poll(() => dialog.isVisible()).toBe(true)
        expect(await dialog.getByLabel('Address').inputValue()).toBe('12 MG Road')
        await dialog.getByLabel('Date').fill(day)
        await dialog.getByLabel('Time slot').selectOption('11-13')
        await dialog.getByRole('button', { name: 'Book visit' }).click()
        const visits = page.getByRole('region', { name: 'Site visits' })
        await expect
          .poll(() => visits.getByText(`Engineer: ${sales.username}`, { exact: false }).count())
          .toBe(1)
        await page.screenshot({ path: `/tmp/visits-lead-${viewport.width}.png`, fullPage: true })

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          visits.getByRole('button', { name: 'Add to calendar (.ics)' }).click(),
        ])
        expect(download.suggestedFilename()).toBe(`site-visit-${day}-11-13.ics`)
        const file = (await readDownload(download)).toString('utf8')
        const start = new Date(`${day}T11:00:00+05:30`).toISOString().slice(0, 19).replace(/[-:]/g, '')
        expect(file).toContain(`DTSTART:${start}Z\r\n`)

        await page.getByRole('link', { name: 'Visits' }).first().click()
        await expect.poll(() => page.getByRole('link', { name: viewport.name }).count()).toBe(1)
        expect(await page.getByText('11:00–13:00').count()).toBeGreaterThan(0)
        await page.screenshot({ path: `/tmp/visits-view-${viewport.width}.png`, fullPage: true })
        expect(await pageOverflows(page)).toBe(false)
        expect(problems).toEqual([])
      } finally {
        await context.close()
      }
    }, 90_000)
  })
})
