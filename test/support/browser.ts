import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { buffer } from 'node:stream/consumers'
import {
  type Browser,
  chromium,
  type Download,
  type LaunchOptions,
  type Page,
  type Request,
  type Response,
} from 'playwright-core'
import { inject } from 'vitest'
import { sessionCookieName } from '../../functions/lib/auth/session-cookie'
import { adminSessionKey } from '../../web/app/features/admin/session/session-store'

/** Debian's Chromium, or CHROME_PATH. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
export const chromeAvailable = existsSync(chromePath)

/** The one line printed when the browser suites cannot run. */
export const missingChromeMessage = `End-to-end tests need Chromium at ${chromePath}: install it with \`apt-get install -y chromium\` (or set CHROME_PATH).`

/**
 * Records in `problems` what a page must never do: a console error, an uncaught page error, or a request to
 * another host than the stand-in (data: and blob: URLs aside). Tests expect the list to stay empty.
 */
export function watchPageProblems(page: Page, problems: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('request', (sent) => {
    const url = new URL(sent.url())
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.hostname !== '127.0.0.1') {
      problems.push(`foreign ${sent.url()}`)
    }
  })
}

/**
 * The features Playwright launches Chromium without (its `--disable-features` list), read from playwright-core
 * itself: Chromium keeps only the last `--disable-features` of its command line, so ours (below) must repeat
 * them or they would be on again.
 */
function playwrightDisabledFeatures(): string[] {
  const bundle = readFileSync(
    createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'),
    'utf8',
  )
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1]
  const names = [...(list?.replace(/\/\/.*$/gm, '').matchAll(/"(\w+)"/g) ?? [])].flatMap((match) =>
    match[1] ? [match[1]] : [],
  )
  if (names.length === 0) {
    throw new Error("Cannot read playwright-core's disabled Chromium features: see test/support/browser.ts")
  }
  return names
}

/**
 * Chromium features off in the tests' browser, beyond Playwright's. Each page Playwright opens is a window of
 * its own, and Chromium 15x gives every window an omnibox popup made of two WebUI pages
 * (chrome://omnibox-popup.top-chrome/), each in a renderer of its own: about two seconds of CPU per page
 * opened, as much as loading the page itself, for a popup that headless Chromium never shows.
 */
const disabledFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup']

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium the e2e project's global setup started for all its files (test/e2e/global-setup.ts). */
    chromiumEndpoint?: string
  }
}

/** Headless Chromium with the flags this machine's closed network needs. */
export function chromiumLaunchOptions(): LaunchOptions {
  return {
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
      `--disable-features=${[...playwrightDisabledFeatures(), ...disabledFeatures].join(',')}`,
    ],
  }
}

/**
 * The e2e files' Chromium: the one the project's global setup started, connected to (each file's contexts
 * are its own, and closing disconnects and drops them, leaving the browser to the other files); elsewhere a
 * headless Chromium launched for the caller, with a fresh temporary profile of its own. Launching and closing
 * a browser took two to four seconds of a busy machine's CPU per file.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const endpoint = inject('chromiumEndpoint')
  const browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch(chromiumLaunchOptions())
  return {
    browser,
    close: () => browser.close(),
  }
}

/**
 * The bytes of a finished download. They are streamed from the browser: `download.path()` is not there when
 * the browser runs in another process (launchBrowser).
 */
export async function readDownload(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream()
  return buffer(stream)
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

/** Resolves once the page has drawn two more frames: what a change started has been laid out and painted. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
}

/**
 * gotoHydrated, then waits until every request the page has made has been answered (or has failed), and no
 * new one starts within two frames of the last: the hydrated page's own fetches, lazy modules and the
 * requests they make, fonts and images. This is what the tests waited for with
 * Playwright's `networkidle`, without the half a second of silence that it waits for on top, on every page.
 */
export async function gotoSettled(page: Page, url: string): Promise<Response | null> {
  const pending = new Set<Request>()
  let quiet = () => {}
  const started = (request: Request) => pending.add(request)
  const ended = (request: Request) => {
    pending.delete(request)
    if (pending.size === 0) quiet()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    const response = await gotoHydrated(page, url)
    // The effects that ran at hydration have sent their requests by the next frame. A request can also follow
    // one that just ended (a lazily loaded module that then fetches: the resources list), so after each quiet
    // moment the page gets two more frames to start another before it counts as settled.
    for (;;) {
      await nextFrames(page)
      if (pending.size === 0) return response
      await new Promise<void>((resolve) => (quiet = resolve))
    }
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
}

/**
 * The workspace's session token, read from the HttpOnly cookie the sign-in set in the page's browser
 * context (the test's own view: the page's scripts cannot read it); undefined when there is none.
 */
export async function sessionToken(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies()
  return cookies.find((cookie) => cookie.name === sessionCookieName)?.value
}

/**
 * Puts a session in the page's browser context as a sign-in would leave it: `token` in the session cookie
 * for the stand-in at `baseUrl`, and who is signed in in the shared storage (run on a page of that origin).
 */
export async function storeBrowserSession(
  page: Page,
  baseUrl: string,
  token: string | undefined,
  session: { readonly username: string; readonly role: string },
): Promise<void> {
  // Without a token: the tabs' record of who is signed in, and no cookie (one expired or refused).
  if (token !== undefined)
    await page.context().addCookies([
      {
        name: sessionCookieName,
        value: token,
        url: `${baseUrl}/api`,
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
      },
    ])
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    adminSessionKey,
    JSON.stringify({ id: `${session.username}@stored`, ...session }),
  ] as const)
}
