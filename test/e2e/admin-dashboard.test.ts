import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quoteFieldLabels } from '../../functions/core/quote-fields'
import { functionEnv } from '../../functions/lib/store-definitions'
import type { LocalServer } from '../../infra/local/server'
import { adminSessionKey } from '../../web/app/features/admin/session/session-store'
import { workspaceCopy } from '../../web/app/features/admin/shared/workspace-content'
import { sampleJobs } from '../../web/app/features/careers/content'
import { seriousAxeViolations } from '../support/axe'
import {
  chromeAvailable,
  gotoHydrated,
  launchBrowser,
  readDownload,
  storeBrowserSession,
  watchPageProblems,
} from '../support/browser'
import { requireChromeOnCi } from '../support/chrome-guard'
import { parseCsv } from '../support/csv'
import { validContact, validQuote } from '../support/leads'
import { request, startTestServer, temporaryDataDir } from '../support/local-server'
import { staffToken } from '../support/staff'
import { countFormulaCells, openWorkbook } from '../support/xlsx'

requireChromeOnCi()

const admin = { username: 'dash-admin', password: 'dashboard password that is long' }
const quote = { ...validQuote, name: 'Ravi Dashboard' }
const contact = { ...validContact, name: 'Asha Dashboard', email: 'asha.dashboard@example.com' }

/** A PDF of `size` bytes whose content is unique to `seed`. */
function pdf(size: number, seed: string): Buffer {
  const file = Buffer.alloc(size, 0x20)
  file.write(`%PDF-1.7\n% ${seed}\n`)
  return file
}

/** The rows of a CSV export, without the BOM. */
function csvRows(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  return parseCsv(text.slice(1)).filter((row) => row.length > 1 || row[0] !== '')
}

/**
 * The whole dashboard in Chromium on the stand-in: sign in, submissions sent through the public API, add a
 * job and a resource with files (small through /upload, large through a presigned PUT), every export read
 * back, show more, details, delete with confirmation, expiry and logout.
 */
