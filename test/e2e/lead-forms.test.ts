import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsletterConfirmMessages, newsletterSignupMessages } from '../../functions/core/newsletter'
import type { LocalServer } from '../../infra/local/server'
import { chromeAvailable, gotoHydrated, launchBrowser, missingChromeMessage } from '../support/browser'
import { startTestServer, temporaryDataDir } from '../support/local-server'
import { outboxTo } from '../support/visitor-outbox'

if (!chromeAvailable) console.warn(missingChromeMessage)

type Leads = typeof import('../../functions/lib/db/leads')

describe.runIf(chromeAvailable)('quote, contact and newsletter forms, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>
  let leads: Leads
  let inbox: typeof import('../../functions/lib/db/inbox')
  const foreignRequests: string[] = []

  beforeAll(async () => {
    // Several submissions from one address: the per-IP limit has its own tests.
    process.env.LEAD_RATE_LIMIT = 'off'
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    // The repository reads the tables the stand-in configured in this process.
    leads = await import('../../functions/lib/db/leads')
    inbox = await import('../../functions/lib/db/inbox')
    ;({ browser, close: closeBrowser } = await launchBrowser())
  })
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
    delete process.env.LEAD_RATE_LIMIT
  })

  async function openPage(path: string, width = 1280): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    page.on('request', (request) => {
      const { hostname } = new URL(request.url())
      if (hostname !== '127.0.0.1' && !request.url().startsWith('data:')) foreignRequests.push(request.url())
    })
    await gotoHydrated(page, `${server.url}${path}`)
    return page
  }

  const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]').textContent()

  async function fillQuote(page: Page, name: string) {
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByLabel('WhatsApp Number').fill('98765 43210')
    await page.getByLabel('PIN Code').fill('500081')
    await page.getByLabel('Average Monthly Bill (₹)').fill('6000')
    await page.getByRole('checkbox', { name: 'I agree to the terms of service' }).check()
    await page.getByRole('main').getByRole('checkbox', { name: 'I am 18 or older' }).check()
  }

  const quoteCases = [
    {
      hash: '#residential',
      tab: 'Residential',
      range: '5501-6500',
      capacity: '7',
      gst: 'Current GST',
      width: 1280,
      body: {
        category: 'residential',
        gstMode: 'current',
        capacityKw: 7,
        billRange: '5501-6500',
        estimatedCost: '₹4,49,000',
      },
      shown: '₹4,49,000',
    },
    {
      hash: '#housing',
      tab: 'Housing Society',
      range: '1500-2500',
      capacity: '3',
      gst: 'Previous GST',
      // On a phone: the Previous-GST price shown is the one sent and stored.
      width: 390,
      body: {
        category: 'housing',
        gstMode: 'previous',
        capacityKw: 3,
        billRange: '1500-2500',
        estimatedCost: '₹2,10,000',
      },
      shown: '₹2,10,000',
    },
    {
      hash: '#commercial',
      tab: 'Commercial',
      range: '30000-40000',
      capacity: undefined,
      gst: 'Current GST',
      width: 1280,
      body: {
        category: 'commercial',
        gstMode: 'current',
        capacityKw: 10,
        billRange: '30000-40000',
        estimatedCost: '₹6,32,000',
      },
      shown: '₹6,32,000',
    },
  ] as const

  it.each(quoteCases)(
    'submits a quote on the $tab tab ($hash) at $width px with the right body, stored once with the price shown, and confirms with a reference staff find',
    async (quote) => {
      const page = await openPage(`/get-quote${quote.hash}`, quote.width)
      await expect.poll(() => selectedTab(page)).toBe(quote.tab)
      await page.getByRole('button', { name: quote.gst }).click()
      await page.getByLabel('Monthly Bill Range (₹)').selectOption(quote.range)
      if (quote.capacity) {
        expect(await page.getByLabel('Capacity (kW)').inputValue()).toBe(quote.capacity)
      } else {
        expect(await page.getByLabel('Capacity (kW)').inputValue()).toBe('')
        await page.getByLabel('Capacity (kW)').selectOption('10')
      }
      expect(await page.getByTestId('quote-price').textContent()).toBe(quote.shown)
      const name = `E2E ${quote.tab}`
      await fillQuote(page, name)

      const sent = page.waitForRequest((request) => request.url().endsWith('/api/quotes'))
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/quotes'))
      // A double click sends one fill: the second click finds the button disabled or the same key.
      await page.getByRole('button', { name: 'Submit Details' }).dblclick()
      const request: Request = await sent
      expect(request.postDataJSON()).toEqual({
        ...quote.body,
        name,
        whatsapp: '98765 43210',
        pincode: '500081',
        bill: '6000',
        // The optional site address and roof type, left empty: sent empty, stored as not given.
        siteAddress: '',
        roofType: '',
        // The optional preferred survey slot, left empty too.
        surveyDate: '',
        surveySlot: '',
        // The page it was sent from, its source (no UTM values: the page was not landed on with any).
        page: '/get-quote',
        agree: true,
        // The age box ticked (required); the WhatsApp updates box left unticked, sent as not given.
        adult: true,
        whatsappUpdates: false,
      })
      expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
      expect((await answered).status()).toBe(201)
      // The form gives way to the confirmation, focused, with the reference to quote.
      const reference = page.getByTestId('lead-reference')
      await expect.poll(() => reference.count()).toBe(1)
      const shownReference = (await reference.textContent()) ?? ''
      expect(shownReference).toMatch(/^SE-[2-9A-HJKMNP-Z]{5}$/)
      expect(
        await page.evaluate(() => document.activeElement?.hasAttribute('data-lead-confirmation') ?? false),
      ).toBe(true)
      expect(await page.getByLabel('Name', { exact: true }).count()).toBe(0)
      const chat = await page.getByRole('link', { name: 'Continue on WhatsApp' }).getAttribute('href')
      expect(decodeURIComponent(chat ?? '')).toContain(shownReference)

      const stored = (
        await leads.listLeads<{
          name: string
          reference: string
          consent: { version: string }
          serverEstimate?: { estimatedCost: string }
        }>('QUOTE', { limit: 50 })
      ).items
      const mine = stored.filter((lead) => lead.name === name)
      expect(mine).toHaveLength(1)
      expect(mine[0]?.consent.version).toBe('quote-terms-2026-11-27')
      // One phone rule: stored in one form whatever was typed.
      expect(mine[0]).toMatchObject({ whatsapp: '+91 98765 43210', reference: shownReference })
      // The price the visitor saw is the price staff see.
      if (quote.capacity) expect(mine[0]?.serverEstimate?.estimatedCost).toBe(quote.shown)
      // Staff find it in the inbox by the reference, typed as a visitor might read it out.
      const found = await inbox.listInbox({ q: shownReference.toLowerCase().replace('-', ' ') }, 10)
      expect(found.items.map((lead) => lead.name)).toEqual([name])
      await page.close()
    },
  )

  it('switches tabs on later hash changes only for the three names, and a tab click writes the hash without jumping', async () => {
    const page = await openPage('/get-quote#commercial', 390)
    await expect.poll(() => selectedTab(page)).toBe('Commercial')
    await page.evaluate(() => {
      window.location.hash = '#housing'
    })
    await expect.poll(() => selectedTab(page)).toBe('Housing Society')
    await page.evaluate(() => {
      window.location.hash = '#pricing'
    })
    await page.waitForTimeout(200)
    expect(await selectedTab(page)).toBe('Housing Society')

    await page.evaluate(() => window.scrollTo(0, 200))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(200)
    await page.getByRole('tab', { name: 'Residential' }).click({ noWaitAfter: true })
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#residential')
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    expect(await selectedTab(page)).toBe('Residential')
    await page.close()
  })

  it('keeps the form and shows Failed to submit quote on a server error and on a network failure', async () => {
    const page = await openPage('/get-quote')
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.route('**/api/quotes', (route) => route.fulfill({ status: 500, body: 'broken upstream' }))
    await fillQuote(page, 'E2E failure')
    await page.getByRole('button', { name: 'Submit Details' }).click()
    await expect.poll(() => page.getByText('Failed to submit quote').count()).toBe(1)
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('E2E failure')
    await expect.poll(() => errors.some((text) => text.includes('broken upstream'))).toBe(true)

    await page.unroute('**/api/quotes')
    await page.route('**/api/quotes', (route) => route.abort('connectionrefused'))
    await page.getByRole('button', { name: 'Submit Details' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Submit Details' }).isEnabled()).toBe(true)
    await expect.poll(() => page.getByText('Failed to submit quote').count()).toBe(1)
    expect(await page.getByLabel('WhatsApp Number').inputValue()).toBe('98765 43210')
    const stored = (await leads.listLeads<{ name: string }>('QUOTE', { limit: 50 })).items
    expect(stored.filter((lead) => lead.name === 'E2E failure')).toHaveLength(0)
    await page.close()
  })

  it('shows the 429 message the API sends', async () => {
    const page = await openPage('/contact')
    await page.route('**/api/contacts', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'Too many submissions from your network. Please wait a few minutes and try again.',
        }),
      }),
    )
    await page.getByLabel('Full Name').fill('Meera Iyer')
    await page.getByLabel('Email').fill('meera@example.com')
    await page.getByLabel('Phone').fill('+91 90000 12345')
    await page.getByLabel('Subject', { exact: true }).selectOption('Solar for my home')
    await page.getByLabel('Message').fill('Call me.')
    await page.getByRole('main').getByRole('checkbox', { name: 'I am 18 or older' }).check()
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect.poll(() => page.getByText('Failed to send message').count()).toBe(1)
    expect(await page.getByText('Please wait a few minutes and try again.').count()).toBe(1)
    await page.close()
  })

  it('sends a contact message once however often it is clicked', async () => {
    const page = await openPage('/contact')
    await page.getByLabel('Full Name').fill('E2E Contact')
    await page.getByLabel('Email').fill('e2e-contact@example.com')
    await page.getByLabel('Phone').fill('+91 90000 12345')
    await page.getByLabel('Subject', { exact: true }).selectOption('Other')
    await page.getByLabel('Your subject').fill('Rooftop')
    await page.getByLabel('Message').fill('Call me.')
    await page.getByRole('main').getByRole('checkbox', { name: 'I am 18 or older' }).check()
    await page.getByRole('button', { name: 'Send Message' }).dblclick()
    await expect.poll(() => page.getByTestId('lead-reference').count()).toBe(1)
    const stored = (await leads.listLeads<{ name: string }>('CONTACT', { limit: 50 })).items
    expect(stored.filter((lead) => lead.name === 'E2E Contact')).toHaveLength(1)
    await page.close()
  })

  it("shows the API's message under the field it refused, focuses that field and stores nothing", async () => {
    const page = await openPage('/contact')
    await page.getByLabel('Full Name').fill('E2E Field Check')
    await page.getByLabel('Email').fill('e2e-fields@example.com')
    // The browser accepts any text in a tel input; the API's schema does not.
    await page.getByLabel('Phone').fill('call me')
    await page.getByLabel('Subject', { exact: true }).selectOption('Solar for my home')
    await page.getByLabel('Message').fill('Call me.')
    await page.getByRole('main').getByRole('checkbox', { name: 'I am 18 or older' }).check()
    await page.getByRole('button', { name: 'Send Message' }).click()
    const phone = page.getByLabel('Phone')
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true')
    // A refusal of what was typed is not an outage: no "Failed to send message".
    expect(await page.getByText('Failed to send message').count()).toBe(0)
    const note = page.getByText('Enter a 10-digit Indian mobile number')
    expect(await phone.getAttribute('aria-describedby')).toContain(await note.getAttribute('id'))
    expect(await phone.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBeNull()
    const stored = (await leads.listLeads<{ name: string }>('CONTACT', { limit: 50 })).items
    expect(stored.filter((lead) => lead.name === 'E2E Field Check')).toHaveLength(0)
    await page.close()
  })

  it('subscribes from the footer once per address, answering success both times', async () => {
    const page = await openPage('/get-quote')
    const box = page.getByRole('textbox', { name: 'Newsletter' })
    for (const email of ['News@Example.com', 'news@example.com ']) {
      await box.fill(email)
      await page.getByRole('contentinfo').getByRole('checkbox', { name: 'I am 18 or older' }).check()
      await page.getByRole('button', { name: 'Subscribe' }).click()
      await expect.poll(() => page.getByText(newsletterSignupMessages.sent).count()).toBe(1)
      await expect.poll(() => box.inputValue()).toBe('')
    }
    const stored = (await leads.listLeads<{ email: string }>('NEWSLETTER', { limit: 50 })).items
    expect(stored.map((lead) => lead.email)).toEqual(['news@example.com'])

    await page.route('**/api/newsletter', (route) => route.abort('failed'))
    await box.fill('other@example.com')
    await page.getByRole('contentinfo').getByRole('checkbox', { name: 'I am 18 or older' }).check()
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect.poll(() => page.getByText('Failed to subscribe').count()).toBe(1)
    expect(await box.inputValue()).toBe('other@example.com')
    await page.close()
  })

  it("confirms a footer signup only with the confirm page's button, from the e-mailed link", async () => {
    const page = await openPage('/about')
    await page.getByRole('textbox', { name: 'Newsletter' }).fill('confirm-me@example.com')
    await page.getByRole('contentinfo').getByRole('checkbox', { name: 'I am 18 or older' }).check()
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect.poll(() => page.getByText(newsletterSignupMessages.sent).count()).toBe(1)
    const signup = async () =>
      (
        await leads.listLeads<{ email: string; confirmedAt?: string }>('NEWSLETTER', { limit: 50 })
      ).items.find((lead) => lead.email === 'confirm-me@example.com')
    expect(await signup()).toBeDefined()
    const mail = (await outboxTo('confirm-me@example.com')).find((kept) => kept.kind === 'newsletter-confirm')
    const link = new URL(/\S*\/newsletter\/confirm\?t=\S+/.exec(mail?.text ?? '')?.[0] ?? '', server.url)

    // Opening the link (as a mail scanner would) shows the page and changes nothing.
    await gotoHydrated(page, `${server.url}${link.pathname}${link.search}`)
    await expect.poll(() => page.getByRole('heading', { name: 'Confirm your subscription' }).count()).toBe(1)
    expect((await signup())?.confirmedAt).toBeUndefined()
    await page.getByRole('button', { name: 'Confirm', exact: true }).click()
    await expect
      .poll(() => page.getByTestId('newsletter-confirm-result').textContent())
      .toBe(newsletterConfirmMessages.confirmed)
    expect((await signup())?.confirmedAt).toMatch(/^\d{4}-/)

    // A link that is not ours: refused, with the signup box to start again.
    await gotoHydrated(page, `${server.url}/newsletter/confirm?t=not-a-link`)
    await page.getByRole('button', { name: 'Confirm', exact: true }).click()
    await expect
      .poll(() => page.getByTestId('newsletter-confirm-result').textContent())
      .toBe(newsletterConfirmMessages.invalid)
    expect(await page.getByRole('main').getByRole('textbox', { name: 'Newsletter' }).count()).toBe(1)
    await page.close()
  })

  it.each([
    ['/get-quote', 'quote-illustration.svg', 'A house with solar panels on its roof'],
    ['/contact', 'contact-illustration.svg', 'Solar panels and a wind turbine under the sun'],
  ])('shows the placeholder on %s when the side image fails to load', async (path, file, alt) => {
    const page = await browser.newPage()
    await page.route(`**/images/${file}`, (route) => route.fulfill({ status: 404, body: '' }))
    await gotoHydrated(page, `${server.url}${path}`)
    const image = page.getByRole('img', { name: alt })
    await expect.poll(() => image.getAttribute('src')).toBe('/images/placeholder.svg')
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
    await page.close()
  })

  it('made no request to another host', () => {
    expect(foreignRequests).toEqual([])
  })
})
