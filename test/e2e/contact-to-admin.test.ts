import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalServer } from '../../infra/local/server'
import { chromeAvailable, gotoHydrated, launchBrowser } from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { startTestServer, temporaryDataDir } from '../support/local-server'

requireChromeOnCi()

const admin = { username: 'e2e-admin', password: 'e2e password that is long' }

describe.runIf(chromeAvailable)('contact form to admin dashboard, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>
  /** The reference the contact form's confirmation gave the visitor. */
  let reference = ''
  const foreignRequests: string[] = []

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    const { setAdminPassword } = await import('../../infra/local/admin-users')
    await setAdminPassword(admin.username, admin.password)
    ;({ browser, close: closeBrowser } = await launchBrowser())
  })
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  async function openPage(path: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    page.on('request', (request) => {
      const { hostname } = new URL(request.url())
      if (hostname !== '127.0.0.1' && !request.url().startsWith('data:')) foreignRequests.push(request.url())
    })
    await gotoHydrated(page, `${server.url}${path}`)
    return page
  }

  it('sends a contact message and shows the confirmation with a reference in place of the form', async () => {
    const page = await openPage('/contact')
    await page.getByLabel('Full Name').fill('Meera Iyer')
    await page.getByLabel('Email', { exact: true }).fill('meera@example.com')
    await page.getByLabel('Phone').fill('+91 90000 12345')
    await page.getByLabel('Subject', { exact: true }).selectOption('Solar for a housing society')
    await page.getByLabel('Message').fill('120 flats, looking for a site visit.')
    await page.getByRole('main').getByRole('checkbox', { name: 'I am 18 or older' }).check()
    const button = page.getByRole('button', { name: 'Send Message' })
    await button.click()
    const shown = page.getByTestId('lead-reference')
    await expect.poll(() => shown.count()).toBe(1)
    reference = (await shown.textContent()) ?? ''
    expect(reference).toMatch(/^SE-[2-9A-HJKMNP-Z]{5}$/)
    expect(await page.getByRole('status').filter({ hasText: reference }).count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Send Message' }).count()).toBe(0)
    await page.close()
  })

  it('refuses a wrong password in red, then signs in and shows that contact', async () => {
    const page = await openPage('/admin')
    await expect.poll(() => page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(1)
    expect(await page.getByLabel('Username').inputValue()).toBe('')
    expect(await page.getByLabel('Password').inputValue()).toBe('')

    await page.getByLabel('Username').fill(admin.username)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Login' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid username or password.' })
    await expect.poll(() => alert.count()).toBe(1)
    const color = await alert.evaluate((element) => getComputedStyle(element).color)
    const [red = 0, green = 0, blue = 0] = (color.match(/[\d.]+/g) ?? []).map(Number)
    expect(red).toBeGreaterThan(green)
    expect(red).toBeGreaterThan(blue)

    await page.getByLabel('Password').fill(admin.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect.poll(() => page.getByText('Logged in.').count()).toBe(1)
    await expect.poll(() => page.getByText('Meera Iyer').count()).toBe(1)
    expect(await page.getByText('meera@example.com').count()).toBe(1)

    // Staff find the message by the reference the visitor quotes; a reference nobody has finds nothing.
    await gotoHydrated(page, `${server.url}/admin/leads?q=${encodeURIComponent(reference)}`)
    await expect.poll(() => page.getByText('Meera Iyer', { exact: true }).count()).toBeGreaterThan(0)
    const unknown = reference === 'SE-22222' ? 'SE-33333' : 'SE-22222'
    await gotoHydrated(page, `${server.url}/admin/leads?q=${unknown}`)
    await expect.poll(() => page.getByText('No leads match these filters.').count()).toBe(1)
    expect(await page.getByText('Meera Iyer', { exact: true }).count()).toBe(0)
    await gotoHydrated(page, `${server.url}/admin`)

    await page.reload()
    await expect.poll(() => page.getByText('Logged in.').count()).toBe(1)
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).count()).toBe(1)
    await page.close()
  })

  it('made no request to another host', () => {
    expect(foreignRequests).toEqual([])
  })
})
