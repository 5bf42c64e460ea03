import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub, Outlet, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { SiteHeader } from '~/components/site-header'
import { company } from '~/content/company'
import { isNavigationActive, mainNavigation } from '~/content/navigation'

function CurrentPath() {
  const { pathname } = useLocation()
  return <p data-testid="current-path">{pathname}</p>
}

function Layout() {
  return (
    <>
      <SiteHeader />
      <Outlet />
      <CurrentPath />
    </>
  )
}

function EmptyPage() {
  return null
}

function renderHeaderAt(path: string) {
  const Stub = createRoutesStub([{ Component: Layout, children: [{ path: '*', Component: EmptyPage }] }])
  render(<Stub initialEntries={[path]} />)
  return userEvent.setup()
}

const item = (label: string) => mainNavigation.find((entry) => entry.label === label)!
const desktopNav = () => screen.getByRole('navigation', { name: 'Main' })
const currentPath = () => screen.getByTestId('current-path').textContent

describe('isNavigationActive', () => {
  it('treats Home as active only on exactly /', () => {
    expect(isNavigationActive(item('Home'), '/')).toBe(true)
    expect(isNavigationActive(item('Home'), '/about')).toBe(false)
  })

  it('treats the other entries as active by path prefix, on whole segments', () => {
    expect(isNavigationActive(item('Solutions'), '/solutions')).toBe(true)
    expect(isNavigationActive(item('Solutions'), '/solutions/b2c')).toBe(true)
    expect(isNavigationActive(item('Solutions'), '/solutionsx')).toBe(false)
    expect(isNavigationActive(item('Careers'), '/careers')).toBe(true)
    expect(isNavigationActive(item('Careers'), '/about')).toBe(false)
  })

  it('treats Services, which has no page, as active on one of its pages', () => {
    expect(isNavigationActive(item('Services'), '/procurement')).toBe(true)
    expect(isNavigationActive(item('Services'), '/solutions')).toBe(false)
  })
})