describe.runIf(chromeAvailable)('admin dashboard, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>
  let apiToken: string
  const problems: string[] = []

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    apiToken = await staffToken(server.url, admin)
    const sentQuote = await request(server.url, '/api/quotes', {
      body: quote,
      headers: { 'Idempotency-Key': 'dashboard-quote-1' },
    })
    expect(sentQuote.status).toBe(201)
    const sentContact = await request(server.url, '/api/contacts', {
      body: contact,
      headers: { 'Idempotency-Key': 'dashboard-contact-1' },
    })
    expect(sentContact.status).toBe(201)
    for (let index = 1; index <= 10; index += 1) {
      const job = await request(server.url, '/api/admin/jobs', {
        token: apiToken,
        body: { title: `Seeded job ${index}`, location: `Town ${index}` },
      })
      expect(job.status).toBe(201)
    }
    ;({ browser, close: closeBrowser } = await launchBrowser())
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
    page = await context.newPage()
    watchPageProblems(page, problems)
    await page.exposeFunction('__reportViolation', (text: string) => problems.push(`CSP ${text}`))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        ;(window as unknown as { __reportViolation: (text: string) => void }).__reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        )
      })
    })
  }, 60_000)
  afterAll(async () => {
    delete process.env[functionEnv.exportDirectMaxBytes]
    await context?.close()
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
  })

  const region = (name: string) => page.getByRole('region', { name, exact: true })

  it('signs in from empty fields and shows the quote, the contact and the totals', async () => {
    await gotoHydrated(page, `${server.url}/admin`)
    await expect.poll(() => page.getByLabel('Username').count()).toBe(1)
    expect(await page.getByLabel('Username').inputValue()).toBe('')
    expect(await page.getByLabel('Password').inputValue()).toBe('')
    await page.getByLabel('Username').fill(admin.username)
    await page.getByLabel('Password').fill(admin.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect.poll(() => page.getByText('Logged in.').count()).toBe(1)

    const quotes = region('Recent quotes')
    await expect.poll(() => quotes.getByText(quote.name).count()).toBe(1)
    expect(await quotes.getByText('Residential · 3500-4500').count()).toBe(1)
    // Each recent lead links to its page and says when it came, how to reach it, its estimate and status.
    const quoteRow = quotes.getByRole('listitem').filter({ hasText: quote.name })
    expect(await quoteRow.getByRole('link', { name: quote.name }).getAttribute('href')).toMatch(
      /^\/admin\/leads\/[0-9a-f-]{36}$/,
    )
    expect(await quoteRow.getByText(quote.whatsapp, { exact: true }).count()).toBe(1)
    expect(await quoteRow.getByText('New', { exact: true }).count()).toBe(1)
    expect(await quoteRow.getByText(/^₹[\d,]+$/).count()).toBe(1)
    const contacts = region('Recent contacts')
    await expect.poll(() => contacts.getByText(contact.name).count()).toBe(1)
    expect(await contacts.getByText(contact.email).count()).toBe(1)
    const contactRow = contacts.getByRole('listitem').filter({ hasText: contact.name })
    expect(await contactRow.getByRole('link', { name: contact.name }).getAttribute('href')).toMatch(
      /^\/admin\/leads\/[0-9a-f-]{36}$/,
    )
    expect(await contactRow.getByText(contact.phone, { exact: true }).count()).toBe(1)

    // The lead figures, drawn by Chart.js loaded on /admin only, with the follow-ups due as a tile.
    await expect.poll(() => page.getByText('Follow-ups due', { exact: true }).count()).toBe(1)
    await expect.poll(() => page.locator('canvas[data-chart]').count()).toBe(4)

    const totals = region('Totals')
    await expect.poll(() => totals.count()).toBe(1)
    const tile = (label: string) =>
      totals.locator('div', { has: page.getByText(label, { exact: true }) }).last()
    expect(await tile('Quotes').textContent()).toBe('Quotes1')
    expect(await tile('Contacts').textContent()).toBe('Contacts1')
    expect(await tile('Jobs').textContent()).toBe('Jobs10')
    expect(await tile('Resources').textContent()).toBe('Resources0')
  })

  it('opens the quote to show every field it was sent with', async () => {
    await page.getByRole('button', { name: `View ${quote.name}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Quote details' })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    expect(await dialog.textContent()).toContain(quote.pincode)
    expect(await dialog.textContent()).toContain(quote.whatsapp)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => dialog.isVisible()).toBe(false)
  })

  it('adds a job that the public list shows, and shows more than the first 10 jobs', async () => {
    const form = page.getByRole('form', { name: 'Add Job' })
    await form.getByLabel('Title').fill('Solar site engineer')
    await form.getByLabel('Location').fill('Nagpur')
    await form.getByLabel('Employment type').fill('Full-time')
    await form.getByLabel('Department').fill('Projects')
    await form.getByLabel('Description').fill('Builds rooftop plants.')
    await form.getByLabel('Requirements').fill('B.E. Electrical\nTwo years on site')
    await form.getByRole('button', { name: 'Create' }).click()
    const jobs = region('Jobs')
    await expect.poll(() => jobs.getByText('Solar site engineer').count()).toBe(1)
    expect(await form.getByLabel('Title').inputValue()).toBe('')
    expect(await form.getByLabel('Requirements').inputValue()).toBe('')

    const publicJobs = await request(server.url, '/api/jobs')
    expect(publicJobs.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Solar site engineer',
          location: 'Nagpur',
          employment_type: 'Full-time',
          requirements: 'B.E. Electrical\nTwo years on site',
        }),
      ]),
    )

    // The careers page shows the stored jobs instead of its samples, the new one with its requirements.
    const visitor = await browser.newContext()
    try {
      const careers = await visitor.newPage()
      await gotoHydrated(careers, `${server.url}/careers`)
      const row = careers.locator('#open-positions button[aria-expanded]', { hasText: 'Solar site engineer' })
      await expect.poll(() => row.count()).toBe(1)
      await row.click()
      await expect(careers.getByText('Two years on site').isVisible()).resolves.toBe(true)
      expect(await careers.getByText(sampleJobs[0]!.title).count()).toBe(0)
    } finally {
      await visitor.close()
    }

    expect(await jobs.getByRole('listitem').count()).toBe(10)
    expect(await jobs.getByText('Seeded job 1', { exact: true }).count()).toBe(0)
    await jobs.getByRole('button', { name: 'Show more' }).click()
    await expect.poll(() => jobs.getByRole('listitem').count()).toBe(11)
    expect(await jobs.getByText('Seeded job 1', { exact: true }).count()).toBe(1)
    expect(await jobs.getByRole('button', { name: 'Show more' }).count()).toBe(0)
    await expect.poll(() => region('Totals').textContent()).toContain('Jobs11')
  })

  it('edits the job into a draft, which leaves the public list, then publishes it again', async () => {
    const jobs = region('Jobs')
    await jobs.getByRole('button', { name: 'Edit Solar site engineer' }).click()
    const form = page.getByRole('form', { name: 'Edit job: Solar site engineer' })
    expect(await form.getByLabel('Location').inputValue()).toBe('Nagpur')
    await form.getByLabel('Location').fill('Nagpur and Wardha')
    await form.getByRole('button', { name: 'Save as draft' }).click()
    await expect.poll(() => form.count()).toBe(0)
    const row = jobs.getByRole('listitem').filter({ hasText: 'Solar site engineer' })
    expect(await row.getByText('Draft', { exact: true }).count()).toBe(1)
    const titles = async () =>
      ((await request(server.url, '/api/jobs')).body as { title: string }[]).map((job) => job.title)
    expect(await titles()).not.toContain('Solar site engineer')

    await jobs.getByRole('button', { name: 'Edit Solar site engineer' }).click()
    await form.getByRole('button', { name: 'Publish' }).click()
    // The form closes once the save has answered; the row's mark can flicker to nothing while the list re-renders.
    await expect.poll(() => form.count()).toBe(0)
    await expect.poll(() => row.getByText('Draft', { exact: true }).count()).toBe(0)
    await expect.poll(() => row.count()).toBe(1)
    const published = (await request(server.url, '/api/jobs')).body as { title: string; location: string }[]
    expect(published.find((job) => job.title === 'Solar site engineer')?.location).toBe('Nagpur and Wardha')
  })

  it('adds a resource with a small file and one with a file above 4 MiB, and both download intact', async () => {
    const form = page.getByRole('form', { name: 'Add Resource' })
    const status = form.getByRole('status')
    expect(await status.textContent()).toBe('No file')

    for (const [title, size] of [
      ['Rooftop brochure', 20_000],
      ['Plant handbook', 5 * 1024 * 1024 + 3],
    ] as const) {
      const file = pdf(size, title)
      await form.getByLabel('File', { exact: true }).setInputFiles({
        name: `${title}.pdf`,
        mimeType: 'application/pdf',
        buffer: file,
      })
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('Uploaded')
      const fileUrl = await form.getByLabel('File URL').inputValue()
      expect(fileUrl).toMatch(new RegExp(`^/files/resources/\\d+-${title.replace(' ', '-')}\\.pdf$`))
      await form.getByLabel('Title').fill(title)
      await form.getByLabel('Type').fill('pdf')
      await form.getByLabel('Description').fill(`${title}, ${size} bytes`)
      await form.getByRole('button', { name: 'Create' }).click()
      await expect.poll(() => region('Resources').getByText(title).count()).toBe(1)
      await expect.poll(() => status.textContent()).toBe('No file')
      expect(await form.getByLabel('File URL').inputValue()).toBe('')
      expect(await form.getByLabel('Title').inputValue()).toBe('')

      const listed = (await request(server.url, '/api/resources')).body.find(
        (item: { title: string }) => item.title === title,
      )
      expect(listed).toMatchObject({ resource_type: 'pdf', file_url: fileUrl })
      const served = await fetch(`${server.url}${listed.file_url}`)
      expect(served.status).toBe(200)
      expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true)
    }
  })

  it('has no serious or critical accessibility violation when signed in, at 390 and 1280 px (axe-core)', async () => {
    // Toasts of the earlier steps fade out with an opacity animation, which axe would measure mid-way. A toast
    // under the pointer stays (sonner pauses its timer on hover): the pointer leaves the toasts' corner first.
    await page.mouse.move(1, 890)
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0)
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      const serious = await seriousAxeViolations(page)
      expect(serious, `${width}px`).toEqual([])
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${width}px horizontal overflow`).toBeLessThanOrEqual(0)
    }
    // On a desktop every entry of the workspace's navigation is in view: its row does not scroll sideways.
    const navigation = page.getByRole('navigation', { name: workspaceCopy.navigation })
    expect(await navigation.evaluate((nav) => nav.scrollWidth - nav.clientWidth)).toBeLessThanOrEqual(0)
    // An owner's ten, the privacy desk's two (Rights requests, Breach drill) among them.
    expect(await navigation.getByRole('link').count()).toBe(10)
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  it('downloads every export and reads the same rows back from the CSV files and the workbook', async () => {
    const csvByKind: Record<string, string[][]> = {}
    for (const [kind, label] of [
      ['quotes', 'Download quotes (CSV)'],
      ['contacts', 'Download contacts (CSV)'],
      ['newsletter', 'Download newsletter subscribers (CSV)'],
      ['jobs', 'Download jobs (CSV)'],
      ['resources', 'Download resources (CSV)'],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: label }).click(),
      ])
      expect(download.suggestedFilename()).toBe(`${kind}.csv`)
      csvByKind[kind] = csvRows(await readDownload(download))
    }
    const column = (kind: string, header: string) => {
      const [headers = [], ...rows] = csvByKind[kind] ?? []
      const index = headers.indexOf(header)
      expect(index).toBeGreaterThanOrEqual(0)
      return rows.map((row) => row[index])
    }
    expect(column('quotes', 'Name')).toEqual([quote.name])
    expect(column('quotes', quoteFieldLabels.pincode)).toEqual([quote.pincode])
    expect(column('contacts', 'Email')).toEqual([contact.email])
    expect(column('jobs', 'Title')).toHaveLength(11)
    expect(column('jobs', 'Title')[0]).toBe('Solar site engineer')
    expect(column('jobs', 'Requirements')[0]).toBe('B.E. Electrical\nTwo years on site')
    expect(column('resources', 'Title')).toEqual(['Plant handbook', 'Rooftop brochure'])
    expect(csvByKind.newsletter?.slice(1)).toEqual([])

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download all as Excel' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('forms-export.xlsx')
    const workbook = await openWorkbook(await readDownload(download))
    expect(countFormulaCells(workbook)).toBe(0)
    for (const kind of ['quotes', 'contacts', 'jobs', 'resources', 'newsletter']) {
      const sheet = workbook.getWorksheet(kind)
      expect(sheet, kind).toBeDefined()
      const [headers = [], ...rows] = csvByKind[kind] ?? []
      const sheetHeaders = ((sheet?.getRow(1).values ?? []) as unknown[]).slice(1)
      expect(sheetHeaders).toEqual(headers)
      expect(sheet?.actualRowCount).toBe(rows.length + 1)
      rows.forEach((row, rowIndex) => {
        headers.forEach((header, columnIndex) => {
          // A stored time is a date cell in the workbook and its ISO text in the CSV.
          const cell = sheet?.getRow(rowIndex + 2).getCell(columnIndex + 1)
          const value =
            cell?.value === null || cell?.value === undefined
              ? ''
              : cell.value instanceof Date
                ? cell.value.toISOString()
                : String(cell.value)
          expect(value, `${kind} ${header}`).toBe(row[columnIndex])
        })
      })
    }
  })

  it('follows the download link of an export too large for one reply', async () => {
    process.env[functionEnv.exportDirectMaxBytes] = '64'
    try {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download jobs (CSV)' }).click(),
      ])
      expect(download.url()).toMatch(/\/_s3\/exports\/.+\/jobs\.csv\?/)
      const rows = csvRows(await readDownload(download))
      expect(rows).toHaveLength(12)
      // Only the signed link reads it: the same key under /files/ is not found.
      const key = new URL(download.url()).pathname.split('/').slice(3).join('/')
      expect((await fetch(`${server.url}/files/exports/${key}`)).status).toBe(404)
      const [xlsx] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download all as Excel' }).click(),
      ])
      const workbook = await openWorkbook(await readDownload(xlsx))
      expect(workbook.getWorksheet('jobs')?.actualRowCount).toBe(12)
    } finally {
      delete process.env[functionEnv.exportDirectMaxBytes]
    }
  })

  it("alerts 'Export failed: ' with the server's text when an export fails", async () => {
    await page.route('**/api/admin/export/quotes', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Storage is busy.' }),
      }),
    )
    // Accepted as it opens: the click may wait for the earlier download navigation, which the open alert
    // would block.
    const alerts: string[] = []
    const onDialog = (dialog: Dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`)
      void dialog.accept()
    }
    page.on('dialog', onDialog)
    try {
      await page.getByRole('button', { name: 'Download quotes (CSV)' }).click()
      await expect.poll(() => alerts).toEqual(['alert: Export failed: Storage is busy.'])
    } finally {
      page.off('dialog', onDialog)
      await page.unroute('**/api/admin/export/quotes')
    }
  })

  it('deletes a job only after confirmation', async () => {
    const jobs = region('Jobs')
    await jobs.getByRole('button', { name: 'Delete Seeded job 5' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete this job?' })
    await expect.poll(() => confirm.isVisible()).toBe(true)
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => confirm.isVisible()).toBe(false)
    expect(await jobs.getByText('Seeded job 5', { exact: true }).count()).toBe(1)

    await jobs.getByRole('button', { name: 'Delete Seeded job 5' }).click()
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect.poll(() => jobs.getByText('Seeded job 5', { exact: true }).count()).toBe(0)
    const titles = (await request(server.url, '/api/jobs')).body.map((job: { title: string }) => job.title)
    expect(titles).not.toContain('Seeded job 5')
    expect(titles).toHaveLength(10)
  })

  it('returns to the login form with a message when the token is refused', async () => {
    // The browser believes it is signed in, but its session cookie is gone (expired, or refused: a
    // `__Secure-` cookie cannot be forged into the browser over the stand-in's plain HTTP): the API answers 401.
    await page.context().clearCookies()
    await storeBrowserSession(page, server.url, undefined, {
      username: 'dash-admin',
      role: 'owner',
    })
    await page.reload()
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Your session has expired. Please sign in again.')
    expect(await page.getByLabel('Username').inputValue()).toBe('')
    expect(await page.evaluate((key) => window.localStorage.getItem(key), adminSessionKey)).toBeNull()
  })

  it('logs out', async () => {
    await page.getByLabel('Username').fill(admin.username)
    await page.getByLabel('Password').fill(admin.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect.poll(() => page.getByText('Logged in.').count()).toBe(1)
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).count()).toBe(1)
    expect(await page.evaluate((key) => window.localStorage.getItem(key), adminSessionKey)).toBeNull()
  })

  it('saw no CSP violation, page error or request to another host', () => {
    // The refused token (401) and the failed export (503) are logged by the browser itself.
    expect(problems.filter((problem) => !/status of (401|503)/.test(problem))).toEqual([])
  })
})
