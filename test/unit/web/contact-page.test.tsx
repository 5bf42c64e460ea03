import { contactLimits } from '@core/contact-fields'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { company } from '~/content/company'
import ContactPage from '~/routes/contact'
import { deferred, jsonResponse, renderRoute } from './render-route'

const message = {
  name: 'Meera Iyer',
  email: 'meera@example.com',
  phone: '+91 90000 12345',
  subject: 'Housing society rooftop',
  message: '120 flats, looking for a site visit.',
}

// The subject is a list; one of its own (Other) is typed in 'Your subject'.
const labels = {
  name: 'Full Name',
  email: 'Email',
  phone: 'Phone',
  subject: 'Your subject',
  message: 'Message',
} as const

function renderContactPage() {
  renderRoute('/contact', [{ path: '/contact', Component: ContactPage }])
  return userEvent.setup()
}

function field(name: keyof typeof labels): HTMLInputElement | HTMLTextAreaElement {
  return screen.getByLabelText(labels[name]) as HTMLInputElement | HTMLTextAreaElement
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Subject'), 'Other')
  for (const name of Object.keys(labels) as (keyof typeof labels)[]) {
    await user.type(field(name), message[name])
  }
  await user.click(screen.getByRole('checkbox', { name: 'I am 18 or older' }))
}

/** The confirmation that replaced the form: announced, focused, with the reference and the WhatsApp chat. */
async function confirmation(reference: string) {
  const panel = (await screen.findByText(/Your reference is/)).closest<HTMLElement>('[role="status"]')!
  expect(panel.textContent).toContain(`Your reference is ${reference}`)
  expect(document.activeElement).toBe(panel)
  const chat = screen.getByRole('link', { name: 'Continue on WhatsApp' }).getAttribute('href')
  expect(chat).toMatch(/^https:\/\/wa\.me\/\d+\?text=/)
  expect(decodeURIComponent(chat!)).toContain(reference)
  expect(screen.queryByRole('button', { name: 'Send Message' })).toBeNull()
  return panel
}

function fieldValues() {
  return Object.fromEntries(
    (Object.keys(labels) as (keyof typeof labels)[]).map((name) => [name, field(name).value]),
  )
}

