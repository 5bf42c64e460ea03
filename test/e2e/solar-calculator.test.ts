import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalServer } from '../../infra/local/server'
import { company } from '../../web/app/content/company'
import { shareReportCopy } from '../../web/app/features/solar-calculator/components/share-report'
import { seriousAxeViolations } from '../support/axe'
import { chromeAvailable, gotoHydrated, launchBrowser, missingChromeMessage } from '../support/browser'
import { startTestServer, temporaryDataDir } from '../support/local-server'

if (!chromeAvailable) console.warn(missingChromeMessage)

type Leads = typeof import('../../functions/lib/db/leads')

const reportPath = '/solar-calculator?category=residential&capacityKw=3&pincode=500081'

describe.runIf(chromeAvailable)('solar calculator, in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let closeBrowser: () => Promise<void>
  let removeData: () => Promise<void>
  let leads: Leads
  const foreignRequests: string[] = []

  beforeAll(async () => {
    process.env.LEAD_RATE_LIMIT = 'off'
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    leads = await import('../../functions/lib/db/leads')
    ;({ browser, close: closeBrowser } = await launchBrowser())
  })
  afterAll(async () => {
    await closeBrowser?.()
    await server?.close()
    await removeData?.()
    delete process.env.LEAD_RATE_LIMIT
  })

  async function openPage(path: string, width: 390 | 1280, initScript?: () => void): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 900 } })
    if (initScript) await page.addInitScript(initScript)
    // A step that waits longer than this fails with its locator named, instead of the test's 60 s timeout.
    page.setDefaultTimeout(20_000)
    page.on('request', (request) => {
      const { hostname } = new URL(request.url())
      if (hostname !== '127.0.0.1' && !request.url().startsWith('data:')) foreignRequests.push(request.url())
    })
    await gotoHydrated(page, `${server.url}${path}`)
    return page
  }

  const text = (page: Page, id: string) => page.getByTestId(id).textContent()

  // Twice in CI (of about ten runs) this test hung past 60 s with no Playwright error, once at each width,
  // on a loaded machine; never locally. One retry, and the steps' own timeout (openPage) to name the step.
  it.each([390, 1280] as const)(
    'works out a report from typed inputs and keeps them in the URL, at %i px',
    { retry: 1 },
    async (width) => {
      const page = await openPage('/solar-calculator', width)
      await page.getByLabel('Average monthly bill (₹)').fill('2500')
      await page.getByLabel('PIN Code').fill('500081')
      await expect.poll(() => text(page, 'report-net-cost')).toBe('₹1,27,000')
      expect(await text(page, 'report-capacity')).toBe('3 kW')
      // The fixed part of ₹150 stays: the bill drops to ₹150, never to nothing.
      expect(await text(page, 'report-bill-before')).toBe('₹2,500')
      expect(await text(page, 'report-bill-after')).toBe('₹150')
      expect(await text(page, 'report-payback')).toBe('4 years 7 months')
      expect(await text(page, 'report-cash-flow')).toContain('You pay ₹2,05,000 at installation')
      expect(new URL(page.url()).search).toBe('?category=residential&bill=2500&pincode=500081')
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      // The same URL opened afresh shows the same report.
      const again = await openPage(new URL(page.url()).pathname + new URL(page.url()).search, width)
      await expect.poll(() => text(again, 'report-net-cost')).toBe('₹1,27,000')
      expect(await again.getByLabel('Average monthly bill (₹)').inputValue()).toBe('2500')
      await page.close()
      await again.close()
    },
  )

  it.each([390, 1280] as const)(
    'opens a shared link on a skeleton, then its report, never on the empty form or a field message, at %i px',
    async (width) => {
      // From before the first byte is parsed, every node added and every field marked invalid is looked at,
      // so a message that shows for a single frame is caught too.
      const page = await openPage(reportPath, width, () => {
        const seen: string[] = []
        ;(window as unknown as { emptyFormFlashes: string[] }).emptyFormFlashes = seen
        const emptyForm = /Enter your (average )?monthly bill|Correct the highlighted fields/
        const look = (node: Node) => {
          const text = node.textContent ?? ''
          if (emptyForm.test(text)) seen.push(text.slice(0, 120))
          if (node instanceof Element) {
            for (const invalid of node.querySelectorAll('[aria-invalid="true"], [id$="-error"]')) {
              seen.push(`${invalid.id || invalid.tagName}: ${invalid.textContent ?? ''}`)
            }
            if (node.matches('[aria-invalid="true"], [id$="-error"]')) seen.push(`${node.id}: ${text}`)
          }
        }
        new MutationObserver((records) => {
          for (const record of records) {
            if (record.type === 'attributes') look(record.target)
            else if (record.type === 'characterData') look(record.target)
            else for (const node of record.addedNodes) look(node)
          }
        }).observe(document, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
          attributeFilter: ['aria-invalid', 'id'],
        })
      })
      await expect.poll(() => text(page, 'report-net-cost')).toBe('₹1,27,000')
      expect(await page.getByTestId('report-skeleton').count()).toBe(0)
      expect(
        await page.evaluate(() => (window as unknown as { emptyFormFlashes: string[] }).emptyFormFlashes),
      ).toEqual([])
      await page.close()
    },
  )

  it('shows the prerendered skeleton where the report goes, without the prompt of an empty form', async () => {
    const html = await (await fetch(`${server.url}/solar-calculator`)).text()
    expect(html).toContain('data-testid="report-skeleton"')
    expect(html).not.toMatch(/Enter your monthly bill/)
    // The page on its own, once it runs, asks for the inputs.
    const page = await openPage('/solar-calculator', 390)
    await expect.poll(() => page.getByText(/Enter your monthly bill or units/).isVisible()).toBe(true)
    expect(await page.getByTestId('report-skeleton').count()).toBe(0)
    await page.close()
  })

  it('draws the chart legibly on a 390 px phone: labels of at least 12 px, amounts in lakh with a space', async () => {
    const page = await openPage(reportPath, 390)
    await expect.poll(() => text(page, 'report-net-cost')).toBe('₹1,27,000')
    const chart = page.getByTestId('saving-chart')
    await chart.scrollIntoViewIfNeeded()
    const labels = await chart.locator('text').evaluateAll((nodes) =>
      nodes.map((node) => {
        const svg = (node as SVGTextElement).ownerSVGElement
        const scale = svg?.getScreenCTM()?.a ?? 0
        return {
          text: node.textContent ?? '',
          px: Number.parseFloat(getComputedStyle(node).fontSize) * scale,
        }
      }),
    )
    for (const label of labels) expect(label.px, label.text).toBeGreaterThanOrEqual(12)
    // 25 years of saving for 3 kW in Hyderabad reach about ₹13 L: steps of ₹5 L, written as a family reads them.
    expect(labels.map((label) => label.text).filter((label) => label.startsWith('₹'))).toEqual([
      '₹0',
      '₹5 L',
      '₹10 L',
      '₹15 L',
    ])
    await page.close()
  })

  it('shows messages beside wrong fields and no figures', async () => {
    const page = await openPage('/solar-calculator?pincode=50008&roofSqft=-5', 390)
    await expect.poll(() => page.getByLabel('PIN Code').getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByText('Enter a 6-digit PIN code').isVisible()).toBe(true)
    expect(await page.getByLabel('Shade-free roof area (sq ft, optional)').getAttribute('aria-invalid')).toBe(
      'true',
    )
    expect(await page.getByTestId('report-net-cost').count()).toBe(0)
    await page.close()
  })

  it.each([390, 1280] as const)(
    'has no serious or critical accessibility violation with a report shown, at %i px (axe-core)',
    async (width) => {
      const page = await openPage(reportPath, width)
      await expect.poll(() => text(page, 'report-net-cost')).toBe('₹1,27,000')
      await page.getByText('Year-by-year table').click()
      const serious = await seriousAxeViolations(page)
      expect(serious).toEqual([])
      await page.close()
    },
  )

  it('changes the category with the arrow keys, as radio buttons do', async () => {
    const page = await openPage(reportPath, 1280)
    await expect.poll(() => text(page, 'report-net-cost')).toBe('₹1,27,000')
    await page.getByRole('radio', { name: 'Residential' }).focus()
    await page.keyboard.press('ArrowRight')
    // A society says how many houses it has (the scheme counts 3 kW per house).
    await page.getByLabel('Number of houses').fill('12')
    await expect.poll(() => text(page, 'report-subsidy')).toBe('₹54,000')
    expect(new URL(page.url()).searchParams.get('category')).toBe('housing')
    await page.close()
  })

  it('prints a clean report of at most two pages: no header, footer or form; the company, the date and assumptions', async () => {
    const page = await openPage(reportPath, 1280)
    await expect.poll(() => text(page, 'report-net-cost')).toBe('₹1,27,000')
    // On screen the site around the report names the company; the report's own line is for paper.
    expect(await page.getByTestId('report-company').isVisible()).toBe(false)
    await page.emulateMedia({ media: 'print' })
    expect(await page.locator('header.fixed, footer').first().isVisible()).toBe(false)
    expect(await page.getByRole('form', { name: 'About your site' }).isVisible()).toBe(false)
    expect(await page.getByRole('link', { name: 'Get this as a quote' }).isVisible()).toBe(false)
    expect(await page.getByRole('heading', { name: 'Solar Savings Report' }).isVisible()).toBe(true)
    expect(await page.getByText(/^Prepared on /).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Assumptions and sources' }).isVisible()).toBe(true)
    expect(await page.getByTestId('report-inputs').textContent()).toContain('PIN 500081')
    // The paper names the company and how to reach it: name, phone, WhatsApp, e-mail, address and website.
    const preparedBy = page.getByTestId('report-company')
    expect(await preparedBy.isVisible()).toBe(true)
    const by = (await preparedBy.textContent()) ?? ''
    for (const fact of [
      `Prepared by ${company.name}`,
      company.phone.display,
      company.whatsapp.display,
      company.email,
      company.address.postalCode,
      server.url,
    ]) {
      expect(by).toContain(fact)
    }
    const pdf = await page.pdf({ format: 'A4', printBackground: false })
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length
    expect(pages).toBeGreaterThanOrEqual(1)
    expect(pages).toBeLessThanOrEqual(2)
    await page.close()
  })

  it('hands over to /get-quote on the right tab with capacity and bill, and the lead keeps the report', async () => {
    const page = await openPage('/solar-calculator?category=housing&bill=5000&houses=12&pincode=500081', 390)
    await expect.poll(() => text(page, 'report-capacity')).toBe('4 kW')
    // The report shares its own link: WhatsApp's message carries the calculator's URL with the report's inputs.
    const shared = await page.getByRole('link', { name: shareReportCopy.whatsapp }).getAttribute('href')
    const message = new URL(shared ?? '').searchParams.get('text') ?? ''
    const reportLink = new URL(message.slice(message.indexOf('http')))
    expect(`${reportLink.origin}${reportLink.pathname}`).toBe(`${server.url}/solar-calculator`)
    expect(Object.fromEntries(reportLink.searchParams)).toMatchObject({
      category: 'housing',
      bill: '5000',
      houses: '12',
    })
    await page.getByRole('link', { name: 'Get this as a quote' }).click()
    await page.waitForURL(/\/get-quote\?/)
    await expect
      .poll(() => page.locator('[role="tab"][aria-selected="true"]').textContent())
      .toBe('Housing Society')
    await expect.poll(() => page.getByLabel('Average Monthly Bill (₹)').inputValue()).toBe('5000')
    expect(await page.getByLabel('Capacity (kW)').inputValue()).toBe('4')
    expect(await page.getByLabel('Monthly Bill Range (₹)').inputValue()).toBe('4501-5500')
    expect(await page.getByLabel('PIN Code').inputValue()).toBe('500081')
    await page.getByLabel('Name', { exact: true }).fill('Solar Report Lead')
    await page.getByLabel('WhatsApp Number').fill('98765 43210')
    await page.getByRole('checkbox', { name: 'I agree to the terms of service' }).check()
    await page.getByRole('main').getByRole('checkbox', { name: 'I am 18 or older' }).check()
    await page.getByRole('button', { name: 'Submit Details' }).click()
    // The form gives way to the confirmation, with the visitor's reference and the report's link.
    await expect.poll(() => page.getByTestId('lead-reference').count()).toBe(1)
    const stored = (
      await leads.listLeads<{ name: string; report?: object; solarReport?: Record<string, unknown> }>(
        'QUOTE',
        {
          limit: 50,
        },
      )
    ).items.find((item) => item.name === 'Solar Report Lead')
    expect(stored?.report).toEqual({ category: 'housing', bill: 5000, houses: 12, pincode: '500081' })
    // (₹5,000 − ₹1,000 fixed) ÷ ₹8 = 500 units, 4.3 kW → 4 kW for a housing society: ₹2,66,000 less ₹18,000 per kW
    expect(stored?.solarReport).toMatchObject({ capacityKw: 4, subsidyInr: 72_000, netCostInr: 194_000 })
    await page.close()
  })

  it('links to the calculator from the Solutions menu, /get-quote and the home hero', async () => {
    const page = await openPage('/get-quote', 1280)
    expect(
      await page
        .getByRole('link', { name: /solar calculator/i })
        .first()
        .getAttribute('href'),
    ).toBe('/solar-calculator')
    await gotoHydrated(page, `${server.url}/`)
    expect(await page.getByRole('link', { name: /Try the solar calculator/ }).getAttribute('href')).toBe(
      '/solar-calculator',
    )
    const main = page.getByRole('navigation', { name: 'Main' })
    await main.getByRole('link', { name: 'Solutions', exact: true }).hover()
    const menuLink = main.getByRole('link', { name: /Solar Calculator/ })
    await expect.poll(() => menuLink.isVisible()).toBe(true)
    expect(await menuLink.getAttribute('href')).toBe('/solar-calculator')
    await page.close()
  })

  it('made no request to another host', () => {
    expect(foreignRequests).toEqual([])
  })
})
