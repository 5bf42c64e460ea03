import { keepMessages } from '@core/retention-messages'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { contactLink } from '~/content/navigation'
import PrivacyKeepPage, { keepPageCopy } from '~/routes/privacy-keep'
import { jsonResponse, renderRoute } from './render-route'

const fetchMock = vi.fn<typeof fetch>()

function openAt(search: string) {
  window.history.replaceState({}, '', `/privacy/keep${search}`)
  vi.stubGlobal('fetch', fetchMock)
  renderRoute('/privacy/keep', [{ path: '/privacy/keep', Component: PrivacyKeepPage }])
}

afterEach(() => {
  fetchMock.mockReset()
  vi.unstubAllGlobals()
  window.history.replaceState({}, '', '/')
})

describe('the keep page (/privacy/keep)', () => {
  it('changes nothing when opened; the button sends the token and shows the answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ state: 'kept', message: keepMessages.kept }))
    openAt('?t=signed-token')
    const button = await screen.findByRole('button', { name: keepPageCopy.button })
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
    // A mail scanner that opens the link sends nothing.
    expect(fetchMock).not.toHaveBeenCalled()
    fireEvent.click(button)
    expect((await screen.findByTestId('privacy-keep-result')).textContent).toBe(keepMessages.kept)
    expect(screen.queryByRole('link', { name: contactLink.label })).toBeNull()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [path, init] = fetchMock.mock.calls[0]!
    expect(String(path)).toBe('/api/privacy/keep')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({ t: 'signed-token' })
  })

  it("shows the API's refusal (an expired link) and no button", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: keepMessages.expired }, 400))
    openAt('?t=old-token')
    const button = await screen.findByRole('button', { name: keepPageCopy.button })
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
    fireEvent.click(button)
    expect((await screen.findByTestId('privacy-keep-result')).textContent).toBe(keepMessages.expired)
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getByRole('link', { name: contactLink.label }).getAttribute('href')).toBe('/contact')
  })

  it('says the link is not valid when it carries no token', async () => {
    openAt('')
    expect((await screen.findByTestId('privacy-keep-result')).textContent).toBe(keepMessages.invalid)
    // The words say to contact us: the way there.
    expect(screen.getByRole('link', { name: contactLink.label }).getAttribute('href')).toBe('/contact')
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
