import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LeadStatus, leadStatusLabels } from '../../functions/core/pipeline'
import type { LocalServer } from '../../infra/local/server'
import { leadsPath } from '../../web/app/features/admin/shared/lead-links'
import { seriousAxeViolations } from '../support/axe'
import {
  chromeAvailable,
  gotoHydrated,
  launchBrowser,
  readDownload,
  watchPageProblems,
} from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { parseCsv } from '../support/csv'
import { validQuote } from '../support/leads'
import { request, startTestServer, temporaryDataDir } from '../support/local-server'
import { addStaff, pageOverflows, signInOnPage } from '../support/staff'
import { countFormulaCells, openWorkbook } from '../support/xlsx'

requireChromeOnCi()

const sales = { username: 'sunil-sales', password: 'a sales password that is long', role: 'sales' } as const
const editor = {
  username: 'esha-editor',
  password: 'an editor password that is long',
  role: 'editor',
} as const

/** One quote per screen width, each with its own phone number, sent in one format and searched in another. */
const viewports = [
  { width: 390, height: 844, name: 'Mobile Buyer', whatsapp: '+91 91234 56780', typed: '0912-345-6780' },
  { width: 1280, height: 900, name: 'Desktop Buyer', whatsapp: '9123456781', typed: '+91 (91234) 56781' },
] as const

/** The moves a won sale goes through, from new. */
const path: readonly LeadStatus[] = ['contacted', 'site-visit', 'proposal', 'won']

/**
 * The staff workspace in Chromium on the stand-in, at 390 and 1280 px: a sales user finds a quote by its
 * phone number typed in another format, opens it, moves it new → contacted → site visit → proposal → won,
 * adds a note that the history shows, and opens the lead's link again (the prerendered shell answers it);
 * an editor is told the role cannot see leads and gets no Leads link.
 */
