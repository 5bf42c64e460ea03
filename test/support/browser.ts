import { existsSync } from 'node:fs'
import { type Browser, chromium, type Page, type Response } from 'playwright-core'

/** Debian's Chromium, or CHROME_PATH. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
export const chromeAvailable = existsSync(chromePath)

/** The one line printed when the browser suites cannot run. */
export const missingChromeMessage = `End-to-end tests need Chromium at ${chromePath}: install it with \`apt-get install -y chromium\` (or set CHROME_PATH).`

/**
 * Launches headless Chromium with the flags this machine's closed network needs; playwright gives it a
 * fresh temporary profile of its own.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  })
  return {
    browser,
    close: () => browser.close(),
  }
}

/**
 * Opens a page and waits until React has hydrated it. Pages paint before their JavaScript is requested
 * (infra/defer-hydration.ts), so a click right after the load event could reach the prerendered HTML
 * before React listens; the root layout marks `<html data-hydrated>` once it has taken over.
 */
export async function gotoHydrated(
  page: Page,
  url: string,
  options?: Parameters<Page['goto']>[1],
): Promise<Response | null> {
  const response = await page.goto(url, options)
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
  return response
}
