import { analyticsSettings, siteConfigPath } from '@core/site-config'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createRoutesStub, Link } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Analytics, createAnalytics, loadSettings, usePageViews } from '~/lib/analytics'

/** The client the page below reports to, set by each render. */
let currentClient: Analytics = createAnalytics(async () => undefined)

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

const beacon = vi.fn((_url: string, _body: Blob) => true)
beforeEach(() => {
  beacon.mockClear()
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('page views', () => {
  it('reports a page view on the first render and on every route change', () => {
    const client = { pageView: vi.fn() }
    renderWith(client)
    fireEvent.click(screen.getByRole('link', { name: 'About' }))
    fireEvent.click(screen.getByRole('link', { name: 'Contact' }))
    expect(client.pageView.mock.calls.map(([path]) => path)).toEqual(['/', '/about', '/contact?from=home'])
  })

  it('reads the settings once and posts one Plausible pageview per route change, as text/plain', async () => {
    const settings = vi.fn(async () => ({ host: 'https://stats.example.org', id: 'suryodaya.example' }))
    renderWith(createAnalytics(settings))
    fireEvent.click(screen.getByRole('link', { name: 'About' }))
    await waitFor(() => expect(beacon).toHaveBeenCalledTimes(2))
    expect(settings).toHaveBeenCalledTimes(1)
    const [url, blob] = beacon.mock.calls[1]!
    expect(url).toBe('https://stats.example.org/api/event')
    expect(blob.type).toBe('text/plain')
    expect(JSON.parse(await blob.text())).toEqual({
      name: 'pageview',
      url: `${window.location.origin}/about`,
      domain: 'suryodaya.example',
      referrer: null,
    })
  })

  it('sends nothing and sets no cookie without settings', async () => {
    const settings = vi.fn(async () => undefined)
    renderWith(createAnalytics(settings))
    fireEvent.click(screen.getByRole('link', { name: 'About' }))
    await waitFor(() => expect(settings).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(beacon).not.toHaveBeenCalled()
    expect(document.cookie).toBe('')
  })
})

describe('site-config.json', () => {
  it('takes the analytics settings only when both are there and the host is an https origin', () => {
    expect(analyticsSettings({ analyticsHost: 'https://plausible.io', analyticsId: ' a.example ' })).toEqual({
      host: 'https://plausible.io',
      id: 'a.example',
    })
    for (const config of [
      {},
      null,
      'text',
      { analyticsHost: 'https://plausible.io' },
      { analyticsHost: 'http://plausible.io', analyticsId: 'a' },
      { analyticsHost: 'https://plausible.io/path', analyticsId: 'a' },
      { analyticsHost: 'https://plausible.io', analyticsId: '  ' },
    ]) {
      expect(analyticsSettings(config)).toBeUndefined()
    }
  })

  it('is fetched from the site, and a missing file or a network error means no analytics', async () => {
    const ok = vi.fn(async (_url: string) =>
      Response.json({ analyticsHost: 'https://s.example', analyticsId: 'x' }),
    )
    expect(await loadSettings(ok as unknown as typeof fetch)).toEqual({ host: 'https://s.example', id: 'x' })
    expect(ok.mock.calls[0]?.[0]).toBe(siteConfigPath)
    const missing = async () => new Response('not found', { status: 404 })
    expect(await loadSettings(missing as unknown as typeof fetch)).toBeUndefined()
    const offline = async () => {
      throw new TypeError('Failed to fetch')
    }
    expect(await loadSettings(offline as unknown as typeof fetch)).toBeUndefined()
    const broken = async () => new Response('{', { status: 200 })
    expect(await loadSettings(broken as unknown as typeof fetch)).toBeUndefined()
  })
})