describe.runIf(chromeAvailable)('lead workspace, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    await addStaff(sales, editor)
    for (const [index, viewport] of viewports.entries()) {
      const sent = await request(server.url, '/api/quotes', {
        body: { ...validQuote, name: viewport.name, whatsapp: viewport.whatsapp },
        headers: { 'Idempotency-Key': `workspace-quote-${index}` },
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

  /** A fresh tab at a width, collecting console errors, page errors and requests to other hosts. */
  async function openTab(width: number, height: number) {
    const context: BrowserContext = await browser.newContext({ viewport: { width, height } })
    const page = await context.newPage()
    const problems: string[] = []
    watchPageProblems(page, problems)
    return { context, page, problems }
  }

  describe.each(viewports)('at $width px', (viewport) => {
    it('finds a lead by phone, moves it to won, adds a note, and opens its link again', async () => {
      const { context, page, problems } = await openTab(viewport.width, viewport.height)
      try {
        await gotoHydrated(page, `${server.url}${leadsPath}`)
        await signInOnPage(page, sales)
        const navigation = page.getByRole('navigation', { name: 'Workspace' })
        expect(await navigation.getByRole('link').allTextContents()).toEqual([
          'Dashboard',
          'Leads',
          'Visits',
          'Content',
          'Reports',
        ])
        expect(await page.getByText(`${sales.username} · Sales`).count()).toBe(1)

        // On a phone the filters besides the search fold under one button; wider, they are all in view.
        const statusFilter = page.getByRole('combobox', { name: 'Status', exact: true })
        if (viewport.width < 640) {
          expect(await statusFilter.isVisible()).toBe(false)
          await page.getByRole('button', { name: 'More filters' }).click()
        } else {
          expect(await page.getByRole('button', { name: 'More filters' }).isVisible()).toBe(false)
        }
        expect(await statusFilter.isVisible()).toBe(true)
        await page.getByLabel('Search').fill(viewport.typed)
        await page.getByRole('button', { name: 'Apply filters' }).click()
        await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(viewport.typed)
        const results = page.getByRole('region', { name: 'Leads' })
        await expect.poll(() => results.locator('a[href^="/admin/leads/"]').count()).toBe(1)
        expect(await results.locator('a[href^="/admin/leads/"]').textContent()).toContain(viewport.name)
        expect(await pageOverflows(page)).toBe(false)
        expect(await seriousAxeViolations(page)).toEqual([])

        await results.getByRole('link', { name: new RegExp(`^${viewport.name}`) }).click()
        await expect.poll(() => page.getByRole('heading', { name: viewport.name }).count()).toBe(1)
        const leadUrl = new URL(page.url())
        expect(leadUrl.pathname).toMatch(/^\/admin\/leads\/[0-9a-f-]{36}$/)
        expect(leadUrl.searchParams.get('q')).toBe(viewport.typed)
        // Before any action: a toast fading in would be measured half transparent.
        expect(await seriousAxeViolations(page)).toEqual([])

        for (const status of path) {
          await page.getByRole('combobox', { name: 'Move to' }).selectOption(status)
          await page.getByRole('button', { name: 'Change status' }).click()
          // The form reads the lead again: its status is no longer among the moves offered.
          await expect
            .poll(() =>
              page
                .getByRole('combobox', { name: /Move to|Reopen as/ })
                .locator(`option[value="${status}"]`)
                .count(),
            )
            .toBe(0)
        }
        await expect.poll(() => page.getByRole('combobox', { name: 'Reopen as' }).count()).toBe(1)
        const history = page.getByRole('region', { name: 'History' })
        for (const [index, status] of path.entries()) {
          const from = leadStatusLabels[index === 0 ? 'new' : (path[index - 1] as LeadStatus)]
          expect(await history.getByText(`Status: ${from} → ${leadStatusLabels[status]}`).count()).toBe(1)
        }

        const note = `Signed the contract at ${viewport.width} px.`
        await page.getByLabel('Add a note').fill(note)
        await page.getByRole('button', { name: 'Add note' }).click()
        await expect.poll(() => history.getByText(note).count()).toBe(1)
        expect(await history.textContent()).toContain(sales.username)
        expect(await page.getByLabel('Add a note').inputValue()).toBe('')
        expect(await pageOverflows(page)).toBe(false)

        // The lead's own link, opened afresh: the stand-in answers it with the prerendered lead page.
        const response = await gotoHydrated(page, leadUrl.href)
        expect(response?.status()).toBe(200)
        await expect.poll(() => page.getByRole('heading', { name: viewport.name }).count()).toBe(1)
        expect(await page.getByRole('combobox', { name: 'Reopen as' }).count()).toBe(1)
        await expect.poll(() => history.getByText(note).count()).toBe(1)
        expect(problems).toEqual([])
      } finally {
        await context.close()
      }
    }, 60_000)

    it('tells an editor that the role cannot see leads, with no Leads link', async () => {
      const { context, page, problems } = await openTab(viewport.width, viewport.height)
      try {
        await gotoHydrated(page, `${server.url}${leadsPath}`)
        await signInOnPage(page, editor)
        await expect.poll(() => page.getByText('Your role cannot see leads.').count()).toBe(1)
        const navigation = page.getByRole('navigation', { name: 'Workspace' })
        expect(await navigation.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Content'])
        expect(await page.getByRole('region', { name: 'Leads' }).count()).toBe(0)
        expect(problems).toEqual([])
      } finally {
        await context.close()
      }
    }, 60_000)
  })

  // After the sales user's runs above: both quotes were won, each with its note.
  it("exports the view of won leads as CSV and as Excel, with each lead's status and latest note", async () => {
    const { context, page, problems } = await openTab(1280, 900)
    try {
      await gotoHydrated(page, `${server.url}${leadsPath}?status=won`)
      await signInOnPage(page, sales)
      const results = page.getByRole('region', { name: 'Leads' })
      await expect.poll(() => results.locator('a[href^="/admin/leads/"]').count()).toBe(viewports.length)

      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export this view (CSV)' }).click(),
      ])
      expect(csvDownload.suggestedFilename()).toBe('leads.csv')
      const text = (await readDownload(csvDownload)).toString('utf8')
      expect(text.startsWith('\uFEFF')).toBe(true)
      const [headers = [], ...rows] = parseCsv(text.slice(1)).filter((row) => row.length > 1)
      const column = (header: string) => rows.map((row) => row[headers.indexOf(header)])
      expect(new Set(column('Name'))).toEqual(new Set(viewports.map((viewport) => viewport.name)))
      expect(column('Status')).toEqual(viewports.map(() => leadStatusLabels.won))
      expect(new Set(column('Latest note'))).toEqual(
        new Set(viewports.map((viewport) => `Signed the contract at ${viewport.width} px.`)),
      )

      const [xlsxDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export this view (Excel)' }).click(),
      ])
      expect(xlsxDownload.suggestedFilename()).toBe('leads.xlsx')
      const workbook = await openWorkbook(await readDownload(xlsxDownload))
      expect(countFormulaCells(workbook)).toBe(0)
      const sheet = workbook.worksheets[0]
      expect(((sheet?.getRow(1).values ?? []) as unknown[]).slice(1)).toEqual(headers)
      expect(sheet?.actualRowCount).toBe(rows.length + 1)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  }, 60_000)

  it('answers a path under the inbox that is not a lead id with the not-found page', async () => {
    for (const path of ['/admin/leads/abc/def', '/admin/leads/not-a-uuid']) {
      expect((await request(server.url, path)).status, path).toBe(404)
    }
    expect((await request(server.url, `${leadsPath}/0190c0de-0000-7000-8000-000000000001`)).status).toBe(200)
  })
})
