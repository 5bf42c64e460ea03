import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { quotePage } from '~/features/quote/content'
import GetQuotePage from '~/routes/get-quote'
import SolarCalculatorPage from '~/routes/solar-calculator'
import { jsonResponse, renderRoute } from './render-route'

/** The page with a readout of the router's query, to see what the URL carries. */
function PageWithUrl() {
  const location = useLocation()
  return (
    <>
      <SolarCalculatorPage />
      <output data-testid="url">{`${location.pathname}${location.search}${location.hash}`}</output>
    </>
  )
}

function QuoteWithUrl() {
  const location = useLocation()
  return (
    <>
      <GetQuotePage />
      <output data-testid="url">{`${location.pathname}${location.search}${location.hash}`}</output>
    </>
  )
}

function renderCalculator(path = '/solar-calculator') {
  renderRoute(path, [
    { path: '/solar-calculator', Component: PageWithUrl },
    { path: '/get-quote', Component: QuoteWithUrl },
  ])
  return userEvent.setup()
}

// The page loads its input rules, the report's arithmetic and its view once it runs (dynamic imports); here
// the first import of those modules is transformed by Vitest, which can take longer than a waitFor, so the file loads them once up front.
beforeAll(async () => {
  await Promise.all([
    import('@core/solar-report-schema'),
    import('@core/solar-savings'),
    import('~/features/solar-calculator/components/report-results'),
  ])
})

