import { privacyCasePattern, privacyRequestKindLabels } from '@core/privacy-requests'
import { describe, expect, it } from 'vitest'
import { chromeAvailable, gotoHydrated } from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { useOutboxStandIn } from '../support/outbox-stand-in'

requireChromeOnCi()

/**
 * The rights desk's page at a phone's width on the stand-in: a nomination chosen, a code asked for and read
 * from the stand-in's outbox, the code, details and nominee sent, and the case's reference shown with the
 * time we have to answer.
 */
describe.runIf(chromeAvailable)('the privacy request page, in Chromium', () => {
  const email = 'request-e2e@example.in'
  const stand = useOutboxStandIn()
  const lastMessage = () => stand.lastMessage<{ to: string; text: string }>()

  it('asks a code, sends a nomination with it and shows the reference', async () => {
    const page = await stand.browser.newPage({ viewport: { width: 390, height: 844 } })
    await gotoHydrated(page, `${stand.server.url}/privacy/request`)
    await page.getByLabel(privacyRequestKindLabels.nominate).check()
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send me a code' }).click()
    await page.getByLabel('Code', { exact: true }).waitFor()
    const message = await lastMessage()
    expect(message.to).toBe(email)
    const code = message.text.match(/\b(\d{6})\b/)?.[1] ?? ''
    expect(code).toMatch(/^\d{6}$/)
    await page.getByLabel('Code', { exact: true }).fill(code)
    await page.getByLabel('Details').fill('My daughter may act for me.')
    await page.getByLabel('Who you nominate (name, and how to reach them)').fill('Asha Rao, asha@example.in')
    await page.getByRole('button', { name: 'Send my request' }).click()
    const reference = page.getByTestId('request-reference')
    await reference.waitFor()
    expect(await reference.textContent()).toMatch(privacyCasePattern)
    expect(await page.getByRole('status').textContent()).toContain(
      'We answer within 90 days, usually within 7.',
    )
    // The page is as wide as the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.close()
  })
})
