import { render as renderElement, screen, waitFor, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LeadCharts } from '~/features/admin/dashboard/lead-charts'
import { drawn } from './chart-js-stub'
import { leadStats as stats } from './lead-stats-fixture'
import { jsonResponse } from './render-route'
import { storedSessionId, storeStaffSession } from './staff-session'

// happy-dom has no canvas: Chart.js is replaced by a recorder of the charts it was asked to draw.
vi.mock('chart.js', () => import('./chart-js-stub'))

/** The charts link to the inbox's views: they are drawn inside the workspace's router. */
const render = (element: ReactElement) => renderElement(<MemoryRouter>{element}</MemoryRouter>)

afterEach(() => {
  vi.unstubAllGlobals()
  drawn.length = 0
})

describe('the dashboard charts', () => {
  it('shows the speed-to-lead tile first, with its four figures and a link to the report', async () => {
    const figures = {
      weeks: 12,
      asOf: '2026-11-27T10:00:00.000Z',
      overall: {
        leads: 4,
        answered: 4,
        medianMinutes: 7,
        p90Minutes: 80,
        within5Share: 0.25,
        within15Share: 0.5,
        untouched: 0,
      },
      byPerson: [],
      byWeek: [],
      conversion: [],
      waitingOver24h: 1,
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) =>
        jsonResponse(String(url).includes('response-figures') ? figures : stats),
      ),
    )
    storeStaffSession('t')
    render(<LeadCharts responseTile />)
    const tile = await screen.findByRole('region', { name: 'Speed to lead' })
    expect(await within(tile).findByText('7 min')).toBeTruthy()
    expect(
      within(tile)
        .getAllByRole('definition')
        .map((figure) => figure.textContent),
    ).toEqual(['7 min', '1 h 20 min', '25%', '1'])
    expect(within(tile).getByRole('link', { name: 'Response-time report' }).getAttribute('href')).toBe(
      '/admin/reports',
    )
  })

  it('shows no speed-to-lead tile to a role that may not read its figures', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL) => jsonResponse(stats))
    vi.stubGlobal('fetch', fetchMock)
    storeStaffSession('t')
    render(<LeadCharts />)
    expect(await screen.findByText('2 follow-ups due today or earlier.')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Speed to lead' })).toBeNull()
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('response-figures'))).toHaveLength(0)
  })

  it('draws four charts and gives each the same figures as a table, with the follow-ups due', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL) => jsonResponse(stats))
    vi.stubGlobal('fetch', fetchMock)
    storeStaffSession('t')
    render(<LeadCharts />)
    expect(await screen.findByText('2 follow-ups due today or earlier.')).toBeTruthy()
    expect(screen.getByText('Follow-ups due').parentElement?.textContent).toBe('Follow-ups due2')
    // What the retention sweep erases soon, and what is past its date.
    expect(screen.getByTestId('retention-due').textContent).toBe(
      '4 leads due for erasure in the next 30 days, 1 past its date (retention settings).',
    )
    // The tile's figure opens the follow-ups due today; the two follow-up views are one click away.
    expect(screen.getByRole('link', { name: '2' }).getAttribute('href')).toBe('/admin/leads?due=today')
    expect(screen.getByRole('link', { name: 'Due today' }).getAttribute('href')).toBe(
      '/admin/leads?due=today',
    )
    expect(screen.getByRole('link', { name: 'Overdue' }).getAttribute('href')).toBe(
      '/admin/leads?due=overdue',
    )
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/admin/lead-stats')
    await waitFor(() => expect(drawn).toHaveLength(4))
    expect(drawn.map((chart) => chart.type)).toEqual(['bar', 'bar', 'doughnut', 'doughnut'])
    const pipelineChart = drawn.find((chart) => chart.labels.includes('Site visit'))
    expect(pipelineChart?.datasets.map((dataset) => [dataset.label, dataset.data])).toEqual([
      ['Leads', [4, 2, 0, 1, 3, 1]],
      ['Estimated value', [410000, 205000, 0, 327000, 900000, 144000]],
    ])

    const pipeline = screen.getByRole('table', { name: 'Pipeline' })
    const proposal = within(pipeline).getByRole('row', { name: /Proposal/ })
    expect(proposal.textContent).toContain('₹3,27,000')
    expect(screen.getByText('7 open leads worth ₹9,42,000 (estimates).')).toBeTruthy()
    expect(screen.getByText('Win rate 75 % (3 won ÷ 4 closed).')).toBeTruthy()
    const weekly = screen.getByRole('table', { name: 'Leads per week (last 12 weeks)' })
    expect(within(weekly).getAllByRole('row')).toHaveLength(13)
    expect(screen.getByText('13 leads this week.')).toBeTruthy()
  })

  it('says so when the figures cannot be loaded, and signs out on 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'boom' }, 500)),
    )
    storeStaffSession('t')
    render(<LeadCharts />)
    expect(await screen.findByText('The figures could not be loaded.')).toBeTruthy()

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'Sign in' }, 401)),
    )
    render(<LeadCharts />)
    await waitFor(() => expect(storedSessionId()).toBeNull())
  })
})
