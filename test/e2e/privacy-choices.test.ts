import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromeAvailable, gotoHydrated } from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { validContact } from '../support/leads'
import { request } from '../support/local-server'
import { useOutboxStandIn } from '../support/outbox-stand-in'

requireChromeOnCi()

/**
 * The choices page at a phone's width on the stand-in: a code asked for and read from the stand-in's outbox,
 * the choices opened, a consent withdrawn and shown withdrawn; and a message's link opening the page at the
 * choices, its token taken out of the address bar.
 */
describe.runIf(chromeAvailable)('the privacy choices page, in Chromium', () => {
  const email = 'choices-e2e@example.in'
  const stand = useOutboxStandIn(async (server) => {
    const sent = await request(server.url, '/api/contacts', {
      body: { ...validContact, email, whatsappUpdates: true, newsletterOffers: true },
    })
    expect(sent.status, sent.text).toBe(201)
  })
  const lastMessage = () => stand.lastMessage<{ text: string; choicesLink: string }>()

  async function openPage(path: string): Promise<Page> {
    const page = await stand.browser.newPage({ viewport: { width: 390, height: 844 } })
    await gotoHydrated(page, `${stand.server.url}${path}`)
    return page
  }

  it('asks a code, opens the choices with it and withdraws one consent', async () => {
    const page = await openPage('/privacy/choices')
    await page.getByLabel('Your e-mail or mobile number').fill(email)
    await page.getByRole('button', { name: 'Send me a code' }).click()
    await page.getByLabel('The code').waitFor()
    const code = (await lastMessage()).text.match(/\b(\d{6})\b/)?.[1] ?? ''
    expect(code).toMatch(/^\d{6}$/)
    await page.getByLabel('The code').fill(code)
    await page.getByRole('button', { name: 'Show my choices' }).click()
    const whatsapp = page.getByTestId('standing-whatsapp-updates')
    await expect.poll(() => whatsapp.textContent()).toMatch(/^Given on .+ IST on the contact form$/)
    await page.getByRole('button', { name: 'Withdraw WhatsApp updates and offers' }).click()
    await expect.poll(() => whatsapp.textContent()).toMatch(/^Withdrawn on .+ IST$/)
    expect(await page.getByTestId('standing-newsletter').textContent()).toMatch(/^Given on/)
    await page.close()
  })

  it("opens at the choices from a message's link, and takes the token out of the address bar", async () => {
    const link = new URL((await lastMessage()).choicesLink, stand.server.url)
    const page = await openPage(`${link.pathname}${link.search}`)
    const whatsapp = page.getByTestId('standing-whatsapp-updates')
    await expect.poll(() => whatsapp.textContent()).toMatch(/^Withdrawn on/)
    expect(new URL(page.url()).search).toBe('')
    await page.close()
  })
})
