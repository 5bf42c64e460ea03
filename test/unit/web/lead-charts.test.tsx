import type { LeadStats } from '@core/pipeline'
import { render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LeadCharts } from '~/features/admin/charts/lead-charts'
import { jsonResponse } from './render-route'

// happy-dom has no canvas: Chart.js is replaced by a recorder of the charts it was asked to draw.
const drawn = vi.hoisted(
  () => [] as { type: string; labels: string[]; datasets: { label: string; data: number[] }[] }[],
)
vi.mock('chart.js', () => {
  class Chart {
    static register() {}
    constructor(
      _canvas: HTMLCanvasElement,
      config: { type: string; data: { labels: string[]; datasets: never[] } },
    ) {
      drawn.push({ type: config.type, labels: config.data.labels, datasets: config.data.datasets })
    }
    destroy() {}
  }
  return Object.fromEntries(
    [
      'ArcElement',
      'BarController',
      'BarElement',
      'CategoryScale',
      'DoughnutController',
      'Legend',
      'LinearScale',
      'Tooltip',
    ]
      .map((name) => [name, {}])
      .concat([['Chart', Chart]]),
  )
})

const stats: LeadStats = {
  weeks: Array.from({ length: 12 }, (_, index) => ({
    start: new Date(Date.UTC(2026, 8, 7 + index * 7)).toISOString().slice(0, 10),
    quote: index,
    contact: index === 11 ? 2 : 0,
  })),
  pipeline: [
    { status: 'new', count: 4, valueInr: 410000 },
    { status: 'contacted', count: 2, valueInr: 205000 },
    { status: 'site-visit', count: 0, valueInr: 0 },
    { status: 'proposal', count: 1, valueInr: 327000 },
    { status: 'won', count: 3, valueInr: 900000 },
    { status: 'lost', count: 1, valueInr: 144000 },
  ],
  month: { month: '2026-11', won: 3, lost: 1, winRate: 0.75 },
  segments: [
    { segment: 'residential', count: 5 },
    { segment: 'housing', count: 2 },
    { segment: 'commercial', count: 1 },
  ],
  followUpsDue: 2,
}

afterEach(() => {
  vi.unstubAllGlobals()
  drawn.length = 0
})

describe('the dashboard charts', () => {
  it('draws four charts and gives each the same figures as a table, with the follow-ups due', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL) => jsonResponse(stats))
    vi.stubGlobal('fetch', fetchMock)
    render(<LeadCharts token="t" onSessionExpired={() => undefined} />)
    expect(await screen.findByText('2 follow-ups due today or earlier.')).toBeTruthy()
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
    render(<LeadCharts token="t" onSessionExpired={() => undefined} />)
    expect(await screen.findByText('The figures could not be loaded.')).toBeTruthy()

    const expired = vi.fn()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'Sign in' }, 401)),
    )
    render(<LeadCharts token="t" onSessionExpired={expired} />)
    await waitFor(() => expect(expired).toHaveBeenCalled())
  })
})
