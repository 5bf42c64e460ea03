import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalServer } from '../../infra/local/server'
import {
  chromeAvailable,
  gotoHydrated,
  launchBrowser,
  missingChromeMessage,
  sessionToken,
} from '../support/browser'
import { request, startTestServer, temporaryDataDir } from '../support/local-server'

if (!chromeAvailable) console.warn(missingChromeMessage)

const admin = { username: 'mfa-admin', password: 'an mfa password that is long' }

/**
 * Signing in with MFA in Chromium on the stand-in (the built bundles): the password first, then the code the
 * authenticator app would show; and signing out, after which the server refuses that token.
 */
describe.runIf(chromeAvailable)('admin sign-in with MFA, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let page: Page
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>
  let secret: string
  let usedCode = ''
  let totpCode: typeof import('../../functions/lib/auth/totp').totpCode

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    const { setAdminPassword } = await import('../../infra/local/admin-users')
    await setAdminPassword(admin.username, admin.password)
    const totp = await import('../../functions/lib/auth/totp')
    totpCode = totp.totpCode
    secret = totp.newTotpSecret()
    const { enableAdminMfa } = await import('../../functions/lib/db/admin-users')
    expect(await enableAdminMfa(admin.username, secret)).toBe('done')
    ;({ browser, close: closeBrowser } = await launchBrowser())
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  }, 60_000)
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  it('asks for the code after the password, signs in with it, and the token dies on Logout', async () => {
    await gotoHydrated(page, `${server.url}/admin`)
    await page.getByLabel('Username').fill(admin.username)
    await page.getByLabel('Password').fill(admin.password)
    await page.getByRole('button', { name: 'Login' }).click()

    const code = page.getByLabel(/Authenticator code/)
    await expect.poll(() => code.count()).toBe(1)
    expect(await page.getByRole('alert').textContent()).toBe(
      'Enter the 6-digit code from your authenticator app.',
    )
    expect(await code.getAttribute('inputmode')).toBe('numeric')
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code')
    expect(await page.getByLabel('Password').inputValue()).toBe(admin.password)

    usedCode = totpCode(secret)
    await code.fill(usedCode)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect.poll(() => page.getByText('Logged in.').count()).toBe(1)
    // The browser keeps the token in the session cookie, out of the page's scripts' reach.
    const token = await sessionToken(page)
    expect(await page.evaluate(() => document.cookie)).not.toContain(token)
    expect(token).toEqual(expect.any(String))
    expect((await request(server.url, '/api/admin/jobs', { token: token! })).status).toBe(200)

    await page.getByRole('button', { name: 'Logout' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).count()).toBe(1)
    // The logout function refuses the token at once (other functions within 30 s).
    await expect
      .poll(
        async () =>
          (await request(server.url, '/api/admin/logout', { token: token!, method: 'POST' })).status,
      )
      .toBe(401)
  })

  it('refuses the code it just accepted (a replay) over the API', async () => {
    const reply = await request(server.url, '/api/admin/login', { body: { ...admin, code: usedCode } })
    expect(reply.status).toBe(401)
    expect(reply.body.mfaRequired).toBe(true)
  })
})
