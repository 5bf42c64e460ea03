import type { ResponseFiguresReply, ResponseSummaryReply } from '@core/response-figures'
import type { StaffRole } from '@core/roles'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatMinutes } from '~/features/admin/reports/response-copy'
import * as adminReportsRoute from '~/routes/admin-reports'
import { jsonResponse, moduleRoute, renderRoute, stubApiRoutes } from './render-route'
import { storeStaffSession } from './staff-session'

const summary = (change: Partial<ResponseSummaryReply> = {}): ResponseSummaryReply => ({
  leads: 0,
  answered: 0,
  medianMinutes: null,
  p90Minutes: null,
  within5Share: 0,
  within15Share: 0,
  untouched: 0,
  ...change,
})

const figures: ResponseFiguresReply = {
  weeks: 2,
  asOf: '2026-11-27T12:30:00.000Z',
  overall: summary({
    leads: 5,
    answered: 4,
    medianMinutes: 10,
    p90Minutes: 95,
    within5Share: 0.2,
    within15Share: 0.6,
    untouched: 1,
  }),
  byPerson: [
    {
      username: 'asha',
      ...summary({ leads: 3, answered: 2, medianMinutes: 10, p90Minutes: 12, untouched: 1 }),
    },
    { username: 'sunil', ...summary({ leads: 2, answered: 2, medianMinutes: 3, p90Minutes: 95 }) },
  ],
  byWeek: [
    { weekStart: '2026-11-16', ...summary({ leads: 5, answered: 4, medianMinutes: 10, p90Minutes: 95 }) },
    { weekStart: '2026-11-23', ...summary() },
  ],
  conversion: [
    { band: 'within-5', leads: 1, visits: 1, won: 0 },
    { band: 'within-15', leads: 2, visits: 0, won: 0 },
    { band: 'within-60', leads: 0, visits: 0, won: 0 },
    { band: 'later', leads: 1, visits: 1, won: 1 },
    { band: 'never', leads: 1, visits: 0, won: 0 },
  ],
  waitingOver24h: 2,
}

function renderReport(role: StaffRole, reply: () => Response = () => jsonResponse(figures)) {
  const fetchMock = stubApiRoutes({ 'GET /api/admin/response-figures': reply })
  storeStaffSession('token-1', role)
  renderRoute('/admin/reports', [moduleRoute('/admin/reports', adminReportsRoute)])
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('formatMinutes', () => {
  it('reads minutes, hours and minutes, whole hours, and none', () => {
    expect(formatMinutes(4)).toBe('4 min')
    expect(formatMinutes(80)).toBe('1 h 20 min')
    expect(formatMinutes(120)).toBe('2 h')
    expect(formatMinutes(null)).toBe('–')
  })
})

describe('the response-time report', () => {
  it('shows the headline figures, each week, each person with the team, and conversion by band', async () => {
    renderReport('owner')
    const tiles = await screen.findByTestId('response-tiles')
    expect(within(tiles).getByText('Median to first contact').nextElementSibling?.textContent).toBe('10 min')
    expect(within(tiles).getByText('90% answered within').nextElementSibling?.textContent).toBe('1 h 35 min')
    expect(within(tiles).getByText('Answered within 5 min').nextElementSibling?.textContent).toBe('20%')
    expect(within(tiles).getByText('Waiting now, over 24 h').nextElementSibling?.textContent).toBe('2')

    const weekly = screen.getByRole('table', { name: 'Per week' })
    const weekRows = within(weekly).getAllByRole('row').slice(1)
    // Newest week first; a week without leads reads "–".
    expect(weekRows.map((row) => row.textContent)).toEqual(['23 Nov00––––0', '16 Nov5410 min1 h 35 min0%0%0'])
    const people = screen.getByRole('table', { name: 'Per person' })
    expect(
      within(people)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['asha', 'sunil', 'Team'])
    expect(screen.getByText('Each lead counts for the person who had it at its first contact.')).toBeTruthy()
    const conversion = screen.getByRole('table', { name: 'Conversion by response time' })
    expect(
      within(conversion)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'Within 5 minutes11 (100%)0 (0%)',
      '5 to 15 minutes20 (0%)0 (0%)',
      '15 to 60 minutes000',
      'After an hour11 (100%)1 (100%)',
      'Not contacted10 (0%)0 (0%)',
    ])
  })

  it("tells a salesperson the line is their own and the totals the team's", async () => {
    renderReport('sales', () => jsonResponse({ ...figures, byPerson: [figures.byPerson[1]] }))
    expect(await screen.findByText('Your own line; the totals are the team’s.')).toBeTruthy()
  })

  it('says so when the figures cannot be loaded', async () => {
    renderReport('owner', () => jsonResponse({ error: 'Something went wrong.' }, 500))
    expect(await screen.findByText('The response-time figures could not be loaded.')).toBeTruthy()
  })

  it('tells a viewer the page is not for the role, and asks nothing', async () => {
    const fetchMock = renderReport('viewer')
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('response-figures'))).toHaveLength(0)
  })
})
