import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link, useLocation } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { captureLandingQuery } from '~/lib/landing-capture'
import GetQuotePage from '~/routes/get-quote'
import { deferred, jsonResponse, renderRoute } from './render-route'

/** The page, with links that change only the hash and a readout of the router's hash. */
function PageWithHashLinks() {
  const location = useLocation()
  return (
    <>
      <GetQuotePage />
      <Link to="#housing">to housing</Link>
      <Link to="#reviews">to reviews</Link>
      <output data-testid="hash">{location.hash}</output>
    </>
  )
}

function renderQuotePage(path = '/get-quote') {
  renderRoute(path, [{ path: '/get-quote', Component: PageWithHashLinks }])
  return userEvent.setup()
}

const tab = (name: string) => screen.getByRole('tab', { name })
const selectedTab = () =>
  screen.getAllByRole('tab').find((element) => element.getAttribute('aria-selected') === 'true')
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const optionValues = (label: string) => Array.from(select(label).options).map((option) => option.value)
const price = () => screen.queryByTestId('quote-price')?.textContent

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input('Name'), 'Ravi Kumar')
  await user.type(input('WhatsApp Number'), '+91 98765 43210')
  await user.type(input('PIN Code'), '500081')
  await user.type(input('Average Monthly Bill (₹)'), '4200')
  await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }))
  await user.click(screen.getByRole('checkbox', { name: 'I am 18 or older' }))
}

describe('quote page tabs', () => {
  it('shows Residential, Housing Society and Commercial with residential selected by default', () => {
    renderQuotePage()
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual([
      'Residential',
      'Housing Society',
      'Commercial',
    ])
    expect(selectedTab()?.textContent).toBe('Residential')
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tab('Residential').id)
  })

  it.each([
    ['#residential', 'Residential'],
    ['#housing', 'Housing Society'],
    ['#commercial', 'Commercial'],
    ['#reviews', 'Residential'],
  ])('selects the tab named by the hash %s on load', async (hash, label) => {
    renderQuotePage(`/get-quote${hash}`)
    await waitFor(() => expect(selectedTab()?.textContent).toBe(label))
  })

  it('switches on a later hash change only for one of the three tabs', async () => {
    const user = renderQuotePage('/get-quote#commercial')
    await waitFor(() => expect(selectedTab()?.textContent).toBe('Commercial'))
    await user.click(screen.getByRole('link', { name: 'to housing' }))
    await waitFor(() => expect(selectedTab()?.textContent).toBe('Housing Society'))
    await user.click(screen.getByRole('link', { name: 'to reviews' }))
    expect(screen.getByTestId('hash').textContent).toBe('#reviews')
    expect(selectedTab()?.textContent).toBe('Housing Society')
  })

  it('writes the hash of a clicked tab and moves between tabs with the arrow keys', async () => {
    const user = renderQuotePage()
    await user.click(tab('Commercial'))
    expect(selectedTab()?.textContent).toBe('Commercial')
    expect(screen.getByTestId('hash').textContent).toBe('#commercial')
    await user.keyboard('{ArrowRight}')
    expect(selectedTab()?.textContent).toBe('Residential')
    expect(document.activeElement).toBe(tab('Residential'))
    expect(screen.getByTestId('hash').textContent).toBe('#residential')
  })
})

describe('quote page ranges, capacity and price', () => {
  it('offers the seven residential ranges, the same on housing, and the four commercial ones', async () => {
    const user = renderQuotePage()
    const residential = [
      '',
      '1500-2500',
      '2501-3500',
      '3500-4500',
      '4501-5500',
      '5501-6500',
      '6501-7500',
      '7501-10500',
    ]
    expect(optionValues('Monthly Bill Range (₹)')).toEqual(residential)
    await user.click(tab('Housing Society'))
    expect(optionValues('Monthly Bill Range (₹)')).toEqual(residential)
    await user.click(tab('Commercial'))
    expect(optionValues('Monthly Bill Range (₹)')).toEqual([
      '',
      '10000-20000',
      '20000-30000',
      '30000-40000',
      '40000-50000',
    ])
    expect(optionValues('Capacity (kW)')).toEqual(['', '2', '3', '4', '5', '6', '7', '8', '10'])
  })

  it('sets the suggested capacity when a range is chosen on a non-commercial tab, and lets the user change it', async () => {
    const user = renderQuotePage()
    await user.selectOptions(select('Monthly Bill Range (₹)'), '4501-5500')
    expect(select('Capacity (kW)').value).toBe('6')
    await user.selectOptions(select('Capacity (kW)'), '2')
    expect(select('Capacity (kW)').value).toBe('2')
    await user.click(tab('Housing Society'))
    await user.selectOptions(select('Monthly Bill Range (₹)'), '7501-10500')
    expect(select('Capacity (kW)').value).toBe('10')
  })

  it('leaves the capacity alone when a commercial range is chosen', async () => {
    const user = renderQuotePage()
    await user.click(tab('Commercial'))
    await user.selectOptions(select('Capacity (kW)'), '4')
    await user.selectOptions(select('Monthly Bill Range (₹)'), '20000-30000')
    expect(select('Capacity (kW)').value).toBe('4')
  })

  it('displays the price in rupees, en-IN, and adds ₹5,000 at previous GST', async () => {
    const user = renderQuotePage()
    expect(price()).toBeUndefined()
    expect(screen.getByRole('button', { name: 'Current GST' }).getAttribute('aria-pressed')).toBe('true')
    await user.selectOptions(select('Capacity (kW)'), '5')
    expect(price()).toBe('₹3,27,000')
    await user.click(screen.getByRole('button', { name: 'Previous GST' }))
    expect(screen.getByRole('button', { name: 'Previous GST' }).getAttribute('aria-pressed')).toBe('true')
    expect(price()).toBe('₹3,32,000')
    await user.selectOptions(select('Capacity (kW)'), '2')
    expect(price()).toBe('₹1,49,000')
  })
})

