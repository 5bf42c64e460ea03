import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentType } from 'react'
import type { MetaDescriptor } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { initialReading, nextReading } from '~/components/solutions/live-dashboard'
import { buttonActions, contactWithSubject } from '~/content/actions'
import { company } from '~/content/company'
import { sitePage, sitePages } from '~/content/pages'
import type { InfoPage } from '~/content/solutions'
import { b2bPage } from '~/content/solutions/b2b'
import { b2cPage } from '~/content/solutions/b2c'
import { b2gPage } from '~/content/solutions/b2g'
import { evStationsPage } from '~/content/solutions/ev-stations'
import { sectorsPage } from '~/content/solutions/sectors'
import { solarPage } from '~/content/solutions/solar'
import { storagePage } from '~/content/solutions/storage'
import { windPage } from '~/content/solutions/wind'
import ContactPage from '~/routes/contact'
import DigitalSolutionsPage from '~/routes/digital-solutions'
import SectorsPage from '~/routes/sectors'
import * as b2bRoute from '~/routes/solution-b2b'
import * as b2cRoute from '~/routes/solution-b2c'
import * as b2gRoute from '~/routes/solution-b2g'
import * as evStationsRoute from '~/routes/solution-ev-stations'
import * as solarRoute from '~/routes/solution-solar'
import * as storageRoute from '~/routes/solution-storage'
import * as windRoute from '~/routes/solution-wind'
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

  it('grows the dashboard bars by scaling them from the bottom (composited), never by their height', () => {
    vi.useFakeTimers()
    // Nor does the hero start ICU as it hydrates: its kW and kWh are grouped without Intl.
    const toLocale = vi.spyOn(Number.prototype, 'toLocaleString')
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    renderRoute('/digital-solutions', [{ path: '/digital-solutions', Component: DigitalSolutionsPage }])
    const bars = () => [
      ...document.querySelectorAll<HTMLElement>('[data-testid="live-dashboard"] [aria-hidden="true"] > span'),
    ]
    const live = `${Math.round((initialReading.power / 900) * 100)}%`
    expect(bars().map((bar) => bar.style.scale)).toEqual(
      ['55%', '70%', '62%', '85%', '78%', '92%', live].map((height) => `1 ${height}`),
    )
    expect(bars().every((bar) => bar.style.height === '' && bar.classList.contains('origin-bottom'))).toBe(
      true,
    )
    expect(toLocale).not.toHaveBeenCalled()
    expect(numberFormat).not.toHaveBeenCalled()
    toLocale.mockRestore()
    numberFormat.mockRestore()
    // The live bar follows the power reading.
    act(() => {
      vi.advanceTimersByTime(4100)
    })
    const power = Number(
      document.querySelector('[data-metric="Live power"]')?.textContent?.replace(/\D/g, ''),
    )
    expect(bars().at(-1)?.style.scale).toBe(`1 ${Math.round((power / 900) * 100)}%`)
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
    // Not one of the list's subjects: Other, with the link's words typed in as the person's own.
    expect(((await screen.findByLabelText('Subject')) as HTMLSelectElement).value).toBe('other')
    expect((screen.getByLabelText('Your subject') as HTMLInputElement).value).toBe('Advisory session')
  })

  it('leaves the Subject empty without the parameter', async () => {
    renderRoute('/contact', [{ path: '/contact', Component: ContactPage }])
    expect(((await screen.findByLabelText('Subject')) as HTMLSelectElement).value).toBe('')
  })

  it('maps the consultation buttons to a prefilled contact link', () => {
    expect(buttonActions['Schedule Advisory Session']).toBe('/contact?subject=Advisory%20session')
  })
})

describe('solution pages', () => {
  interface SolutionRoute {
    readonly default: ComponentType
    readonly meta: (args: never) => MetaDescriptor[] | undefined
  }
  const solutionRoutes: readonly (readonly [SolutionRoute, InfoPage])[] = [
    [solarRoute, solarPage],
    [windRoute, windPage],
    [storageRoute, storagePage],
    [evStationsRoute, evStationsPage],
    [b2bRoute, b2bPage],
    [b2cRoute, b2cPage],
    [b2gRoute, b2gPage],
  ]

  it('covers every solution page of the page list', () => {
    expect(solutionRoutes.map(([, page]) => page.path).sort()).toEqual(
      sitePages
        .map((page) => page.path)
        .filter((path) => path.startsWith('/solutions/'))
        .sort(),
    )
  })

  it.each(solutionRoutes.map(([route, page]) => [page.path, route, page] as const))(
    'the module of %s shows its own content, with its meta',
    async (path, route, page) => {
      renderRoute(path, [{ path, Component: route.default }])
      expect(await screen.findByRole('heading', { level: 1, name: page.title })).toBeTruthy()
      const tags = route.meta({ location: { pathname: path } } as never)
      expect(tags).toContainEqual({ title: `${sitePage(path).title} | ${company.name}` })
    },
  )
})
