import { act, fireEvent, screen } from '@testing-library/react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { StaticSection } from '~/components/static-section'

/** How often the static section's content was rendered by React. */
let renders = 0

function Content() {
  renders += 1
  return (
    <section aria-labelledby="why">
      <h2 id="why">Why choose us</h2>
      <Link to="/about">About us</Link>
      <a href="https://example.org/elsewhere">Elsewhere</a>
    </section>
  )
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>
}

const routes = [
  {
    path: '/',
    element: (
      <>
        <Where />
        <StaticSection name="why">
          <Content />
        </StaticSection>
      </>
    ),
  },
  { path: '/about', element: <Where /> },
]

let root: Root | undefined
let container: HTMLDivElement

/** The page as prerendered, then hydrated in the same document, as a visitor's first load is. */
async function prerenderAndHydrate(errors: unknown[]) {
  container.innerHTML = renderToString(<RouterProvider router={createMemoryRouter(routes)} />)
  renders = 0
  await act(async () => {
    root = hydrateRoot(container, <RouterProvider router={createMemoryRouter(routes)} />, {
      onRecoverableError: (error) => errors.push(error),
    })
  })
}

describe('static section (an island that never hydrates)', () => {
  beforeEach(() => {
    container = document.createElement('div')
    document.body.append(container)
    delete document.documentElement.dataset.hydrated
  })
  afterEach(() => {
    act(() => root?.unmount())
    root = undefined
    container.remove()
    delete document.documentElement.dataset.hydrated
  })

  it('keeps the prerendered markup on the first load without rendering its components', async () => {
    const errors: unknown[] = []
    const prerendered = renderToString(<RouterProvider router={createMemoryRouter(routes)} />)
    await prerenderAndHydrate(errors)
    expect(renders).toBe(0)
    expect(errors).toEqual([])
    expect(container.innerHTML).toBe(prerendered)
    expect(screen.getByRole('heading', { name: 'Why choose us' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'About us' }).getAttribute('href')).toBe('/about')
  })

  it("follows its links inside the app, as the Links it was rendered from, and leaves other sites' alone", async () => {
    await prerenderAndHydrate([])
    const away = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    screen.getByRole('link', { name: 'Elsewhere' }).addEventListener('click', (event) => {
      // Stops happy-dom from loading the other site; the section must not have taken the click.
      expect(event.defaultPrevented).toBe(false)
      event.preventDefault()
    })
    screen.getByRole('link', { name: 'Elsewhere' }).dispatchEvent(away)
    expect(screen.getByTestId('where').textContent).toBe('/')
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    await act(async () => {
      screen.getByRole('link', { name: 'About us' }).dispatchEvent(click)
    })
    expect(click.defaultPrevented).toBe(true)
    expect(screen.getByTestId('where').textContent).toBe('/about')
  })

  it('renders its children after the page has hydrated (a client navigation)', async () => {
    document.documentElement.dataset.hydrated = ''
    renders = 0
    await act(async () => {
      root = createRoot(container)
      root.render(<RouterProvider router={createMemoryRouter(routes)} />)
    })
    expect(renders).toBeGreaterThan(0)
    expect(screen.getByRole('heading', { name: 'Why choose us' })).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'About us' }))
    await act(async () => {})
    expect(screen.getByTestId('where').textContent).toBe('/about')
  })
})