describe('quote page form', () => {
  it('states the use of the details with a link to the notice, and starts with every box unticked', () => {
    renderQuotePage()
    expect(screen.getByText(/We use these details to answer this request/).textContent).toContain(
      'by phone, WhatsApp or e-mail as you gave them',
    )
    expect(screen.getAllByRole('link', { name: 'Privacy notice' })[0]!.getAttribute('href')).toBe('/privacy')
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[]
    expect(boxes.map((box) => box.name).sort()).toEqual(['adult', 'agree', 'whatsappUpdates'])
    expect(boxes.filter((box) => box.checked)).toEqual([])
    const updates = screen.getByRole('checkbox', { name: 'Send me updates and offers on WhatsApp' })
    expect((updates as HTMLInputElement).required).toBe(false)
  })

  it('shows the refusal of the age box beside it and marks it invalid', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            error: 'Please correct the highlighted fields.',
            fields: { adult: 'Confirm that you are 18 or older to send this' },
          },
          400,
        ),
      ),
    )
    const user = renderQuotePage()
    await user.type(input('Name'), 'Ravi Kumar')
    await user.click(screen.getByRole('button', { name: 'Submit Details' }))
    const box = screen.getByRole('checkbox', { name: 'I am 18 or older' })
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'))
    const message = document.getElementById(box.getAttribute('aria-describedby')!)
    expect(message?.textContent).toBe('Confirm that you are 18 or older to send this')
  })

  it('marks name, WhatsApp, PIN code, bill, the agree and age boxes required, and capacity optional', () => {
    renderQuotePage()
    for (const label of ['Name', 'WhatsApp Number', 'PIN Code', 'Average Monthly Bill (₹)']) {
      expect(input(label).required).toBe(true)
    }
    const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement
    expect(box('I agree to the terms of service').required).toBe(true)
    expect(box('I am 18 or older').required).toBe(true)
    expect(select('Capacity (kW)').required).toBe(false)
    expect((screen.getByLabelText('Site address') as HTMLTextAreaElement).required).toBe(false)
    expect(select('Roof type').required).toBe(false)
  })

  it('posts the payload with the previous-GST price it shows, the page and the landing UTM values, shows Submitting..., then the confirmation with the reference', async () => {
    // The visit landed on a campaign's link earlier in the session (captured once by the root).
    window.sessionStorage.clear()
    captureLandingQuery('?utm_source=google&utm_campaign=rooftop&utm_medium=%20cpc%20&utm_term=%3Cx%3E')
    window.history.replaceState(null, '', '/get-quote')
    const reply = deferred<Response>()
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => reply.promise)
    vi.stubGlobal('fetch', fetchMock)
    const user = renderQuotePage('/get-quote#housing')
    await waitFor(() => expect(selectedTab()?.textContent).toBe('Housing Society'))
    await user.click(screen.getByRole('button', { name: 'Previous GST' }))
    await user.selectOptions(select('Monthly Bill Range (₹)'), '3500-4500')
    await fillRequired(user)
    await user.type(screen.getByLabelText('Site address'), 'Plot 12, Kondapur')
    await user.selectOptions(select('Roof type'), 'metal-sheet')
    // The price shown is the price sent: one price both sides agree on.
    expect(screen.getByTestId('quote-price').textContent).toBe('₹3,32,000')
    await user.click(screen.getByRole('button', { name: 'Submit Details' }))

    const pending = await screen.findByRole('button', { name: 'Submitting...' })
    expect((pending as HTMLButtonElement).disabled).toBe(true)
    // The sending code loads once the form is sent (its first import here is transformed: slow on a busy
    // machine), so the request follows a moment later.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), { timeout: 5000 })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/quotes')
    expect(new Headers(init.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)
    expect(JSON.parse(String(init.body))).toEqual({
      category: 'housing',
      gstMode: 'previous',
      capacityKw: 5,
      billRange: '3500-4500',
      estimatedCost: '₹3,32,000',
      name: 'Ravi Kumar',
      whatsapp: '+91 98765 43210',
      pincode: '500081',
      bill: '4200',
      siteAddress: 'Plot 12, Kondapur',
      roofType: 'metal-sheet',
      surveyDate: '',
      surveySlot: '',
      agree: true,
      adult: true,
      whatsappUpdates: false,
      page: '/get-quote',
      // Trimmed; a value the API would refuse (<x>) is left out rather than refusing the visitor's form.
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'rooftop',
    })

    reply.resolve(
      jsonResponse(
        {
          id: 'q-1',
          createdAt: '2024-05-01T10:00:00.000Z',
          reference: 'SE-7K3P9',
          clockStartedAt: '2024-05-01T10:00:00.000Z',
        },
        201,
      ),
    )
    // The form gives way to the confirmation: focused, announced, with the reference and the chat.
    const panel = (await screen.findByText(/Your reference is/)).closest<HTMLElement>('[role="status"]')!
    expect(panel.textContent).toContain('Your reference is SE-7K3P9')
    expect(panel.textContent).toContain('We will call you within 1 business hour.')
    expect(document.activeElement).toBe(panel)
    const chat = screen.getByRole('link', { name: 'Continue on WhatsApp' }).getAttribute('href')!
    expect(decodeURIComponent(chat)).toContain('SE-7K3P9')
    expect(screen.queryByRole('button', { name: 'Submit Details' })).toBeNull()
    expect(screen.queryByLabelText('Name')).toBeNull()
  })

  it('sends capacity null and an empty estimatedCost when no capacity is chosen', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse({ id: 'q-2' }, 201))
    vi.stubGlobal('fetch', fetchMock)
    const user = renderQuotePage()
    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Submit Details' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toMatchObject({
      category: 'residential',
      gstMode: 'current',
      capacityKw: null,
      billRange: '',
      estimatedCost: '',
    })
  })

  it('shows the message beside its field (not Failed to submit quote), logs the reply and keeps the form when the server refuses a field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            error: 'Please correct the highlighted fields.',
            fields: { pincode: 'Enter a 6-digit PIN code' },
          },
          400,
        ),
      ),
    )
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const user = renderQuotePage()
    await user.selectOptions(select('Capacity (kW)'), '3')
    await fillRequired(user)
    const failedBefore = screen.queryAllByText('Failed to submit quote').length
    await user.click(screen.getByRole('button', { name: 'Submit Details' }))
    expect(await screen.findByText('Enter a 6-digit PIN code')).toBeTruthy()
    expect(screen.queryAllByText('Failed to submit quote')).toHaveLength(failedBefore)
    expect(log).toHaveBeenCalledWith(
      expect.any(String),
      400,
      expect.objectContaining({ fields: expect.any(Object) }),
    )
    expect(screen.getByText('Enter a 6-digit PIN code')).toBeTruthy()
    expect(input('Name').value).toBe('Ravi Kumar')
    expect(select('Capacity (kW)').value).toBe('3')
    expect(
      (
        screen.getByRole('checkbox', {
          name: 'I agree to the terms of service',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true)
  })

  it('shows Failed to submit quote and logs the error on a network failure, with the same key on retry', async () => {
    const networkError = new TypeError('Failed to fetch')
    const fetchMock = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockRejectedValueOnce(networkError)
      .mockResolvedValueOnce(jsonResponse({ id: 'q-3' }, 201))
    vi.stubGlobal('fetch', fetchMock)
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const user = renderQuotePage()
    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Submit Details' }))
    // The toaster loads with the first toast: give it the time to.
    expect(await screen.findByText('Failed to submit quote', {}, { timeout: 5000 })).toBeTruthy()
    expect(log).toHaveBeenCalledWith(expect.any(String), networkError)
    expect(input('WhatsApp Number').value).toBe('+91 98765 43210')
    await user.click(screen.getByRole('button', { name: 'Submit Details' }))
    expect(await screen.findByText(/Thank you: your quote request is with us/)).toBeTruthy()
    const keys = fetchMock.mock.calls.map(([, init]) => new Headers(init.headers).get('idempotency-key'))
    expect(keys[1]).toBe(keys[0])
  })

  it('shows the rate-limit message of a 429 under Failed to submit quote', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'Too many submissions. Wait a while.' }, 429)),
    )
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const user = renderQuotePage()
    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Submit Details' }))
    expect(await screen.findByText('Failed to submit quote')).toBeTruthy()
    expect(await screen.findByText('Too many submissions. Wait a while.')).toBeTruthy()
  })
})

describe('quote page survey date', () => {
  it('offers the API’s window on the visitor’s clock: from today in India to 60 days on', async () => {
    // 20:00 UTC on 26 November is 01:30 on the 27th in India: the rule's today is the 27th, not the UTC date.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-26T20:00:00.000Z'))
    try {
      renderQuotePage()
      const date = input('Preferred survey date')
      expect(date.type).toBe('date')
      await waitFor(() => expect(date.min).toBe('2026-11-27'))
      expect(date.max).toBe('2027-01-26')
    } finally {
      vi.useRealTimers()
    }
  })
})