describe('contact page', () => {
  it('lists the WhatsApp number, a wa.me chat, beside the phone under Reach us directly', () => {
    renderContactPage()
    const whatsapp = document.querySelector(`a[href="https://wa.me/${company.whatsapp.number}"]`)
    expect(whatsapp?.textContent).toBe(company.whatsapp.display)
    expect(whatsapp?.closest('div')?.querySelector('dt')?.textContent).toBe('WhatsApp')
  })

  it('requires only the name in the browser (a phone or an e-mail: the API), with the types, limits and subject list', async () => {
    const user = renderContactPage()
    expect(field('name').closest('form')!.noValidate).toBe(true)
    expect(field('email').getAttribute('type')).toBe('email')
    expect(field('phone').getAttribute('type')).toBe('tel')
    expect(field('message').tagName).toBe('TEXTAREA')
    expect(screen.queryByLabelText('Your subject')).toBeNull()
    const subjects = [...(screen.getByLabelText('Subject') as HTMLSelectElement).options].map((o) => o.text)
    expect(subjects).toEqual([
      'Choose a subject',
      'Solar for my home',
      'Solar for a housing society',
      'Solar for my business',
      'Service or maintenance',
      'Other',
    ])
    await user.selectOptions(screen.getByLabelText('Subject'), 'Other')
    expect(document.activeElement).toBe(field('subject'))
    for (const name of Object.keys(labels) as (keyof typeof labels)[]) {
      expect([name, field(name).required]).toEqual([name, name === 'name'])
      expect(field(name).maxLength).toBe(contactLimits[name])
    }
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy()
  })

  it('sends a subject of the list as it is', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ id: 'c-1', createdAt: '2024-05-01T10:00:00.000Z' }, 201),
    )
    vi.stubGlobal('fetch', fetchMock)
    const user = renderContactPage()
    await user.type(field('name'), 'Meera Iyer')
    await user.type(field('phone'), '098765 43210')
    await user.selectOptions(screen.getByLabelText('Subject'), 'Solar for my home')
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(JSON.parse(String(init.body))).toMatchObject({
      subject: 'Solar for my home',
      email: '',
      message: '',
    })
  })

  it('starts with the age box and both consents unticked, and sends a ticked consent as true', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ id: 'c-1', createdAt: '2024-05-01T10:00:00.000Z' }, 201),
    )
    vi.stubGlobal('fetch', fetchMock)
    const user = renderContactPage()
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[]
    expect(boxes.map((box) => [box.name, box.checked])).toEqual([
      ['adult', false],
      ['whatsappUpdates', false],
      ['newsletterOffers', false],
    ])
    await fillForm(user)
    await user.click(screen.getByRole('checkbox', { name: 'Send me the newsletter and offers by e-mail' }))
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(JSON.parse(String(init.body))).toMatchObject({
      adult: true,
      whatsappUpdates: false,
      newsletterOffers: true,
    })
  })

  it('posts exactly the five fields, the boxes and the page it was sent from as JSON to /api/contacts', async () => {
    window.history.replaceState(null, '', '/contact')
    window.sessionStorage.clear()
    const fetchMock = vi.fn(async () =>
      jsonResponse(
        {
          id: 'c-1',
          createdAt: '2024-05-01T10:00:00.000Z',
          reference: 'SE-7K3P9',
          clockStartedAt: '2024-05-01T10:00:00.000Z',
        },
        201,
      ),
    )
    vi.stubGlobal('fetch', fetchMock)
    const user = renderContactPage()
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/contacts')
    expect(init.method).toBe('POST')
    expect(new Headers(init.headers).get('content-type')).toBe('application/json')
    // No UTM values: the visit landed on a plain URL.
    expect(JSON.parse(String(init.body))).toEqual({
      ...message,
      adult: true,
      whatsappUpdates: false,
      newsletterOffers: false,
      page: '/contact',
    })
    const panel = await confirmation('SE-7K3P9')
    expect(panel.textContent).toContain('We will call you within 1 business hour.')
  })

  it('shows Sending... on a disabled button while the request is pending, then confirms and resets the form', async () => {
    const reply = deferred<Response>()
    vi.stubGlobal(
      'fetch',
      vi.fn(() => reply.promise),
    )
    const user = renderContactPage()
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))

    const pendingButton = await screen.findByRole('button', { name: 'Sending...' })
    expect((pendingButton as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('button', { name: 'Send Message' })).toBeNull()

    // Sent at night: the clock starts at the next opening, which the confirmation names.
    reply.resolve(
      jsonResponse(
        {
          id: 'c-1',
          createdAt: '2024-05-01T16:00:00.000Z',
          reference: 'SE-ABCDE',
          clockStartedAt: '2024-05-02T03:30:00.000Z',
        },
        201,
      ),
    )

    const panel = await confirmation('SE-ABCDE')
    expect(panel.textContent).toContain(
      'We are closed now. We will call you within 1 business hour of opening',
    )
    expect(panel.textContent).toContain('2 May 2024, 09:00 am IST')
    expect(screen.queryByLabelText('Full Name')).toBeNull()
  })

  it('shows Failed to send message and keeps what was typed when the server answers non-OK', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'Please correct the highlighted fields.' }, 400)),
    )
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {})
    const user = renderContactPage()
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))

    // The toaster loads with the first toast: give it the time to.
    expect(await screen.findByText('Failed to send message', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
    expect(fieldValues()).toEqual(message)
    expect(
      ((await screen.findByRole('button', { name: 'Send Message' })) as HTMLButtonElement).disabled,
    ).toBe(false)
    expect(errorLog).not.toHaveBeenCalled()
  })

  it("shows the server's per-field messages under their fields, marks them invalid and focuses the first", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            error: 'Please correct the highlighted fields.',
            fields: { email: 'Enter a valid e-mail address', message: 'Message is too long' },
          },
          400,
        ),
      ),
    )
    const user = renderContactPage()
    await fillForm(user)
    // The toaster outlives a test: count what this refusal adds.
    const failedBefore = screen.queryAllByText('Failed to send message').length
    await user.click(screen.getByRole('button', { name: 'Send Message' }))

    await waitFor(() => expect(field('email').getAttribute('aria-invalid')).toBe('true'))
    // A refusal of what was typed is not a failure to send: the messages are beside their fields only.
    expect(screen.queryAllByText('Failed to send message')).toHaveLength(failedBefore)
    for (const [name, text] of [
      ['email', 'Enter a valid e-mail address'],
      ['message', 'Message is too long'],
    ] as const) {
      const note = screen.getByText(text)
      expect(field(name).getAttribute('aria-describedby')).toContain(note.id)
    }
    expect(field('name').getAttribute('aria-invalid')).toBeNull()
    expect(document.activeElement).toBe(field('email'))
    expect(fieldValues()).toEqual(message)

    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ id: 'c-1', createdAt: '2024-05-01T10:00:00.000Z', reference: 'SE-7K3P9' }, 201),
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    await confirmation('SE-7K3P9')
    expect(screen.queryByText('Enter a valid e-mail address')).toBeNull()
  })

  it('shows Failed to send message, keeps the fields and logs the error when the request throws', async () => {
    const networkError = new TypeError('Failed to fetch')
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw networkError
      }),
    )
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {})
    const user = renderContactPage()
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))

    expect(await screen.findByText('Failed to send message')).toBeTruthy()
    expect(fieldValues()).toEqual(message)
    expect(errorLog).toHaveBeenCalledWith(expect.any(String), networkError)
    expect(
      ((await screen.findByRole('button', { name: 'Send Message' })) as HTMLButtonElement).disabled,
    ).toBe(false)
  })

  it('replaces the previous toast instead of stacking a second one', async () => {
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(jsonResponse({ error: 'Server error' }, 500))
      .mockResolvedValueOnce(jsonResponse({ error: 'Still down' }, 503))
    vi.stubGlobal('fetch', fetchMock)
    const user = renderContactPage()
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Failed to send message')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1))
  })

  it('keeps one idempotency key across a retry of the same fill, and confirms once it is stored', async () => {
    const fetchMock = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(jsonResponse({ error: 'Server error' }, 500))
      .mockResolvedValue(
        jsonResponse({ id: 'c-3', createdAt: '2024-05-01T10:00:00.000Z', reference: 'SE-7K3P9' }, 201),
      )
    vi.stubGlobal('fetch', fetchMock)
    const user = renderContactPage()
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Failed to send message')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    await confirmation('SE-7K3P9')
    expect(fetchMock).toHaveBeenCalledTimes(2)

    const keys = fetchMock.mock.calls.map(([, init]) => new Headers(init.headers).get('idempotency-key'))
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])
  })

  it('shows the rate-limit message of a 429 with Failed to send message and keeps the fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'Too many submissions from your network. Please wait.' }, 429)),
    )
    const user = renderContactPage()
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Failed to send message')).toBeTruthy()
    expect(await screen.findByText('Too many submissions from your network. Please wait.')).toBeTruthy()
    expect(fieldValues()).toEqual(message)
  })

  it('has a honeypot input hidden from people and leaves it out of the request when empty', () => {
    renderContactPage()
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!
    expect(trap.tabIndex).toBe(-1)
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull()
  })
})

describe('contact page map', () => {
  it('shows the local map picture and loads the third-party map only when asked', async () => {
    const user = renderContactPage()
    expect(document.querySelector('iframe')).toBeNull()
    expect(screen.getByRole('img', { name: /^Map: / }).getAttribute('src')).toBe('/images/office-map.svg')
    expect(screen.getByRole('link', { name: 'Open in maps' }).getAttribute('href')).toMatch(/^https:\/\//)
    await user.click(screen.getByRole('button', { name: 'Load interactive map' }))
    expect(document.querySelector('iframe')?.getAttribute('src')).toMatch(
      /^https:\/\/www\.openstreetmap\.org\//,
    )
  })
})
