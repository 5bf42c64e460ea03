import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ShareReport,
  shareReportCopy,
  whatsappShareLink,
} from '~/features/solar-calculator/components/share-report'

const url = 'https://www.example.in/solar-calculator?category=residential&bill=2500&pincode=500081'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function stubNavigator(parts: { share?: unknown; clipboard?: unknown }) {
  vi.stubGlobal('navigator', { ...navigator, share: parts.share, clipboard: parts.clipboard })
}

const status = () => screen.getByRole('status').textContent

describe('ShareReport', () => {
  it('opens the share sheet with the report link where the browser has one', async () => {
    const share = vi.fn(async () => {})
    const writeText = vi.fn(async () => {})
    stubNavigator({ share, clipboard: { writeText } })
    render(<ShareReport url={url} />)
    fireEvent.click(screen.getByRole('button', { name: shareReportCopy.share }))
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1))
    expect(share).toHaveBeenCalledWith({ title: shareReportCopy.message, text: shareReportCopy.message, url })
    expect(writeText).not.toHaveBeenCalled()
    expect(status()).toBe('')
  })

  it('says nothing when the visitor closes the share sheet', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError')
    })
    const writeText = vi.fn(async () => {})
    stubNavigator({ share, clipboard: { writeText } })
    render(<ShareReport url={url} />)
    fireEvent.click(screen.getByRole('button', { name: shareReportCopy.share }))
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(writeText).not.toHaveBeenCalled()
    expect(status()).toBe('')
  })

  it('copies the link without the Web Share API, and says so', async () => {
    const writeText = vi.fn(async () => {})
    stubNavigator({ clipboard: { writeText } })
    render(<ShareReport url={url} />)
    fireEvent.click(screen.getByRole('button', { name: shareReportCopy.share }))
    await waitFor(() => expect(status()).toBe(shareReportCopy.copied))
    expect(writeText).toHaveBeenCalledWith(url)
  })

  it('shows the link to copy by hand when the clipboard is refused too', async () => {
    const writeText = vi.fn(async () => {
      throw new DOMException('Denied', 'NotAllowedError')
    })
    stubNavigator({
      share: vi.fn(async () => Promise.reject(new TypeError('not allowed'))),
      clipboard: { writeText },
    })
    render(<ShareReport url={url} />)
    fireEvent.click(screen.getByRole('button', { name: shareReportCopy.share }))
    await waitFor(() => expect(status()).toContain(shareReportCopy.copyFailed))
    expect(status()).toContain(url)
  })

  it('shares on WhatsApp with the report link in the message, to any chat', () => {
    stubNavigator({})
    render(<ShareReport url={url} title="Our solar report" />)
    const link = screen.getByRole('link', { name: shareReportCopy.whatsapp })
    const href = new URL(link.getAttribute('href') ?? '')
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/')
    expect(href.searchParams.get('text')).toBe(`Our solar report: ${url}`)
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
    expect(whatsappShareLink('a b&c')).toBe('https://wa.me/?text=a%20b%26c')
  })
})
