import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Toaster } from '~/components/toaster'
import { NewsletterForm } from '~/features/lead-forms/components/newsletter-form'
import { deferred, jsonResponse } from './render-route'

function renderForm() {
  render(
    <>
      <NewsletterForm />
      <Toaster />
    </>,
  )
  return userEvent.setup()
}

const email = () => screen.getByRole('textbox', { name: 'Newsletter' }) as HTMLInputElement

describe('newsletter form', () => {
  it('posts the e-mail with an idempotency key, shows Subscribing..., then thanks and clears the field', async () => {
    const reply = deferred<Response>()
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => reply.promise)
    vi.stubGlobal('fetch', fetchMock)
    const user = renderForm()
    await user.type(email(), 'meera@example.com')
    await user.click(screen.getByRole('checkbox', { name: 'I am 18 or older' }))
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))

    expect(
      ((await screen.findByRole('button', { name: 'Subscribing...' })) as HTMLButtonElement).disabled,
    ).toBe(true)
    // The sending code loads once the form is sent (its first import here is transformed: slow on a busy
    // machine), so the request follows a moment later.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), { timeout: 5000 })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/newsletter')
    expect(JSON.parse(String(init.body))).toEqual({ email: 'meera@example.com', adult: true })
    expect(new Headers(init.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)

    // Double opt-in: the toast says what the reply says, to confirm by e-mail (or that no e-mail could go).
    reply.resolve(
      jsonResponse(
        {
          subscribed: true,
          confirmation: 'sent',
          message: 'Check your e-mail to confirm your subscription: we sent you a link.',
        },
        200,
      ),
    )
    expect(
      await screen.findByText('Check your e-mail to confirm your subscription: we sent you a link.'),
    ).toBeTruthy()
    await waitFor(() => expect(email().value).toBe(''))
  })

  it('shows Failed to subscribe, logs and keeps the address when the server fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('upstream down', { status: 502 })),
    )
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const user = renderForm()
    await user.type(email(), 'meera@example.com')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Failed to subscribe')).toBeTruthy()
    expect(log).toHaveBeenCalledWith(expect.any(String), 502, 'upstream down')
    expect(email().value).toBe('meera@example.com')
  })

  it("shows the server's message about the address under the field and focuses it", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { error: 'Check the e-mail address.', fields: { email: 'Enter a valid e-mail address' } },
          400,
        ),
      ),
    )
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const user = renderForm()
    await user.type(email(), 'meera@example')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    const note = await screen.findByText('Enter a valid e-mail address')
    expect(email().getAttribute('aria-invalid')).toBe('true')
    expect(email().getAttribute('aria-describedby')).toBe(note.id)
    expect(document.activeElement).toBe(email())
    expect(email().value).toBe('meera@example')
  })

  it('shows the 429 message under Failed to subscribe', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'Too many submissions.' }, 429)),
    )
    const user = renderForm()
    await user.type(email(), 'meera@example.com')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Too many submissions.')).toBeTruthy()
  })

  it('requires an e-mail address in the browser', () => {
    renderForm()
    expect(email().required).toBe(true)
    expect(email().type).toBe('email')
  })

  it('says what subscribing asks for beside a link to the notice, and starts with the age box unticked and required', () => {
    renderForm()
    expect(screen.getByText(/Our newsletter with offers by e-mail/).textContent).toContain(
      'Withdraw at any time.',
    )
    expect(screen.getByRole('link', { name: 'Privacy notice' }).getAttribute('href')).toBe('/privacy')
    const adult = screen.getByRole('checkbox', { name: 'I am 18 or older' }) as HTMLInputElement
    expect([adult.checked, adult.required]).toEqual([false, true])
  })

  it('shows the refusal of an unticked age box beside it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            error: 'Please enter a valid email address.',
            fields: { adult: 'Confirm that you are 18 or older to send this' },
          },
          400,
        ),
      ),
    )
    const user = renderForm()
    await user.type(email(), 'meera@example.com')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    const adult = screen.getByRole('checkbox', { name: 'I am 18 or older' })
    await waitFor(() => expect(adult.getAttribute('aria-invalid')).toBe('true'))
    expect(document.getElementById(adult.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Confirm that you are 18 or older to send this',
    )
  })
})
