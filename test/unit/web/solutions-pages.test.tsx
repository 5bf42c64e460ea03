import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { initialReading, nextReading } from '~/components/solutions/live-dashboard'
import { buttonActions, contactWithSubject } from '~/content/actions'
import { company } from '~/content/company'
import { sitePage } from '~/content/pages'
import { sectorsPage, solutionPages } from '~/content/solutions'
import ContactPage from '~/routes/contact'
import DigitalSolutionsPage from '~/routes/digital-solutions'
import SectorsPage from '~/routes/sectors'
import SolutionPage, { meta as solutionMeta } from '~/routes/solution'
import { renderRoute } from './render-route'

afterEach(() => {
  vi.useRealTimers()
})

describe('digital solutions platform tabs', () => {
  it('selects the first platform, then switches panel content on click and with the arrow keys', async () => {
    const user = userEvent.setup()
    renderRoute('/digital-solutions', [{ path: '/digital-solutions', Component: DigitalSolutionsPage }])
    const tabs = await screen.findAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Energy Management System',
      'Mobile Asset Tracker',
      'Cloud Analytics Platform',
    ])
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true')
    const panel = screen.getByRole('tabpanel')
    expect(within(panel).getByRole('heading', { name: 'Energy Management System' })).toBeTruthy()

    await user.click(tabs[2] as HTMLElement)
    expect(screen.getAllByRole('tab')[2]?.getAttribute('aria-selected')).toBe('true')
    expect(
      within(screen.getByRole('tabpanel')).getByText('Cloud Analytics Platform', { selector: 'h3' }),
    ).toBeTruthy()
    expect(within(screen.getByRole('tabpanel')).queryByText('Real-time monitoring')).toBeNull()

    await user.keyboard('{ArrowRight}')
    expect(screen.getAllByRole('tab')[0]?.getAttribute('aria-selected')).toBe('true')
  })

  it('moves the live dashboard numbers over time', () => {
    vi.useFakeTimers()
    renderRoute('/digital-solutions', [{ path: '/digital-solutions', Component: DigitalSolutionsPage }])
    const energy = () => document.querySelector('[data-metric="Energy today"]')?.textContent
    const before = energy()
    expect(before).toBe(`${initialReading.energy.toLocaleString('en-IN')} kWh`)
    act(() => {
      vi.advanceTimersByTime(4100)
    })
    expect(energy()).not.toBe(before)
  })
})

describe('nextReading', () => {
  it('keeps power within 780-900 kW and only ever adds energy', () => {
    let reading = initialReading
    for (const random of [0, 1, 0, 1, 0.5, 0.99, 0.01]) {
      const next = nextReading(reading, () => random)
      expect(next.power).toBeGreaterThanOrEqual(780)
      expect(next.power).toBeLessThanOrEqual(900)
      expect(next.energy).toBeGreaterThan(reading.energy)
      expect(next.co2).toBeGreaterThanOrEqual(reading.co2)
      reading = next
    }
  })
})

describe('sector cards', () => {
  it('highlights only the hovered card’s case study, and follows keyboard focus', async () => {
    renderRoute('/sectors', [{ path: '/sectors', Component: SectorsPage }])
    const cards = (await screen.findAllByRole('heading', { level: 3 }))
      .filter((heading) => sectorsPage.sectors.some((sector) => sector.title === heading.textContent))
      .map((heading) => heading.closest('li') as HTMLElement)
    expect(cards).toHaveLength(6)
    const highlighted = () => cards.filter((card) => card.hasAttribute('data-highlighted'))

    expect(highlighted()).toHaveLength(0)
    fireEvent.mouseOver(cards[1] as HTMLElement)
    expect(highlighted()).toEqual([cards[1]])
    expect(within(cards[1] as HTMLElement).getByTestId('case-study').className).toContain('bg-amber-100')
    fireEvent.mouseOut(cards[1] as HTMLElement, { relatedTarget: document.body })
    expect(highlighted()).toHaveLength(0)

    act(() =>
      within(cards[3] as HTMLElement)
        .getByRole('link')
        .focus(),
    )
    expect(highlighted()).toEqual([cards[3]])
    act(() =>
      within(cards[4] as HTMLElement)
        .getByRole('link')
        .focus(),
    )
    expect(highlighted()).toEqual([cards[4]])
    act(() => (document.activeElement as HTMLElement).blur())
    expect(highlighted()).toHaveLength(0)
  })
})

describe('contact subject from the query', () => {
  it('prefills the Subject field from ?subject=', async () => {
    renderRoute(contactWithSubject('Advisory session'), [{ path: '/contact', Component: ContactPage }])
    expect(((await screen.findByLabelText(/Subject/)) as HTMLInputElement).value).toBe('Advisory session')
  })

  it('leaves the Subject empty without the parameter', async () => {
    renderRoute('/contact', [{ path: '/contact', Component: ContactPage }])
    expect(((await screen.findByLabelText(/Subject/)) as HTMLInputElement).value).toBe('')
  })

  it('maps the consultation buttons to a prefilled contact link', () => {
    expect(buttonActions['Schedule Advisory Session']).toBe('/contact?subject=Advisory%20session')
  })
})

describe('solution pages', () => {
  it.each(solutionPages.map((page) => [page.path, page.title]))(
    'the one solution module shows the content of %s at that path, with its meta',
    async (path, title) => {
      renderRoute(path, [{ path, Component: SolutionPage }])
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
      const tags = solutionMeta({ location: { pathname: `${path}/` } } as Parameters<typeof solutionMeta>[0])
      expect(tags).toContainEqual({ title: `${sitePage(path).title} | ${company.name}` })
    },
  )
})
