import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { normaliseIndianMobile } from '../../functions/core/phone'
import type { LocalServer } from '../../infra/local/server'
import { leadsPath } from '../../web/app/features/admin/shared/lead-links'
import { seriousAxeViolations } from '../support/axe'
import { chromeAvailable, gotoHydrated, launchBrowser, watchPageProblems } from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { validQuote } from '../support/leads'
import { request, startTestServer, temporaryDataDir } from '../support/local-server'
import { addStaff, pageOverflows, signInOnPage } from '../support/staff'

requireChromeOnCi()

const sales = { username: 'sunil-sales', password: 'a sales password that is long', role: 'sales' } as const
const owner = { username: 'asha-owner', password: 'an owner password that is long', role: 'owner' } as const

/** The message the owner saves in the settings: the row's WhatsApp tap types it in. */
const ownerTemplate = 'Hello {name}, {me} of {company} here about your {kW} kW quote for a {category} roof.'

/** One quote per screen width, each with its own name and number. */
const viewports = [
  { width: 390, height: 844, name: 'Mobile Caller', whatsapp: '91234 56790', rowName: 'Mobile Row' },
  { width: 1280, height: 900, name: 'Desktop Caller', whatsapp: '+91 91234 56791', rowName: 'Desktop Row' },
] as const

/**
 * The first contact in Chromium on the stand-in, at 390 and 1280 px: a sales user opens a new quote, taps
 * WhatsApp (the chat opens in a new tab at wa.me with the number in E.164 and the message; the test answers
 * that tab itself, nothing leaves the machine), says in the dialog it was sent and moves the lead to
 * Contacted in one save; the history shows the attempt and the lead its first contact.
 */
