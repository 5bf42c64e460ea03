import { mkdir } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessDateOf } from '../../functions/core/business-days'
import { weekStartOf } from '../../functions/core/response-figures'
import type { LocalServer } from '../../infra/local/server'
import { reportsPath } from '../../web/app/features/admin/shared/workspace-content'
import { seriousAxeViolations } from '../support/axe'
import { chromeAvailable, gotoHydrated, launchBrowser, watchPageProblems } from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { validQuote } from '../support/leads'
import { startTestServer, temporaryDataDir } from '../support/local-server'
import { addStaff, pageOverflows, signInOnPage } from '../support/staff'

requireChromeOnCi()

const owner = { username: 'olga-owner', password: 'an owner password that is long', role: 'owner' } as const
const sunil = { username: 'sunil-sales', password: 'a sales password that is long', role: 'sales' } as const
const asha = { username: 'asha-sales', password: 'another sales password, long', role: 'sales' } as const

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const

const day = 24 * 60 * 60_000
// Last week's Wednesday, 10:00 to 12:00 in India: inside the default business hours.
const lastMonday = Date.parse(`${weekStartOf(businessDateOf(new Date()))}T00:00:00Z`) - 7 * day
const wednesday = new Date(lastMonday + 2 * day).toISOString().slice(0, 10)
const ist = (time: string) => new Date(`${wednesday}T${time}:00+05:30`)

/**
 * The response-time report in Chromium on the stand-in, at 390 and 1280 px: four leads of last week, three
 * answered 3, 12 and 40 business minutes after they arrived and one never, give the dashboard's tile and
 * the report's figures (median 12 min, 90th percentile 40 min, 25% within 5 minutes, one lead waiting over
 * 24 hours), each person's line and the conversion by band; the page never scrolls sideways (its tables
 * do), has no serious accessibility problem, and a screenshot of each width is kept in test-results/.
 */
describe.runIf(chromeAvailable)('response-time report, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    await addStaff(owner, sunil, asha)
    const { storeLead } = await import('../../functions/lib/db/leads')
    const { changeLead, logLeadAttempt } = await import('../../functions/lib/db/lead-changes')
    const leads: [string, string, string, string | undefined][] = [
      ['Three Minutes', sunil.username, '10:00', '10:03'],
      ['Twelve Minutes', asha.username, '10:10', '10:22'],
      ['Forty Minutes', sunil.username, '11:00', '11:40'],
      ['Never Called', asha.username, '12:00', undefined],
    ]
    for (const [name, person, arrived, contacted] of leads) {
      const { lead } = await storeLead('QUOTE', { ...validQuote, name }, { assign: {}, now: ist(arrived) })
      // Assigned round robin on arrival; handed to the person the figures expect before any call.
      if ((lead as { assignee?: string }).assignee !== person) {
        await changeLead(lead.id, { version: 0, assignee: person }, owner.username, async () => undefined)
      }
      if (contacted) {
        await logLeadAttempt(lead.id, { channel: 'call', outcome: 'connected' }, person, ist(contacted))
      }
    }
    await mkdir('test-results', { recursive: true })
    ;({ browser, close: closeBrowser } = await launchBrowser())
  }, 60_000)
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  /** The headline figures of a tile group, in order. */
  const tileFigures = (page: Page) =>
    page
      .getByTestId('response-tiles')
      .first()
      .locator('dd')
      .evaluateAll((cells) => cells.map((cell) => cell.textContent))

  const rowHeadings = (page: Page, table: string) =>
    page
      .getByRole('table', { name: table })
      .locator('tbody th')
      .evaluateAll((cells) => cells.map((cell) => cell.textContent))

  for (const viewport of viewports) {
    it(`shows the tile on the dashboard and the report's figures at ${viewport.width} px`, async () => {
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      const problems: string[] = []
      watchPageProblems(page, problems)
      try {
        await gotoHydrated(page, `${server.url}/admin`)
        await signInOnPage(page, owner)
        const tile = page.getByRole('region', { name: 'Speed to lead' })
        await expect
          .poll(() => tileFigures(page), { timeout: 15_000 })
          .toEqual(['12 min', '40 min', '25%', '1'])
        await tile.getByRole('link', { name: 'Response-time report' }).click()
        await expect.poll(() => new URL(page.url()).pathname).toBe(reportsPath)
        await expect
          .poll(() => rowHeadings(page, 'Per person'), { timeout: 15_000 })
          .toEqual([asha.username, sunil.username, 'Team'])
        expect(await tileFigures(page)).toEqual(['12 min', '40 min', '25%', '1'])
        expect(
          await page
            .getByRole('table', { name: 'Per person' })
            .locator('tbody tr')
            .evaluateAll((rows) => rows.map((row) => row.textContent)),
        ).toEqual([
          `${asha.username}2112 min12 min0%50%1`,
          `${sunil.username}223 min40 min50%50%0`,
          'Team4312 min40 min25%50%1',
        ])
        expect(await rowHeadings(page, 'Conversion by response time')).toEqual([
          'Within 5 minutes',
          '5 to 15 minutes',
          '15 to 60 minutes',
          'After an hour',
          'Not contacted',
        ])
        // Twelve weeks, newest first; last week holds the four leads.
        const weeks = await page
          .getByRole('table', { name: 'Per week' })
          .locator('tbody tr')
          .evaluateAll((rows) => rows.map((row) => row.textContent))
        expect(weeks).toHaveLength(12)
        expect(weeks[1]).toMatch(/^\d{1,2} \w{3}4312 min40 min25%50%1$/)
        await expect.poll(() => page.locator('canvas[data-chart="response-weekly"]').count()).toBe(1)
        expect(await pageOverflows(page)).toBe(false)
        expect(await seriousAxeViolations(page)).toEqual([])
        await page.screenshot({ path: `test-results/response-report-${viewport.width}.png`, fullPage: true })
        expect(problems).toEqual([])
      } finally {
        await context.close()
      }
    }, 90_000)
  }

  it("shows a sales user their own line and the team's totals", async () => {
    const context = await browser.newContext({ viewport: viewports[0] })
    const page = await context.newPage()
    try {
      await gotoHydrated(page, `${server.url}${reportsPath}`)
      await signInOnPage(page, sunil)
      await expect
        .poll(() => tileFigures(page), { timeout: 15_000 })
        .toEqual(['12 min', '40 min', '25%', '1'])
      await expect.poll(() => rowHeadings(page, 'Per person')).toEqual([sunil.username, 'Team'])
    } finally {
      await context.close()
    }
  }, 90_000)
})
