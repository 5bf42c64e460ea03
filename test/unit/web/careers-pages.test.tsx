import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { contactWithSubject } from '~/content/actions'
import { legalPage, legalPaths, legalTitles } from '~/content/legal'
import { loginPage } from '~/features/admin/session/content'
import { nextOpenPosition } from '~/features/careers/components/position-list'
import { applyLink, careersPage, sampleJobs } from '~/features/careers/content'
import CareersPage from '~/routes/careers'
import LegalPage from '~/routes/legal'
import LoginPage from '~/routes/login'
import { jsonResponse, renderRoute } from './render-route'

afterEach(() => {
  vi.unstubAllGlobals()
})

function renderCareers(reply: () => Promise<Response>) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) => reply())
  vi.stubGlobal('fetch', fetchMock)
  renderRoute('/careers', [{ path: '/careers', Component: CareersPage }])
  return fetchMock
}

const rowButtons = () =>
  within(screen.getByRole('region', { name: careersPage.positionsHeading }))
    .getAllByRole('button')
    .filter((button) => button.hasAttribute('aria-expanded'))
const positionButton = (title: string) =>
  screen.getAllByRole('button').find((button) => button.textContent?.startsWith(title)) as HTMLElement

// The page loads its list's request after hydrating (a dynamic import); loaded once here, as a browser has it
// cached after the first page, so a test's wait is for the request and not for transforming the module.
beforeAll(() => import('~/lib/api/public-list'))

describe('nextOpenPosition (one open position at a time)', () => {
  it('opens a closed row, switches to another, and closes the open one when clicked again', () => {
    expect(nextOpenPosition(null, 'a')).toBe('a')
    expect(nextOpenPosition('a', 'b')).toBe('b')
    expect(nextOpenPosition('b', 'b')).toBeNull()
  })
})

describe('careers page', () => {
  it('shows the hero figures and the six samples across the six departments', () => {
    renderCareers(async () => jsonResponse([]))
    for (const stat of ['200+', '15+', '4.8/5', '95%']) expect(screen.getByText(stat)).toBeTruthy()
    expect(sampleJobs.map((job) => job.department)).toEqual([
      'Engineering',
      'Analytics',
      'Technology',
      'Operations',
      'Sales',
      'Consulting',
    ])
    for (const job of sampleJobs) expect(positionButton(job.title)).toBeTruthy()
    expect(screen.getAllByText(careersPage.featured)).toHaveLength(
      sampleJobs.filter((job) => job.featured).length,
    )
    expect(rowButtons()).toHaveLength(6)
  })

  it('expands one row at a time and collapses it on a second click', async () => {
    const user = userEvent.setup()
    renderCareers(async () => jsonResponse([]))
    const [first, second] = sampleJobs
    const firstButton = positionButton(first!.title)
    const secondButton = positionButton(second!.title)
    expect(firstButton.getAttribute('aria-expanded')).toBe('false')

    await user.click(firstButton)
    expect(firstButton.getAttribute('aria-expanded')).toBe('true')
    const panel = document.getElementById(firstButton.getAttribute('aria-controls') as string) as HTMLElement
    expect(panel.hidden).toBe(false)
    expect(within(panel).getByText(first!.requirements[0]!)).toBeTruthy()
    expect(within(panel).getByText(first!.benefits[0]!)).toBeTruthy()
    expect(
      within(panel)
        .getByRole('link', { name: /Apply Now/ })
        .getAttribute('href'),
    ).toBe(contactWithSubject(`Application: ${first!.title}`))

    await user.click(secondButton)
    expect(secondButton.getAttribute('aria-expanded')).toBe('true')
    expect(firstButton.getAttribute('aria-expanded')).toBe('false')
    expect(panel.hidden).toBe(true)

    await user.click(secondButton)
    expect(secondButton.getAttribute('aria-expanded')).toBe('false')
  })

  it('replaces the samples with a non-empty GET /api/jobs, normalised', async () => {
    const user = userEvent.setup()
    const fetchMock = renderCareers(async () =>
      jsonResponse([
        {
          id: 'j1',
          title: 'Wind Site Engineer',
          location: 'Kutch',
          employment_type: 'Contract',
          department: 'Engineering',
          description: 'Turbine foundations.',
          requirements: 'Civil engineering degree\nSite safety training',
        },
        { id: 'j2' },
      ]),
    )
    await waitFor(() => expect(positionButton('Wind Site Engineer')).toBeTruthy())
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/jobs')
    expect(positionButton(sampleJobs[0]!.title)).toBeUndefined()
    const untitled = positionButton('Untitled')
    expect(untitled.textContent).toContain('General')
    expect(untitled.textContent).toContain('Remote')
    expect(untitled.textContent).toContain('Full-time')
    await user.click(positionButton('Wind Site Engineer'))
    expect(screen.getByText('Site safety training')).toBeTruthy()
    expect(positionButton('Wind Site Engineer').textContent).toContain('Contract')
  })

  it.each([
    ['an empty array', async () => jsonResponse([])],
    ['a 503', async () => jsonResponse({ error: 'Busy' }, 503)],
    [
      'a network failure',
      async () => {
        throw new TypeError('Failed to fetch')
      },
    ],
  ])('keeps the samples silently after %s', async (_name, reply) => {
    const fetchMock = renderCareers(reply)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    for (const job of sampleJobs) expect(positionButton(job.title)).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows that no position is open, not the samples, once the company has published jobs of its own', async () => {
    // An empty list with the header of a company that has published before (its only job now a draft).
    const fetchMock = renderCareers(
      async () => new Response('[]', { headers: { 'Content-Type': 'application/json', 'x-own-items': '1' } }),
    )
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(screen.getByText(careersPage.noPositions)).toBeTruthy())
    for (const job of sampleJobs) expect(screen.queryByText(job.title)).toBeNull()
  })

  it('applies by the contact page with the job in the subject', () => {
    expect(applyLink('Energy Data Analyst')).toBe('/contact?subject=Application%3A%20Energy%20Data%20Analyst')
  })
})

