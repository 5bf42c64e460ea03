import { render, screen, within } from '@testing-library/react'
import { createRoutesStub, Outlet } from 'react-router'
import { describe, expect, it } from 'vitest'
import { SiteShell } from '~/components/site-shell'
import { TrustFacts } from '~/components/trust-facts'
import { whatsappButtonLabel } from '~/components/whatsapp-button'
import { company, type SocialLink } from '~/content/company'
import { newsletterBox } from '~/features/lead-forms/content/newsletter'
import ContactPage from '~/routes/contact'
import HomePage from '~/routes/home'

function ShellLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  )
}

function renderShellAt(path: string) {
  const Stub = createRoutesStub([
    {
      Component: ShellLayout,
      children: [
        { path: '/', Component: HomePage },
        { path: '/contact', Component: ContactPage },
      ],
    },
  ])
  return render(<Stub initialEntries={[path]} />)
}

describe('site shell', () => {
  it('links the logo home and offers Home and Contact Us in the header', () => {
    renderShellAt('/')
    const header = screen.getByRole('banner')
    expect(
      within(header)
        .getByRole('link', { name: /Suryodaya Energy/ })
        .getAttribute('href'),
    ).toBe('/')
    const nav = within(header).getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/')
    expect(within(header).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact')
  })

  it('marks Home as the current page only on the home path', () => {
    renderShellAt('/contact')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull()
    expect(
      within(screen.getAllByRole('banner')[0]!)
        .getByRole('link', { name: 'Contact Us' })
        .getAttribute('aria-current'),
    ).toBe('page')
  })

  it('links the footer to the spec pages, with Support for /contact, and shows the badges', () => {
    renderShellAt('/')
    const footer = screen.getByRole('contentinfo')
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
    for (const path of [
      '/solutions',
      '/about',
      '/advisory',
      '/careers',
      '/sectors',
      '/resources',
      '/digital-solutions',
      '/procurement',
      '/contact',
      '/privacy',
      '/terms',
      '/cookies',
      '/compliance',
    ]) {
      expect(hrefs).toContain(path)
    }
    expect(within(footer).getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/contact')
    for (const badge of ['ISO 14001', 'NABCEP Accredited', 'OSHA Compliant']) {
      expect(within(footer).getByText(badge)).toBeTruthy()
    }
    expect(within(footer).getByRole('textbox', { name: newsletterBox.heading })).toBeTruthy()
    expect(within(footer).getByRole('button', { name: 'Subscribe' })).toBeTruthy()
  })

  it('shows no social links while the company has configured none', () => {
    expect(company.social.filter((link) => link.url !== '')).toEqual([])
    renderShellAt('/')
    expect(within(screen.getByRole('contentinfo')).queryByText('Social media')).toBeNull()
  })

  it('links exactly the social profiles configured in company.ts, skipping labels without an address', () => {
    const configurable = company as { social: readonly SocialLink[] }
    const original = configurable.social
    configurable.social = [
      { label: 'LinkedIn', url: 'https://www.linkedin.com/company/example-energy' },
      { label: 'X', url: '' },
    ]
    try {
      renderShellAt('/')
      // The list follows its hidden caption.
      const social = within(screen.getByRole('contentinfo')).getByText('Social media')
        .nextElementSibling as HTMLElement
      expect(social.tagName).toBe('UL')
      const hrefs = within(social)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'))
      expect(hrefs).toEqual(['https://www.linkedin.com/company/example-energy'])
    } finally {
      configurable.social = original
    }
  })

  it('shows the copyright year and the contact details in the footer', () => {
    renderShellAt('/')
    const footer = screen.getByRole('contentinfo')
    expect(footer.textContent).toContain('© 2024 Suryodaya Energy')
    expect(within(footer).getByRole('link', { name: company.phone.display }).getAttribute('href')).toBe(
      'tel:+914040001234',
    )
    expect(within(footer).getByRole('link', { name: 'hello@suryodaya.example' }).getAttribute('href')).toBe(
      'mailto:hello@suryodaya.example',
    )
  })

  it.each(['/', '/contact'])(
    'has the floating WhatsApp button on %s, to the company’s WhatsApp number',
    (path) => {
      renderShellAt(path)
      const links = screen.getAllByRole('link', { name: whatsappButtonLabel })
      expect(links).toHaveLength(1)
      const href = new URL(links[0]?.getAttribute('href') ?? '')
      expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/${company.whatsapp.number}`)
      expect(href.searchParams.get('text')).toContain(company.name)
      expect(company.whatsapp.number).toMatch(/^91\d{10}$/)
    },
  )

  it('shows no registrations in the footer while the company has set none', () => {
    expect(company.registrations).toBeUndefined()
    renderShellAt('/')
    const footer = screen.getByRole('contentinfo')
    expect(footer.textContent).not.toMatch(/national portal|Empanelled/i)
  })

  it('shows the registrations that are set, and nothing for empty ones', () => {
    const { container, unmount } = render(
      <TrustFacts
        registrations={{ nationalPortalVendor: 'MNRE-TS-0042', discomEmpanelment: ['TGSPDCL', ' '] }}
      />,
    )
    const terms = [...container.querySelectorAll('dt')].map((term) => term.textContent)
    const values = [...container.querySelectorAll('dd')].map((value) => value.textContent)
    expect(terms).toEqual(['Registered vendor, PM Surya Ghar national portal: ', 'Empanelled with: '])
    expect(values).toEqual(['MNRE-TS-0042', 'TGSPDCL'])
    unmount()
    for (const registrations of [undefined, {}, { nationalPortalVendor: ' ', discomEmpanelment: [] }]) {
      const empty = render(<TrustFacts registrations={registrations} />)
      expect(empty.container.innerHTML).toBe('')
      empty.unmount()
    }
  })

  it('does not link the admin dashboard from the public pages', () => {
    renderShellAt('/')
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'))
    expect(hrefs).not.toContain('/admin')
  })
})
