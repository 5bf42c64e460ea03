import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { privacyCasePattern, privacyRequestKindLabels } from '@core/privacy-requests'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalServer } from '../../infra/local/server'
import { chromeAvailable, gotoHydrated, launchBrowser } from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { startTestServer, temporaryDataDir } from '../support/local-server'

requireChromeOnCi()

/**
 * The rights desk's page at a phone's width on the stand-in: a nomination chosen, a code asked for and read
 * from the stand-in's outbox, the code, details and nominee sent, and the case's reference shown with the
 * time we have to answer.
 */
describe.runIf(chromeAvailable)('the privacy request page, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>
  let outbox: string
  const email = 'request-e2e@example.in'

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    outbox = join(data.dir, 'visitor-outbox.jsonl')
    server = await startTestServer(data.dir)
    ;({ browser, close: closeBrowser } = await launchBrowser())
  })
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  async function lastMessage(): Promise<{ to: string; text: string }> {
    const lines = (await readFile(outbox, 'utf8')).trim().split('\n')
    return JSON.parse(lines.at(-1) ?? '{}')
  }

  it('asks a code, sends a nomination with it and shows the reference', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await gotoHydrated(page, `${server.url}/privacy/request`)
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