describe('login page', () => {
  it('requires both fields and, on Sign in, says accounts are not available and sends nothing', async () => {
    const user = userEvent.setup()
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    renderRoute('/login', [{ path: '/login', Component: LoginPage }])
    expect(screen.getByRole('heading', { name: loginPage.title })).toBeTruthy()
    expect(screen.getByText(loginPage.subtitle)).toBeTruthy()
    const email = screen.getByLabelText(loginPage.email) as HTMLInputElement
    const password = screen.getByLabelText(loginPage.password) as HTMLInputElement
    expect(email.required).toBe(true)
    expect(password.required).toBe(true)
    expect(screen.getByRole('link', { name: loginPage.contactLink.label }).getAttribute('href')).toBe(
      '/contact',
    )
    expect(screen.getByRole('status').textContent).toBe('')

    await user.type(email, 'asha@example.com')
    await user.type(password, 'secret')
    await user.click(screen.getByRole('button', { name: loginPage.submit }))
    expect(screen.getByRole('status').textContent).toContain(loginPage.unavailable)
    expect(screen.getByRole('link', { name: loginPage.unavailableAction.label }).getAttribute('href')).toBe(
      loginPage.unavailableAction.to,
    )
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe('legal pages', () => {
  it.each(legalPaths.map((path) => [path]))(
    '%s is an under-development placeholder with buttons home and to the contact section',
    (path) => {
      renderRoute(path, [{ path, Component: LegalPage }])
      expect(screen.getByRole('heading', { level: 1, name: legalTitles[path] })).toBeTruthy()
      expect(screen.getByText(legalPage.underDevelopment)).toBeTruthy()
      expect(screen.getByRole('link', { name: legalPage.home.label }).getAttribute('href')).toBe('/')
      expect(screen.getByRole('link', { name: legalPage.contact.label }).getAttribute('href')).toBe(
        '/#contact',
      )
    },
  )
})
