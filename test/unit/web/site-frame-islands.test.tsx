import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mobileQuery } from '~/components/mobile-navigation'
import { SiteShell } from '~/components/site-shell'
import { staticSectionAttribute } from '~/components/static-section'
import { jsonResponse, stubApiRoutes } from './render-route'

function Page() {
  return <h1>A page</h1>
}

const routes = [
  {
    element: (
      <SiteShell>
        <Outlet />
      </SiteShell>
    ),
    children: [
      { path: '/', element: <Page /> },
      { path: '/about', element: <Page /> },
      { path: '/contact', element: <Page /> },
      { path: '/careers', element: <Page /> },
    ],
  },
]

/** The screen's width as the header's media query sees it; `resize` fires its change listeners. */
function stubScreen(phone: boolean) {
  let matches = phone
  const listeners = new Set<() => void>()
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query === mobileQuery ? matches : false
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    })),
  )
  window.matchMedia = globalThis.matchMedia
  return {
    resize(toPhone: boolean) {
      matches = toPhone
      for (const listener of listeners) listener()
    },
  }
}

let root: Root | undefined
let container: HTMLDivElement

/** The shell prerendered at `path`, then hydrated in the same document, as a visitor's first load is. */
async function prerenderAndHydrate(path: string) {
  container.innerHTML = renderToString(
    <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />,
  )
  const prerendered = container.innerHTML
  const errors: unknown[] = []
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  await act(async () => {
    root = hydrateRoot(container, <RouterProvider router={router} />, {
      onRecoverableError: (error) => errors.push(error),
    })
  })
  // The root layout marks the document once React has taken it over (root.tsx).
  document.documentElement.dataset.hydrated = ''
  return { router, prerendered, errors }
}

const header = () => screen.getByRole('banner')
const mainNavigation = () => within(header()).getByRole('navigation', { name: 'Main', hidden: true })
const current = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole('link', { hidden: true })
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent)

describe("the site frame's islands (header and footer)", () => {
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
    vi.unstubAllGlobals()
  })

  it('keeps the prerendered header and footer on a phone, the newsletter form hydrated', async () => {
    stubScreen(true)
    const { prerendered, errors } = await prerenderAndHydrate('/about')
    expect(errors).toEqual([])
    expect(container.innerHTML).toBe(prerendered)
    expect(document.querySelector(`[${staticSectionAttribute}="site-header"]`)).not.toBeNull()
    expect(document.querySelector(`[${staticSectionAttribute}="site-footer-links"]`)).not.toBeNull()
    // The desktop dropdowns are not running: their toggle does nothing until the screen is wide.
    const toggle = within(mainNavigation()).getByRole('button', { name: 'Solutions menu', hidden: true })
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(current(mainNavigation())).toEqual(['About'])
    // The newsletter form runs: it sends the address to the API.
    const fetchMock = stubApiRoutes({ 'POST /api/newsletter': () => jsonResponse({ ok: true }, 201) })
    const email = within(screen.getByRole('contentinfo')).getByRole('textbox', { name: 'Newsletter' })
    fireEvent.change(email, { target: { value: 'meera@example.com' } })
    fireEvent.click(
      within(screen.getByRole('contentinfo')).getByRole('checkbox', { name: 'I am 18 or older' }),
    )
    await act(async () => {
      fireEvent.submit(email.closest('form') as HTMLFormElement)
    })
    // The request loads when the form is sent (a dynamic import): a moment after the submit.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), { timeout: 5000 })
  })

  it('marks the new page current in the header after a client navigation from a static header', async () => {
    stubScreen(true)
    const { router } = await prerenderAndHydrate('/about')
    // A click on a footer link (static markup) navigates inside the app.
    const footer = screen.getByRole('contentinfo')
    const careers = within(footer).getByRole('link', { name: 'Careers' })
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    await act(async () => {
      careers.dispatchEvent(click)
    })
    expect(click.defaultPrevented).toBe(true)
    expect(router.state.location.pathname).toBe('/careers')
    expect(current(mainNavigation())).toEqual(['Careers'])
    await act(async () => {
      await router.navigate('/contact')
    })
    expect(current(mainNavigation())).toEqual([])
    expect(current(header())).toEqual(['Contact Us'])
    // One header, not the prerendered one beside the rendered one.
    expect(within(header()).getAllByRole('navigation', { name: 'Main', hidden: true })).toHaveLength(1)
    await act(async () => {
      await router.navigate('/about')
    })
    expect(current(header())).toEqual(['About'])
  })

  it('runs the desktop dropdowns at once on a wide screen', async () => {
    stubScreen(false)
    const { errors } = await prerenderAndHydrate('/')
    expect(errors).toEqual([])
    const toggle = within(mainNavigation()).getByRole('button', { name: 'Solutions menu' })
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
  })

  it('runs the desktop dropdowns once a phone-sized screen widens', async () => {
    const screenSize = stubScreen(true)
    await prerenderAndHydrate('/about')
    await act(async () => screenSize.resize(false))
    const toggle = within(mainNavigation()).getByRole('button', { name: 'Solutions menu' })
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(current(mainNavigation())).toEqual(['About'])
    expect(within(header()).getAllByRole('navigation', { name: 'Main' })).toHaveLength(1)
  })
})