describe('site header on large screens', () => {
  it('lists the entries, Get Quote and Contact Us in order', () => {
    renderHeaderAt('/')
    const nav = desktopNav()
    const labels = within(nav)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.parentElement === nav)
      .map((li) => li.querySelector('a, button')?.textContent)
    expect(labels).toEqual(['Home', 'Solutions', 'Services', 'Industries', 'Careers', 'About'])
    const banner = screen.getByRole('banner')
    expect(within(banner).getByRole('link', { name: 'Get Quote' }).getAttribute('href')).toBe('/get-quote')
    expect(within(banner).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact')
    expect(within(nav).getByRole('link', { name: 'Industries' }).getAttribute('href')).toBe('/sectors')
  })

  it('marks Home current only on /, and Careers on /careers', () => {
    renderHeaderAt('/careers')
    const nav = desktopNav()
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull()
    expect(within(nav).getByRole('link', { name: 'Careers' }).getAttribute('aria-current')).toBe('page')
  })

  it('highlights Solutions on a solutions sub-page', () => {
    renderHeaderAt('/solutions/wind')
    const solutions = within(desktopNav()).getByRole('link', { name: 'Solutions' }).closest('li')!
    expect(solutions.getAttribute('data-active')).toBe('true')
    const home = within(desktopNav()).getByRole('link', { name: 'Home' }).closest('li')!
    expect(home.getAttribute('data-active')).toBeNull()
  })

  it('opens a dropdown on hover and closes it when the pointer leaves', async () => {
    const user = renderHeaderAt('/')
    const toggle = within(desktopNav()).getByRole('button', { name: 'Solutions menu' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    const entry = toggle.closest('li')!
    await user.hover(entry)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(menu.hidden).toBe(false)
    expect(within(menu).getByRole('link', { name: /Wind/ }).getAttribute('href')).toBe('/solutions/wind')
    await user.unhover(entry)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(menu.hidden).toBe(true)
  })

  it('keeps at most one dropdown open', async () => {
    const user = renderHeaderAt('/')
    const solutions = within(desktopNav()).getByRole('button', { name: 'Solutions menu' })
    const services = within(desktopNav()).getByRole('button', { name: 'Services' })
    await user.click(solutions)
    await user.click(services)
    expect(services.getAttribute('aria-expanded')).toBe('true')
    expect(solutions.getAttribute('aria-expanded')).toBe('false')
  })

  it("shows Solar's Residential, Commercial and Government in a second column", async () => {
    const user = renderHeaderAt('/')
    await user.click(within(desktopNav()).getByRole('button', { name: 'Solutions menu' }))
    const solar = within(desktopNav()).getByRole('button', { name: 'Solar options' })
    expect(solar.getAttribute('aria-expanded')).toBe('false')
    expect(within(desktopNav()).queryByRole('link', { name: /Residential/ })).toBeNull()
    await user.click(solar)
    expect(solar.getAttribute('aria-expanded')).toBe('true')
    const column = within(desktopNav()).getByRole('list', { name: 'Solar' })
    const links = within(column).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/solutions/b2c',
      '/solutions/b2b',
      '/solutions/b2g',
    ])
    expect(links.map((link) => link.firstElementChild?.textContent)).toEqual([
      'Residential',
      'Commercial',
      'Government',
    ])
  })

  it('navigates when a parent with a page is clicked', async () => {
    const user = renderHeaderAt('/')
    await user.click(within(desktopNav()).getByRole('link', { name: 'Solutions' }))
    expect(currentPath()).toBe('/solutions')
  })

  it('only opens Services, which has no page', async () => {
    const user = renderHeaderAt('/about')
    const services = within(desktopNav()).getByRole('button', { name: 'Services' })
    await user.click(services)
    expect(services.getAttribute('aria-expanded')).toBe('true')
    expect(currentPath()).toBe('/about')
    expect(
      within(desktopNav())
        .getByRole('link', { name: /Procurement Consulting/ })
        .getAttribute('href'),
    ).toBe('/procurement')
  })

  it('opens with Enter and Space on the focused toggle and closes with Escape, focus back on the toggle', async () => {
    const user = renderHeaderAt('/')
    const services = within(desktopNav()).getByRole('button', { name: 'Services' })
    services.focus()
    await user.keyboard('{Enter}')
    expect(services.getAttribute('aria-expanded')).toBe('true')
    await user.tab()
    expect(document.activeElement?.textContent).toContain('Advisory & Asset Management')
    await user.keyboard('{Escape}')
    expect(services.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(services)

    const solutions = within(desktopNav()).getByRole('button', { name: 'Solutions menu' })
    solutions.focus()
    await user.keyboard(' ')
    expect(solutions.getAttribute('aria-expanded')).toBe('true')
  })

  it('closes the dropdown when the route changes', async () => {
    const user = renderHeaderAt('/')
    await user.click(within(desktopNav()).getByRole('button', { name: 'Services' }))
    await user.click(within(desktopNav()).getByRole('link', { name: /Digital Solutions/ }))
    expect(currentPath()).toBe('/digital-solutions')
    expect(within(desktopNav()).getByRole('button', { name: 'Services' }).getAttribute('aria-expanded')).toBe(
      'false',
    )
  })
})

describe('site header on small screens', () => {
  async function openMenu(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    return screen.findByRole('dialog', { name: 'Menu' })
  }

  it('opens a drawer with the entries, Get Quote, Schedule Call and the help phone', async () => {
    const user = renderHeaderAt('/')
    const drawer = await openMenu(user)
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true')
    const nav = within(drawer).getByRole('navigation', { name: 'Mobile' })
    expect(
      Array.from(nav.children).map(
        (child) => child.querySelector('a, button')?.textContent ?? child.textContent,
      ),
    ).toEqual(['Home', 'Solutions', 'Services', 'Industries', 'Careers', 'About'])
    expect(within(drawer).getByRole('link', { name: 'Get Quote' }).getAttribute('href')).toBe('/get-quote')
    expect(within(drawer).getByRole('button', { name: 'Schedule Call' })).toBeTruthy()
    expect(within(drawer).getByText('Need Help?')).toBeTruthy()
    expect(within(drawer).getByRole('link', { name: company.phone.display }).getAttribute('href')).toBe(
      'tel:+914040001234',
    )
    expect(drawer.contains(document.activeElement)).toBe(true)
  })

  it('locks the page scroll while open and releases it on close', async () => {
    const user = renderHeaderAt('/')
    await openMenu(user)
    expect(document.documentElement.style.overflow).toBe('hidden')
    await user.click(screen.getByRole('button', { name: 'Close menu' }))
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull()
    expect(document.documentElement.style.overflow).toBe('')
  })

  it('closes when the backdrop is clicked, and Schedule Call only closes the menu', async () => {
    const user = renderHeaderAt('/about')
    await openMenu(user)
    await user.click(screen.getByTestId('menu-backdrop'))
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull()
    const drawer = await openMenu(user)
    await user.click(within(drawer).getByRole('button', { name: 'Schedule Call' }))
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull()
    expect(currentPath()).toBe('/about')
  })

  it('keeps only one group open', async () => {
    const user = renderHeaderAt('/')
    const drawer = await openMenu(user)
    const solutions = within(drawer).getByRole('button', { name: 'Solutions' })
    const services = within(drawer).getByRole('button', { name: 'Services' })
    await user.click(solutions)
    expect(solutions.getAttribute('aria-expanded')).toBe('true')
    await user.click(services)
    expect(services.getAttribute('aria-expanded')).toBe('true')
    expect(solutions.getAttribute('aria-expanded')).toBe('false')
    await user.click(services)
    expect(services.getAttribute('aria-expanded')).toBe('false')
  })

  it('opens the Solar sub-level view and goes back', async () => {
    const user = renderHeaderAt('/')
    const drawer = await openMenu(user)
    await user.click(within(drawer).getByRole('button', { name: 'Solutions' }))
    await user.click(within(drawer).getByRole('button', { name: 'Open Solar menu' }))
    const level = within(drawer).getByRole('navigation', { name: 'Solar' })
    expect(within(level).getByRole('link', { name: 'Residential' }).getAttribute('href')).toBe(
      '/solutions/b2c',
    )
    expect(within(level).getByRole('link', { name: 'Commercial' }).getAttribute('href')).toBe(
      '/solutions/b2b',
    )
    expect(within(level).getByRole('link', { name: 'Government' }).getAttribute('href')).toBe(
      '/solutions/b2g',
    )
    await user.click(within(level).getByRole('button', { name: 'Back' }))
    expect(within(drawer).getByRole('navigation', { name: 'Mobile' })).toBeTruthy()
  })

  it('closes and resets the open group on a route change', async () => {
    const user = renderHeaderAt('/')
    let drawer = await openMenu(user)
    await user.click(within(drawer).getByRole('button', { name: 'Solutions' }))
    await user.click(within(drawer).getByRole('button', { name: 'Open Solar menu' }))
    await user.click(within(drawer).getByRole('link', { name: 'Commercial' }))
    expect(currentPath()).toBe('/solutions/b2b')
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull()
    expect(document.documentElement.style.overflow).toBe('')
    drawer = await openMenu(user)
    expect(within(drawer).getByRole('button', { name: 'Solutions' }).getAttribute('aria-expanded')).toBe(
      'false',
    )
  })

  it('closes on Escape and returns the focus to the toggle', async () => {
    const user = renderHeaderAt('/')
    await openMenu(user)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }))
  })

  it('keeps Tab inside the toggle and the drawer', async () => {
    const user = renderHeaderAt('/')
    const drawer = await openMenu(user)
    const toggle = screen.getByRole('button', { name: 'Close menu' })
    const phone = within(drawer).getByRole('link', { name: company.phone.display })
    phone.focus()
    await user.tab()
    expect(document.activeElement).toBe(toggle)
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(phone)
    act(() => {
      fireEvent.keyDown(document, { key: 'Tab' })
    })
  })
})
