import { render, screen, waitFor } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import HomePage from '~/routes/home'
import NotFoundPage, { meta } from '~/routes/not-found'

function renderAt(path: string) {
  const Stub = createRoutesStub([
    { path: '/', Component: HomePage },
    { path: '*', Component: NotFoundPage },
  ])
  return render(<Stub initialEntries={[path]} />)
}

describe('not-found page', () => {
  it('shows 404, the heading and a link to the home page', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderAt('/no-such-page')
    expect(screen.getByText('404')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy()
    expect(screen.getByRole('link', { name: /home page/i }).getAttribute('href')).toBe('/')
  })

  it('logs the attempted path and titles the tab with it after rendering', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderAt('/solar-panels/old-page')
    await waitFor(() =>
      expect(document.title).toBe('Page not found: /solar-panels/old-page | Suryodaya Energy'),
    )
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/solar-panels/old-page'))
  })

  it('renders the same markup for every unknown path, as one prerendered file serves them all', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const first = renderAt('/foo').container.innerHTML
    const second = renderAt('/bar/baz?x=1').container.innerHTML
    expect(second).toBe(first)
  })

  it('has a generic title in its meta, without a canonical URL', () => {
    const descriptors = meta({} as Parameters<typeof meta>[0])
    expect(descriptors).toContainEqual({ title: 'Page not found | Suryodaya Energy' })
    expect(descriptors.some((d) => 'rel' in d && d.rel === 'canonical')).toBe(false)
  })
})
