import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalServer } from '../../infra/local/server'
import { chromeAvailable, gotoHydrated, launchBrowser, watchPageProblems } from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { startTestServer, temporaryDataDir } from '../support/local-server'

requireChromeOnCi()

const owner = { username: 'users-owner', password: 'users page owner password' }

/**
 * Staff in the workspace, in Chromium on the stand-in: an owner adds a sales user on the Users page, reads
 * the one-time password shown once, and that user signs in with it (at a phone's and a desktop's width).
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
    await page.getByRole('button', { name: 'Logout' }).click()

    await page.getByLabel('Username').fill(username)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect.poll(() => page.getByText(`${username} · Sales`).count(), { timeout: 20_000 }).toBe(1)
    // Sales may not open the Users page: told so, the workspace's other pages one tap away.
    expect(await page.getByRole('alert').textContent()).toContain('Only an owner can see the staff list')
    expect(problems).toEqual([])
    await context.close()
  })
})