const figure = (id: string) => screen.getByTestId(id).textContent
const url = () => screen.getByTestId('url').textContent ?? ''
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('solar calculator page', () => {
  it('asks for the inputs and shows no figures before any are given', () => {
    renderCalculator()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'What will solar cost you after the subsidy?',
    )
    expect(screen.getByText(/Enter your monthly bill or units/)).toBeTruthy()
    expect(screen.queryByTestId('report-net-cost')).toBeNull()
    // The assumed tariff is shown, and can be changed.
    expect(input('Your tariff (₹ per unit)').value).toBe('8')
  })

  it('works out the report from a bill and a PIN code, and writes the inputs into the URL', async () => {
    const user = renderCalculator()
    await user.type(input('Average monthly bill (₹)'), '2500')
    await user.type(input('PIN Code'), '500081')
    await waitFor(() => expect(figure('report-capacity')).toBe('3 kW'))
    expect(figure('report-price')).toBe('₹2,05,000')
    expect(figure('report-subsidy')).toBe('₹78,000')
    expect(figure('report-net-cost')).toBe('₹1,27,000')
    // The fixed part of the bill (₹150 for a home) stays: the saving is the rest, never the whole bill.
    expect(figure('report-bill-before')).toBe('₹2,500')
    expect(figure('report-bill-after')).toBe('₹150')
    expect(figure('report-monthly-saving')).toBe('₹2,350')
    expect(figure('report-payback')).toBe('4 years 7 months')
    expect(figure('report-state')).toMatch(/^Subsidy for Telangana: read from the first digits of PIN 500081/)
    // The cash flow as it happens: the full price (or the scheme loan's EMI), the subsidy later, the saving.
    const steps = within(screen.getByTestId('report-cash-flow')).getAllByRole('listitem')
    expect(steps.map((step) => step.textContent)).toEqual([
      '1.You pay ₹2,05,000 at installation (or about ₹2,142 a month on a loan).',
      '2.₹78,000 is credited to your bank account about 30 days after commissioning and inspection.',
      '3.Your bills drop by about ₹2,350 a month from the first month.',
    ])
    expect(screen.getByText('Net cost (price less subsidy)')).toBeTruthy()
    expect(url()).toBe('/solar-calculator?category=residential&bill=2500&pincode=500081')
    // Every figure is called an estimate, and the subsidy's rules are linked.
    expect(screen.getByText(/An estimate, not an offer/)).toBeTruthy()
    expect(screen.getByRole('link', { name: /Read the subsidy rules/ }).getAttribute('href')).toBe(
      'https://pmsuryaghar.gov.in/',
    )
  })

  it('opens the same report from its URL: a 3 kW system in Hyderabad, without a bill', async () => {
    renderCalculator('/solar-calculator?category=residential&capacityKw=3&pincode=500081')
    await waitFor(() => expect(figure('report-capacity')).toBe('3 kW'))
    expect(screen.getByText('Capacity')).toBeTruthy()
    expect(figure('report-net-cost')).toBe('₹1,27,000')
    expect(figure('report-monthly-saving')).toBe('₹2,800')
    expect(input('PIN Code').value).toBe('500081')
    expect((screen.getByLabelText('Capacity (kW, optional)') as HTMLSelectElement).value).toBe('3')
  })

  it('lets the visitor correct the state the PIN code gave, and says which state the report used', async () => {
    const user = renderCalculator('/solar-calculator?category=residential&bill=2500&pincode=262308')
    await waitFor(() => expect(figure('report-subsidy')).toBe('₹85,800'))
    expect(figure('report-state')).toMatch(
      /^Subsidy for Uttarakhand: read from the first digits of PIN 262308/,
    )
    await user.selectOptions(screen.getByLabelText('State (for the subsidy)'), 'Uttar Pradesh')
    await waitFor(() => expect(figure('report-subsidy')).toBe('₹78,000'))
    expect(figure('report-state')).toBe('Subsidy for Uttar Pradesh: the state you chose.')
    expect(url()).toContain('state=Uttar+Pradesh')
  })

  it('states a business’s need at the commercial tariff and hands a size beyond the price list to a quote', async () => {
    renderCalculator('/solar-calculator?category=commercial&bill=25000&pincode=500081')
    await waitFor(() => expect(figure('report-need')).toBe('Your use needs about 19.7 kW.'))
    expect(input('Your tariff (₹ per unit)').value).toBe('10')
    expect(figure('report-beyond')).toMatch(/we put no price on a larger system here/)
    expect(screen.queryByTestId('report-price')).toBeNull()
    expect(screen.getByRole('link', { name: 'Ask for a quote for this size' }).getAttribute('href')).toMatch(
      /^\/get-quote\?bill=25000&pincode=500081&report=.*#commercial$/,
    )
  })

  it('shows a friendly message beside an implausible bill or tariff, and no payback of centuries', async () => {
    renderCalculator('/solar-calculator?category=residential&bill=1&tariff=0.5&pincode=500081')
    await waitFor(() =>
      expect(screen.getByText('Enter a monthly bill of ₹200 to ₹1,00,00,000, as on your bill')).toBeTruthy(),
    )
    expect(screen.getByText('Tariffs run from ₹2 to ₹20 a unit: check the rate on your bill')).toBeTruthy()
    expect(screen.queryByTestId('report-payback')).toBeNull()
  })

  it('uses the special-category subsidy for a PIN code in Assam, and none for a commercial site', async () => {
    const user = renderCalculator('/solar-calculator?category=residential&capacityKw=3&pincode=781001')
    await waitFor(() => expect(figure('report-subsidy')).toBe('₹85,800'))
    await user.click(screen.getByRole('radio', { name: 'Commercial' }))
    await waitFor(() => expect(figure('report-subsidy')).toBe('₹0'))
    expect(figure('report-net-cost')).toBe('₹2,05,000')
    expect(url()).toContain('category=commercial')
  })

  it('shows a message beside a 5-digit PIN, a negative roof and a missing bill, and no figures', async () => {
    renderCalculator('/solar-calculator?pincode=50008&roofSqft=-10')
    await waitFor(() => expect(input('PIN Code').getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('Enter a 6-digit PIN code')).toBeTruthy()
    expect(input('Shade-free roof area (sq ft, optional)').getAttribute('aria-invalid')).toBe('true')
    expect(input('Average monthly bill (₹)').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Enter your average monthly bill or units, or choose a capacity')).toBeTruthy()
    expect(screen.queryByTestId('report-net-cost')).toBeNull()
    expect(screen.getByText(/Correct the highlighted fields/)).toBeTruthy()
  })

  it('takes monthly units instead of a bill, and limits the size to the roof', async () => {
    const user = renderCalculator()
    await user.click(screen.getByRole('radio', { name: 'Monthly units (kWh)' }))
    await user.type(input('Average monthly units (kWh)'), '1000')
    await user.type(input('PIN Code'), '110001')
    // 12,000 kWh a year needs 8.6 kW: 8 kW
    await waitFor(() => expect(figure('report-capacity')).toBe('8 kW'))
    await user.type(input('Shade-free roof area (sq ft, optional)'), '450')
    await waitFor(() => expect(figure('report-capacity')).toBe('4 kW'))
    expect(screen.getByText(/Limited by your roof area/)).toBeTruthy()
    expect(url()).toContain('units=1000')
    expect(url()).not.toContain('bill=')
  })

  it('shows the loan EMI beside the monthly saving, from the bank terms, and recomputes it when edited', async () => {
    const user = renderCalculator('/solar-calculator?category=residential&capacityKw=3&pincode=500081')
    await waitFor(() => expect(screen.getByTestId('loan-emi')).toBeTruthy())
    // 90 % of ₹2,05,000 at 7 % for 10 years
    expect(input('Loan principal (₹)').value).toBe('184500')
    expect(figure('loan-emi')).toBe('₹2,142')
    expect(screen.getByText('Against a saving of ₹2,800 a month')).toBeTruthy()
    await user.clear(input('Loan principal (₹)'))
    await user.type(input('Loan principal (₹)'), '200000')
    expect(figure('loan-emi')).toBe('₹2,322')
    await user.clear(input('Tenure (years)'))
    expect(screen.queryByTestId('loan-emi')).toBeNull()
  })

  it('draws the cumulative saving against the cost, with the same figures in a table', async () => {
    renderCalculator('/solar-calculator?category=residential&capacityKw=3&pincode=500081')
    const chart = await screen.findByRole('img', { name: /Cumulative saving against your cost/ })
    expect(chart.getAttribute('aria-labelledby')).toBeTruthy()
    expect(screen.getAllByText(/The saving passes your cost in year 4/).length).toBeGreaterThan(0)
    const table = screen.getByRole('table', { hidden: true })
    const rows = within(table).getAllByRole('row', { hidden: true })
    expect(rows).toHaveLength(26)
    expect(rows[1]?.textContent).toContain('4,200')
    expect(rows[1]?.textContent).toContain('₹33,600')
  })

  it('hands the report over to /get-quote: the right tab, capacity, bill and PIN, and sends the report', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse({ id: 'q-1' }, 201))
    vi.stubGlobal('fetch', fetchMock)
    const user = renderCalculator('/solar-calculator?category=housing&bill=5000&houses=12&pincode=500081')
    const link = await screen.findByRole('link', { name: 'Get this as a quote' })
    expect(link.getAttribute('href')).toBe(
      `/get-quote?capacityKw=4&bill=5000&pincode=500081&report=${encodeURIComponent('category=housing&bill=5000&pincode=500081&houses=12')}#housing`,
    )
    await user.click(link)
    await waitFor(() =>
      expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Housing Society'),
    )
    await waitFor(() => expect(input('Average Monthly Bill (₹)').value).toBe('5000'))
    expect(input('PIN Code').value).toBe('500081')
    expect((screen.getByLabelText('Capacity (kW)') as HTMLSelectElement).value).toBe('4')
    expect((screen.getByLabelText('Monthly Bill Range (₹)') as HTMLSelectElement).value).toBe('4501-5500')
    // The report's line shows once its rules have loaded (a dynamic import after the fields are filled).
    expect(await screen.findByText(quotePage.reportAttached, undefined, { timeout: 5000 })).toBeTruthy()

    await user.type(input('Name'), 'Ravi Kumar')
    await user.type(input('WhatsApp Number'), '98765 43210')
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }))
    await user.click(screen.getByRole('button', { name: 'Submit Details' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1].body))
    expect(body).toMatchObject({
      category: 'housing',
      capacityKw: 4,
      bill: '5000',
      billRange: '4501-5500',
      pincode: '500081',
      report: { category: 'housing', bill: '5000', pincode: '500081', houses: '12' },
    })
  })

  it('sends no report from a /get-quote link whose report inputs are not valid', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse({ id: 'q-1' }, 201))
    vi.stubGlobal('fetch', fetchMock)
    const user = userEvent.setup()
    renderRoute(`/get-quote?capacityKw=3&report=${encodeURIComponent('pincode=123')}#residential`, [
      { path: '/get-quote', Component: QuoteWithUrl },
    ])
    await waitFor(() => expect((screen.getByLabelText('Capacity (kW)') as HTMLSelectElement).value).toBe('3'))
    expect(screen.queryByText(quotePage.reportAttached)).toBeNull()
    await user.type(input('Name'), 'Ravi Kumar')
    await user.type(input('WhatsApp Number'), '98765 43210')
    await user.type(input('PIN Code'), '500081')
    await user.type(input('Average Monthly Bill (₹)'), '2000')
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }))
    await user.click(screen.getByRole('button', { name: 'Submit Details' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).not.toHaveProperty('report')
  })
})