describe.runIf(chromeAvailable)('first contact, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    await addStaff(sales, owner)
    for (const [index, viewport] of viewports.entries()) {
      for (const [kind, name] of [
        ['page', viewport.name],
        ['row', viewport.rowName],
      ] as const) {
        const sent = await request(server.url, '/api/quotes', {
          body: { ...validQuote, name, whatsapp: viewport.whatsapp, capacityKw: 3 },
          headers: { 'Idempotency-Key': `attempt-quote-${kind}-${index}` },
        })
        expect(sent.status).toBe(201)
      }
    }
    ;({ browser, close: closeBrowser } = await launchBrowser())
  }, 60_000)
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  describe.each(viewports)('at $width px', (viewport) => {
    it('logs a WhatsApp tap as an attempt with its next step, and the lead shows its first contact', async () => {
      const context: BrowserContext = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      })
      // The chat's tab is answered here: the test never reaches WhatsApp.
      const chats: string[] = []
      await context.route('https://wa.me/**', (route) => {
        chats.push(route.request().url())
        return route.fulfill({ status: 200, contentType: 'text/plain', body: 'chat' })
      })
      const page = await context.newPage()
      const problems: string[] = []
      watchPageProblems(page, problems)
      try {
        await gotoHydrated(page, `${server.url}${leadsPath}`)
        await signInOnPage(page, sales)
        const results = page.getByRole('region', { name: 'Leads' })
        // The row's link (its name starts with the person's), not its Call or WhatsApp button.
        await results.getByRole('link', { name: new RegExp(`^${viewport.name}`) }).click()
        await expect.poll(() => page.getByRole('heading', { name: viewport.name }).count()).toBe(1)
        const pipeline = page.getByRole('region', { name: 'Pipeline' })
        await expect.poll(() => pipeline.getByText('Not yet').count()).toBe(1)

        const digits = `91${viewport.whatsapp.replace(/\D/g, '').slice(-10)}`
        const [chat] = await Promise.all([
          context.waitForEvent('page'),
          // The number as stored, the one phone rule's way (+91 91234 56790), however it was typed.
          page.getByRole('link', { name: `WhatsApp ${normaliseIndianMobile(viewport.whatsapp)}` }).click(),
        ])
        await expect.poll(() => chats.length).toBe(1)
        const chatUrl = new URL(chats[0] ?? '')
        expect(`${chatUrl.origin}${chatUrl.pathname}`).toBe(`https://wa.me/${digits}`)
        expect(chatUrl.searchParams.get('text')).toBe(
          `Namaste ${viewport.name}, this is ${sales.username} from Suryodaya Energy about your 3 kW solar quote. Is this a good time to talk?`,
        )
        await chat.close()

        const dialog = page.getByRole('dialog', { name: 'WhatsApp: how did it go?' })
        await expect.poll(() => dialog.isVisible()).toBe(true)
        expect(await dialog.getByRole('radio', { name: 'Sent' }).isChecked()).toBe(true)
        expect(await pageOverflows(page)).toBe(false)
        expect(await seriousAxeViolations(page)).toEqual([])
        await dialog.getByLabel('Note (optional)').fill(`Sent the brochure at ${viewport.width} px.`)
        await dialog.getByLabel('Status').selectOption('contacted')
        await dialog.getByRole('button', { name: 'Save' }).click()

        const history = page.getByRole('region', { name: 'History' })
        await expect.poll(() => history.getByText('WhatsApp: Sent').count()).toBe(1)
        expect(await history.getByText(`Sent the brochure at ${viewport.width} px.`).count()).toBe(1)
        expect(await history.getByText('Status: New → Contacted').count()).toBe(1)
        expect(await dialog.count()).toBe(0)
        await expect.poll(() => pipeline.getByText('Not yet').count()).toBe(0)
        const firstContact = await pipeline
          .locator('dt', { hasText: 'First contact' })
          .locator('+ dd')
          .textContent()
        expect(firstContact).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [ap]m$/)
        expect(await pageOverflows(page)).toBe(false)

        expect(problems).toEqual([])
      } finally {
        await context.close()
      }
    }, 60_000)
  })

  // After every lead page's check: from here on the owner's message replaces the built-in one.
  describe.each(viewports)('in an inbox row at $width px', (viewport) => {
    it("taps WhatsApp in the Waiting view's row with the owner's edited message, and the saved lead leaves it", async () => {
      const context: BrowserContext = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      })
      const chats: string[] = []
      await context.route('https://wa.me/**', (route) => {
        chats.push(route.request().url())
        return route.fulfill({ status: 200, contentType: 'text/plain', body: 'chat' })
      })
      const page = await context.newPage()
      const problems: string[] = []
      watchPageProblems(page, problems)
      try {
        // The owner writes the one message on the settings page.
        await gotoHydrated(page, `${server.url}/admin/settings`)
        await signInOnPage(page, owner)
        const messages = page.getByRole('region', { name: 'WhatsApp messages' })
        const add = messages.getByRole('button', { name: 'Add a message' })
        await expect.poll(() => add.count()).toBe(1)
        if ((await messages.getByRole('group').count()) === 0) await add.click()
        await messages.getByLabel('Message', { exact: true }).fill(ownerTemplate)
        await page.getByRole('button', { name: 'Save settings' }).click()
        await expect.poll(() => page.getByText('Settings saved.').count()).toBe(1)
        await page
          .getByRole('button', { name: /Log ?out/i })
          .first()
          .click()

        await gotoHydrated(page, `${server.url}${leadsPath}?waiting=1`)
        await signInOnPage(page, sales)
        const results = page.getByRole('region', { name: 'Leads' })
        await expect
          .poll(() => results.getByRole('link', { name: new RegExp(viewport.rowName) }).count())
          .toBe(1)
        const whatsapp = results.getByRole('link', { name: `WhatsApp ${viewport.rowName}` })
        await expect.poll(() => whatsapp.count()).toBe(1)
        expect(await results.getByRole('link', { name: `Call ${viewport.rowName}` }).count()).toBe(1)
        expect(await pageOverflows(page)).toBe(false)

        const [chat] = await Promise.all([context.waitForEvent('page'), whatsapp.click()])
        await expect.poll(() => chats.length).toBe(1)
        const chatUrl = new URL(chats[0] ?? '')
        expect(`${chatUrl.origin}${chatUrl.pathname}`).toBe(
          `https://wa.me/91${viewport.whatsapp.replace(/\D/g, '').slice(-10)}`,
        )
        expect(chatUrl.searchParams.get('text')).toBe(
          `Hello ${viewport.rowName}, ${sales.username} of Suryodaya Energy here about your 3 kW quote for a residential roof.`,
        )
        await chat.close()

        const dialog = page.getByRole('dialog', { name: 'WhatsApp: how did it go?' })
        await expect.poll(() => dialog.isVisible()).toBe(true)
        expect(await pageOverflows(page)).toBe(false)
        expect(await seriousAxeViolations(page)).toEqual([])
        await dialog.getByRole('button', { name: 'Save' }).click()
        await expect.poll(() => dialog.count()).toBe(0)
        await expect
          .poll(() => results.getByRole('link', { name: new RegExp(viewport.rowName) }).count())
          .toBe(0)
        expect(problems).toEqual([])
      } finally {
        await context.close()
      }
    }, 90_000)
  })
})
