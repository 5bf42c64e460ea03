import { render, screen, within } from '@testing-library/react'
import { createRoutesStub, useRouteError } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { RouteError } from '~/components/route-error'

function Broken(): never {
  throw new Error('boom')
}

/** What root.tsx's ErrorBoundary renders, fed the route's error. */
function RouteErrorBoundary() {
  return <RouteError error={useRouteError()} />
}

describe('route error boundary', () => {
  it('shows the generic heading inside the site layout, with a way home, and logs the error', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const Stub = createRoutesStub([
      {
        path: '/broken',
        Component: Broken,
        ErrorBoundary: RouteErrorBoundary,
      },
    ])
    render(<Stub initialEntries={['/broken']} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/')
    const header = screen.getAllByRole('banner')[0]!
    expect(within(header).getByRole('link', { name: 'Contact Us' })).toBeTruthy()
    expect(screen.getByRole('contentinfo')).toBeTruthy()
    expect(logged).toHaveBeenCalledWith('A route failed to render', expect.any(Error))
  })
})
