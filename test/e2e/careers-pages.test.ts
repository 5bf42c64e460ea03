import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalServer } from '../../infra/local/server'
import { legalPage, legalPaths, legalTitles } from '../../web/app/content/legal'
import { loginPage } from '../../web/app/features/admin/session/content'
import { careersPage, sampleJobs } from '../../web/app/features/careers/content'
import { chromeAvailable, gotoSettled, launchBrowser, nextFrames } from '../support/browser'
import { request, startTestServer, temporaryDataDir } from '../support/local-server'
import { staffToken } from '../support/staff'

/** /careers, /login and the legal pages in Chromium on the stand-in, at phone and desktop widths. */
describe.runIf(chromeAvailable)('careers, login and legal pages in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    ;({ browser, close: closeBrowser } = await launchBrowser())
  })
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  async function open(
    width: number,
    path: string,
    prepare?: (page: Page) => Promise<void>,
  ): Promise<{ page: Page; context: BrowserContext }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    await prepare?.(page)
    const response = await gotoSettled(page, `${server.url}${path}`)
    expect(response?.status()).toBe(200)
    return { page, context }
  }

  const overflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  const positions = (page: Page) => page.locator('#open-positions button[aria-expanded]')

  for (const width of [390, 1280]) {
    it(`at ${width} px: /careers shows its sections, expands one position at a time and collapses it`, async () => {
      const { page, context } = await open(width, '/careers')
      try {
        for (const heading of [
          careersPage.valuesHeading,
          careersPage.positionsHeading,
          careersPage.benefitsHeading,
          careersPage.cultureHeading,
        ]) {
          await expect(page.getByRole('heading', { name: heading, exact: true }).isVisible()).resolves.toBe(
            true,
          )
        }
        expect(await positions(page).count()).toBe(sampleJobs.length)
        const first = positions(page).nth(0)
        const second = positions(page).nth(1)
        await first.click()
        expect(await first.getAttribute('aria-expanded')).toBe('true')
        // The job title is sr-only text after 'Apply Now' (a block box, so the name has a space before the colon).
        const apply = page.getByRole('link', { name: new RegExp(`^Apply Now\\s*: ${sampleJobs[0]!.title}$`) })
        await expect(apply.isVisible()).resolves.toBe(true)
        await second.click()
        expect(await first.getAttribute('aria-expanded')).toBe('false')
        expect(await second.getAttribute('aria-expanded')).toBe('true')
        await expect(apply.isVisible()).resolves.toBe(false)
        await second.click()
        expect(await second.getAttribute('aria-expanded')).toBe('false')
        expect(await overflow(page)).toBeLessThanOrEqual(0)

        await first.click()
        await apply.click()
        await page.waitForURL('**/contact?subject=*')
        // Not one of the contact form's subjects: Other, with the application's words as the person's own.
        await expect.poll(() => page.getByLabel('Subject', { exact: true }).inputValue()).toBe('other')
        expect(await page.getByLabel('Your subject').inputValue()).toBe(
          `Application: ${sampleJobs[0]!.title}`,
        )
      } finally {
        await context.close()
      }
    })
  }

  it('shows the jobs GET /api/jobs answers instead of the samples', async () => {
    const { page, context } = await open(1280, '/careers', async (page) => {
      await page.route('**/api/jobs', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify([{ id: 'j1', title: 'Storage Commissioning Engineer', location: 'Chennai' }]),
        }),
      )
    })
    try {
      await expect.poll(() => positions(page).count()).toBe(1)
      expect(await positions(page).nth(0).textContent()).toContain('Storage Commissioning Engineer')
      expect(await positions(page).nth(0).textContent()).toContain('Chennai')
    } finally {
      await context.close()
    }
  })

  it('keeps the samples when GET /api/jobs fails', async () => {
    let requests = 0
    const { page, context } = await open(390, '/careers', async (page) => {
      await page.route('**/api/jobs', (route) => {
        requests += 1
        return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' })
      })
    })
    try {
      // As on the resources page: wait for the list's request, then two frames for the page to take in the
      // failure, and check it asked only once.
      await expect.poll(() => requests).toBe(1)
      await nextFrames(page)
      expect(requests).toBe(1)
      expect(await positions(page).count()).toBe(sampleJobs.length)
    } finally {
      await context.close()
    }
  })

  for (const width of [390, 1280]) {
    it(`at ${width} px: /login keeps the browser's required checks, then says accounts are not available`, async () => {
      const requests: string[] = []
      const { page, context } = await open(width, '/login')
      page.on('request', (request) => requests.push(request.url()))
      try {
        await page.getByRole('button', { name: loginPage.submit }).click()
        expect(await page.getByRole('status').textContent()).toBe('')
        await page.getByLabel(loginPage.email).fill('asha@example.com')
        await page.getByLabel(loginPage.password).fill('a password')
        await page.getByRole('button', { name: loginPage.submit }).click()
        await expect(page.getByText(loginPage.unavailable).isVisible()).resolves.toBe(true)
        expect(requests.filter((url) => url.includes('/api/'))).toEqual([])
        expect(await overflow(page)).toBeLessThanOrEqual(0)
        await page.getByRole('link', { name: loginPage.contactLink.label, exact: true }).click()
        await page.waitForURL('**/contact')
      } finally {
        await context.close()
      }
    })
  }

  it('holds back a sent form until the page has hydrated, so no password reaches the URL (scripts blocked)', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } })
    const page = await context.newPage()
    try {
      // Without its scripts the page never hydrates: what a slow phone shows before they arrive.
      await page.route('**/assets/*.js', (route) => route.abort())
      await page.goto(`${server.url}/login`)
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false)
      await page.getByLabel(loginPage.email).fill('asha@example.com')
      await page.getByLabel(loginPage.password).fill('a password')
      const prevented = await page.evaluate(() => {
        const form = document.querySelector('form:has(input[type="password"])') as HTMLFormElement
        let seen: boolean | undefined
        form.addEventListener('submit', (event) => {
          seen = event.defaultPrevented
        })
        form.requestSubmit()
        return seen
      })
      expect(prevented).toBe(true)
      await page.getByRole('button', { name: loginPage.submit }).click()
      await page.waitForLoadState('networkidle')
      expect(page.url()).toBe(`${server.url}/login`)
      expect(await page.getByLabel(loginPage.password).inputValue()).toBe('a password')
    } finally {
      await context.close()
    }
  })

  it.each(legalPaths.map((path) => [path]))('%s: the placeholder and its two buttons', async (path) => {
    const { page, context } = await open(390, path)
    try {
      await expect(
        page.getByRole('heading', { level: 1, name: legalTitles[path] }).isVisible(),
      ).resolves.toBe(true)
      await expect(page.getByText(legalPage.underDevelopment).isVisible()).resolves.toBe(true)
      expect(await overflow(page)).toBeLessThanOrEqual(0)
      await page.getByRole('link', { name: legalPage.contact.label, exact: true }).last().click()
      await page.waitForURL((url) => url.pathname === '/' && url.hash === '#contact')
      await expect
        .poll(() => page.locator('#contact').evaluate((element) => element.getBoundingClientRect().top))
        .toBeLessThan(200)
      await page.goBack()
      await page.getByRole('link', { name: legalPage.home.label }).click()
      await page.waitForURL((url) => url.pathname === '/' && url.hash === '')
    } finally {
      await context.close()
    }
  })
  // Last in this file: it stores a job on the stand-in, which the sample tests above must not see.
  it('shows that no position is open, not the six samples, once the only published job is unpublished', async () => {
    const admin = { username: 'careers-admin', password: 'careers password that is long' }
    const token = await staffToken(server.url, admin)
    const created = await request(server.url, '/api/admin/jobs', {
      token,
      body: { title: 'Rooftop Site Engineer', location: 'Hyderabad', employment_type: 'Full-time' },
    })
    expect(created.status).toBe(201)
    const unpublished = await request(server.url, `/api/admin/jobs/${created.body.id}`, {
      method: 'PUT',
      token,
      body: { title: 'Rooftop Site Engineer', location: 'Hyderabad', state: 'draft' },
    })
    expect(unpublished.status).toBe(200)
    for (const width of [390, 1280]) {
      const { page, context } = await open(width, '/careers')
      try {
        await expect.poll(() => page.getByText(careersPage.noPositions).isVisible()).toBe(true)
        expect(await positions(page).count()).toBe(0)
        for (const job of sampleJobs) expect(await page.getByText(job.title).count()).toBe(0)
      } finally {
        await context.close()
      }
    }
  })
})
