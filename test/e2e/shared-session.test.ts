import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalServer } from '../../infra/local/server'
import {
  chromeAvailable,
  gotoHydrated,
  launchBrowser,
  sessionToken,
  watchPageProblems,
} from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { validQuote } from '../support/leads'
import { request, startTestServer, temporaryDataDir } from '../support/local-server'

requireChromeOnCi()

const sales = { username: 'tabs-sales', password: 'shared session sales password', role: 'sales' } as const

/**
 * One session for the browser's tabs, in Chromium on the stand-in (served over http: Chromium accepts the
 * Secure cookie from 127.0.0.1): a lead link opened in a new tab opens without the sign-in form, the token
 * is out of the page's reach, a page of another origin cannot use it, and a sign-out in one tab ends the
 * session in the others.
 */
describe.runIf(chromeAvailable)('the session shared by the tabs of a browser, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>
  let leadId: string

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    const { setAdminPassword } = await import('../../infra/local/admin-users')
    await setAdminPassword(sales.username, sales.password, sales.role)
    const sent = await request(server.url, '/api/quotes', {
      body: { ...validQuote, name: 'Tab Person' },
      headers: { 'Idempotency-Key': 'shared-session-quote' },
    })
    expect(sent.status).toBe(201)
    leadId = sent.body.id
    ;({ browser, close: closeBrowser } = await launchBrowser())
  }, 60_000)
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  it('opens a lead link in a new tab signed in, and a sign-out in one tab sends the other to sign-in', async () => {
    const problems: string[] = []
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const first = await context.newPage()
    watchPageProblems(first, problems)
    await gotoHydrated(first, `${server.url}/admin`)
    await first.getByLabel('Username').fill(sales.username)
    await first.getByLabel('Password').fill(sales.password)
    await first.getByRole('button', { name: 'Login' }).click()
    await expect.poll(() => first.getByText(`${sales.username} · Sales`).count(), { timeout: 20_000 }).toBe(1)

    const token = await sessionToken(first)
    expect(token).toEqual(expect.any(String))
    // Out of the page's reach: not in document.cookie, nor in any storage.
    const visible = await first.evaluate(() =>
      [document.cookie, JSON.stringify(localStorage), JSON.stringify(sessionStorage)].join('\n'),
    )
    expect(visible).not.toContain(token)

    const second = await context.newPage()
    watchPageProblems(second, problems)
    await gotoHydrated(second, `${server.url}/admin/leads/${leadId}`)
    await expect
      .poll(() => second.getByRole('heading', { name: 'Tab Person' }).count(), { timeout: 20_000 })
      .toBe(1)
    expect(await second.getByLabel('Password').count()).toBe(0)

    // A change sent by a page of another origin (the cookie's SameSite aside, with the CSRF header) is refused.
    const foreign = await request(server.url, '/api/admin/logout', {
      method: 'POST',
      headers: {
        cookie: `__Secure-admin-session=${token}`,
        origin: 'https://evil.example',
        'x-requested-with': 'x',
      },
    })
    expect(foreign.status).toBe(403)
    // The same change without the CSRF header, from the site itself, is refused too.
    const noHeader = await request(server.url, '/api/admin/logout', {
      method: 'POST',
      headers: { cookie: `__Secure-admin-session=${token}`, 'sec-fetch-site': 'same-origin' },
    })
    expect(noHeader.status).toBe(403)

    await first.getByRole('button', { name: 'Logout' }).click()
    await expect.poll(() => first.getByRole('button', { name: 'Login' }).count()).toBe(1)
    // The other tab's next request goes to the sign-in form, and the signed-out token is refused.
    await second.reload()
    await expect
      .poll(() => second.getByRole('button', { name: 'Login' }).count(), { timeout: 20_000 })
      .toBe(1)
    // The logout function refuses the token at once (every other function within its 30-second session cache).
    const again = await request(server.url, '/api/admin/logout', { token: token!, method: 'POST' })
    expect(again.status).toBe(401)
    expect(await sessionToken(first)).toBeUndefined()
    expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([])
    await context.close()
  })
})
