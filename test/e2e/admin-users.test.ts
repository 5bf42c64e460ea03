import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalServer } from '../../infra/local/server'
import { seriousAxeViolations } from '../support/axe'
import { chromeAvailable, gotoHydrated, launchBrowser, watchPageProblems } from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { startTestServer, temporaryDataDir } from '../support/local-server'

requireChromeOnCi()

const owner = { username: 'users-owner', password: 'users page owner password' }

/**
 * Staff in the workspace, in Chromium on the stand-in: an owner adds a sales user on the Users page, reads
 * the one-time password shown once, and that user signs in with it, is made to choose their own password,
 * and is in; the one-time password then no longer signs in (at a phone's and a desktop's width).
 */
describe.runIf(chromeAvailable)('adding staff in the workspace, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    const { setAdminPassword } = await import('../../infra/local/admin-users')
    await setAdminPassword(owner.username, owner.password)
    ;({ browser, close: closeBrowser } = await launchBrowser())
  }, 60_000)
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  it.each([390, 1280])('lets an owner add a sales user at %i px, who then signs in', async (width) => {
    const problems: string[] = []
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    watchPageProblems(page, problems)
    await gotoHydrated(page, `${server.url}/admin/users`)
    await page.getByLabel('Username').fill(owner.username)
    await page.getByLabel('Password').fill(owner.password)
    await page.getByRole('button', { name: 'Login' }).click()

    // On a phone a confirmation's toast lies over the header until it goes, as a person would wait.
    const logOutWhenToastsAreGone = async () => {
      await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0)
      await page.getByRole('button', { name: 'Logout' }).click()
    }
    const form = page.getByRole('region', { name: 'Add a user', exact: true })
    const username = `sales${width}`
    await form.getByLabel('Username').fill(username)
    await form.getByLabel('Role').selectOption('sales')
    await form.getByLabel('Email').fill(`${username}@example.com`)
    await form.getByRole('button', { name: 'Add user' }).click()
    const shown = form.getByRole('status')
    await expect
      .poll(() => shown.textContent(), { timeout: 20_000 })
      .toContain(`${username} is added (Sales).`)
    const password = (await shown.locator('[data-password]').textContent())?.trim() ?? ''
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/)
    // The new user is in the list, with their role.
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: username }) })
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.getByRole('cell').first().textContent()).toBe('Sales')
    await logOutWhenToastsAreGone()

    const signInAs = async (secret: string) => {
      await page.getByLabel('Username').fill(username)
      await page.getByLabel('Password').fill(secret)
      await page.getByRole('button', { name: 'Login' }).click()
    }
    await signInAs(password)
    // The one-time password opens one screen: choosing their own password.
    await expect
      .poll(() => page.getByRole('heading', { name: 'Choose your own password' }).count(), {
        timeout: 20_000,
      })
      .toBe(1)
    const choose = page.getByRole('form', { name: 'Choose your own password' })
    const own = `${username} own long password`
    await choose.getByLabel('New password', { exact: true }).fill(own)
    await choose.getByLabel('Repeat the new password').fill(`${own}!`)
    await choose.getByRole('button', { name: 'Save my password' }).click()
    // Told beside the field (no browser bubble), focus on it, nothing sent.
    const repeat = choose.getByLabel('Repeat the new password')
    await expect.poll(() => repeat.getAttribute('aria-invalid')).toBe('true')
    expect(await choose.textContent()).toContain('The two passwords are not the same')
    expect(await repeat.evaluate((field) => field === document.activeElement)).toBe(true)
    expect(await seriousAxeViolations(page)).toEqual([])
    await repeat.fill(own)
    await choose.getByRole('button', { name: 'Save my password' }).click()
    await expect.poll(() => page.getByText(`${username} · Sales`).count(), { timeout: 20_000 }).toBe(1)
    // Sales may not open the Users page: told so, the workspace's other pages one tap away.
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Only an owner can see the staff list')
    await logOutWhenToastsAreGone()

    // The one-time password no longer signs in; their own does, straight to the workspace.
    await signInAs(password)
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 })
      .toBe('Invalid username or password.')
    await signInAs(own)
    await expect.poll(() => page.getByText(`${username} · Sales`).count(), { timeout: 20_000 }).toBe(1)
    // The one refused sign-in with the one-time password, and nothing else.
    expect(problems).toEqual([
      'Failed to load resource: the server responded with a status of 401 (Unauthorized)',
    ])
    await context.close()
  })
})
