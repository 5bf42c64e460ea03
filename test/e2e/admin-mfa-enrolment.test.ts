import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { functionEnv } from '../../functions/lib/store-definitions'
import type { LocalServer } from '../../infra/local/server'
import { seriousAxeViolations } from '../support/axe'
import {
  chromeAvailable,
  gotoHydrated,
  launchBrowser,
  missingChromeMessage,
  sessionToken,
  watchPageProblems,
} from '../support/browser'
import { request, startTestServer, temporaryDataDir } from '../support/local-server'

if (!chromeAvailable) console.warn(missingChromeMessage)

const password = 'an enrolment password that is long'

/**
 * Required MFA and self-service enrolment in Chromium on the stand-in (the built bundles), with REQUIRE_MFA
 * set as a deployment sets it: a sales user without MFA signs in to the enrolment screen only (its token
 * opens nothing else), scans the QR code (or copies the otpauth:// URI), confirms with a code after a wrong
 * one, sees 10 recovery codes once, and goes on to the workspace; at 390 px (a phone) and 1280 px.
 */
describe.runIf(chromeAvailable)('self-service MFA enrolment, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>
  let totp: typeof import('../../functions/lib/auth/totp')
  const previousRequireMfa = process.env[functionEnv.requireMfa]

  beforeAll(async () => {
    process.env[functionEnv.requireMfa] = 'owner,sales,viewer'
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    totp = await import('../../functions/lib/auth/totp')
    ;({ browser, close: closeBrowser } = await launchBrowser())
  }, 60_000)
  afterAll(async () => {
    if (previousRequireMfa === undefined) delete process.env[functionEnv.requireMfa]
    else process.env[functionEnv.requireMfa] = previousRequireMfa
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  it.each([390, 1280])(
    'enrols a sales user at %i px: QR code and URI, a wrong code refused, recovery codes once, then the workspace',
    async (width) => {
      const username = `enrol-${width}`
      const { setAdminPassword } = await import('../../infra/local/admin-users')
      await setAdminPassword(username, password, 'sales')
      const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage()
      const problems: string[] = []
      watchPageProblems(page, problems)

      await gotoHydrated(page, `${server.url}/admin`)
      await page.getByLabel('Username').fill(username)
      await page.getByLabel('Password').fill(password)
      await page.getByRole('button', { name: 'Login' }).click()

      // One screen only: the enrolment, without the workspace's navigation.
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' }).count())
        .toBe(1)
      expect(await page.getByRole('navigation', { name: 'Workspace' }).count()).toBe(0)
      const limitedToken = await sessionToken(page)
      expect((await request(server.url, '/api/admin/leads', { token: limitedToken! })).status).toBe(401)

      await page.getByRole('button', { name: 'Show the QR code' }).click()
      const qr = page.getByRole('img', { name: /QR code/ })
      await expect.poll(() => qr.count()).toBe(1)
      expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
        true,
      )
      const uri = await page.getByLabel(/otpauth:\/\/ link/).inputValue()
      expect(uri).toMatch(new RegExp(`^otpauth://totp/.*${username}.*secret=`))
      const secret = await page.getByLabel('The secret key alone').inputValue()
      expect(uri).toContain(`secret=${secret}`)

      // A wrong code is refused with the server's reason, and nothing changes.
      const code = page.getByLabel('Code from the app')
      expect(await code.getAttribute('inputmode')).toBe('numeric')
      const right = totp.totpCode(secret)
      await code.fill(right === '000000' ? '111111' : '000000')
      await page.getByRole('button', { name: 'Confirm' }).click()
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/not right/)

      await code.fill(right)
      await page.getByRole('button', { name: 'Confirm' }).click()
      await expect.poll(() => page.getByRole('heading', { name: 'Two-step sign-in is on.' }).count()).toBe(1)
      const recoveryCodes = await page
        .getByRole('list', { name: 'Recovery codes' })
        .getByRole('listitem')
        .allTextContents()
      expect(recoveryCodes).toHaveLength(10)
      for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/)
      // Nothing of the page is wider than the screen (a phone scrolls down, never sideways).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      expect(await seriousAxeViolations(page)).toEqual([])

      await page.getByRole('button', { name: /continue to the workspace/ }).click()
      await expect.poll(() => page.getByText('Logged in.').count()).toBe(1)
      expect(await page.getByRole('navigation', { name: 'Workspace' }).count()).toBe(1)
      const fullToken = await sessionToken(page)
      expect(fullToken).not.toBe(limitedToken)
      expect((await request(server.url, '/api/admin/leads', { token: fullToken! })).status).toBe(200)
      // The enrolment ended the other sessions: the function that has seen the new version refuses the
      // enrolment-only token at once (every other within its 30-second session cache).
      expect((await request(server.url, '/api/admin/leads', { token: limitedToken! })).status).toBe(401)

      // From now on sign-in asks for the code; a recovery code works once in its place.
      const again = await request(server.url, '/api/admin/login', { body: { username, password } })
      expect(again.body.mfaRequired).toBe(true)
      const withRecovery = await request(server.url, '/api/admin/login', {
        body: { username, password, code: recoveryCodes[0] },
      })
      expect(withRecovery.status).toBe(200)
      // The refused code's 400 is the one console line Chromium writes (a failed request); nothing else.
      expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([])
      await page.context().close()
    },
    120_000,
  )
})
