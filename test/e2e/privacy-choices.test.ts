import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { functionEnv } from '../../functions/lib/store-definitions'
import { standInSmsSetting } from '../../infra/local/server'
import { chromeAvailable, gotoHydrated } from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { validContact } from '../support/leads'
import { request } from '../support/local-server'
import { useOutboxStandIn } from '../support/outbox-stand-in'

requireChromeOnCi()

/**
 * The choices page at a phone's width on the stand-in: a code asked for and read from the stand-in's outbox,
 * the choices opened, a consent withdrawn and shown withdrawn; a mobile number's code by SMS (the stand-in
 * started with STAND_IN_SMS=outbox keeps it); and a message's link opening the page at the choices, its
 * token taken out of the address bar.
 */
describe.runIf(chromeAvailable)('the privacy choices page, in Chromium', () => {
  const email = 'choices-e2e@example.in'
  // Before the stand-in starts (hooks run in order): it keeps the codes' SMS in its outbox.
  beforeAll(() => {
    process.env[standInSmsSetting] = 'outbox'
  })
  afterAll(() => {
    delete process.env[standInSmsSetting]
    delete process.env[functionEnv.smsOutbox]
  })
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

  /**
   * The first step, once React runs it: the steps are a lazy island, hydrated after the page, and a click on
   * their prerendered form before that would submit it natively (a reload with an empty box).
   */
  async function askStep(page: Page) {
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('#choices-contact') ?? {}).some((key) =>
        key.startsWith('__reactProps'),
      ),
    )
    return page.getByLabel('Your e-mail or mobile number')
  }

  it('asks a code, opens the choices with it and withdraws one consent', async () => {
    const page = await openPage('/privacy/choices')
    await (await askStep(page)).fill(email)
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

  it('sends a mobile number its code by SMS and opens its choices with it', async () => {
    const page = await openPage('/privacy/choices')
    // The contact's number (+91 98765 43210) as people type it.
    await (await askStep(page)).fill('098765 43210')
    await page.getByRole('button', { name: 'Send me a code' }).click()
    const sent = page.getByTestId('code-sent')
    await sent.waitFor()
    expect(await sent.textContent()).toBe(
      'We sent a 6-digit code by SMS to 098765 43210. It works for 10 minutes.',
    )
    const kept = (await readFile(String(process.env[functionEnv.smsOutbox]), 'utf8')).trim().split('\n')
    const sms = JSON.parse(kept.at(-1) ?? '{}') as { to: string; text: string }
    expect(sms.to).toBe('+919876543210')
    await page.getByLabel('The code').fill(sms.text.match(/^(\d{6}) /)?.[1] ?? '')
    await page.getByRole('button', { name: 'Show my choices' }).click()
    const newsletter = page.getByTestId('standing-newsletter')
    await expect.poll(() => newsletter.textContent()).toMatch(/^Given on .+ IST on the contact form$/)
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
