import { fireEvent, render, screen } from '@testing-library/react'
import { createRoutesStub, Link } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Analytics, createAnalytics, usePageViews } from '~/lib/analytics'

/** The client the page below reports to, set by each render. */
let currentClient: Analytics = createAnalytics(undefined)

function Page() {
  usePageViews(currentClient)
  return (
    <nav>
      <Link to="/about">About</Link>
      <Link to="/contact?from=home">Contact</Link>
    </nav>
  )
}

function renderWith(client: Analytics) {
  currentClient = client
  const Stub = createRoutesStub([{ path: '*', Component: Page }])
  render(<Stub initialEntries={['/']} />)
}

function gaScripts() {
  return document.head.querySelectorAll('script[src*="googletagmanager"]')
}

afterEach(() => {
  for (const script of gaScripts()) script.remove()
  delete window.dataLayer
  delete window.gtag
})

describe('analytics', () => {
  it('reports a page view on the first render and on every route change', () => {
    const client = { enabled: true, pageView: vi.fn() }
    renderWith(client)
    fireEvent.click(screen.getByRole('link', { name: 'About' }))
    fireEvent.click(screen.getByRole('link', { name: 'Contact' }))
    expect(client.pageView.mock.calls.map(([path]) => path)).toEqual(['/', '/about', '/contact?from=home'])
  })

  it('loads nothing, sets no cookie and sends nothing when no provider is configured', () => {
    for (const id of [undefined, '', '   ', 'not-an-id']) {
      const client = createAnalytics(id)
      expect(client.enabled).toBe(false)
      renderWith(client)
    }
    expect(gaScripts()).toHaveLength(0)
    expect(window.dataLayer).toBeUndefined()
    expect(document.cookie).toBe('')
  })

  it('loads GA4 once and sends one page_view per route change when a measurement id is set', () => {
    const client = createAnalytics('G-TEST1234')
    expect(client.enabled).toBe(true)
    renderWith(client)
    fireEvent.click(screen.getByRole('link', { name: 'About' }))
    expect(gaScripts()).toHaveLength(1)
    expect(gaScripts()[0]?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST1234')
    const calls = (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>))
    expect(calls.filter((call) => call[0] === 'config')).toEqual([
      ['config', 'G-TEST1234', { send_page_view: false }],
    ])
    const views = calls.filter((call) => call[0] === 'event' && call[1] === 'page_view')
    expect(views.map((call) => (call[2] as { page_path: string }).page_path)).toEqual(['/', '/about'])
  })
})
