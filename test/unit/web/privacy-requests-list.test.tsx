import type { PrivacyCase } from '@core/privacy-requests'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as adminPrivacyRequestsRoute from '~/routes/admin-privacy-requests'
import { jsonResponse, moduleRoute, renderRoute, stubApiRoutes } from './render-route'
import { storeStaffSession } from './staff-session'

const now = new Date('2026-11-27T06:00:00Z')

const openCase = (id: string, kind: PrivacyCase['kind'], receivedAt: string): PrivacyCase => ({
  id,
  kind,
  receivedAt,
  identity: 'one-time-code',
  status: 'open',
  email: 'person@example.in',
  version: 1,
})

// As the API lists them: the open ones by due date, then the closed ones.
const cases: PrivacyCase[] = [
  openCase('PR-260820-043000-AAAA', 'summary', '2026-08-20T04:30:00.000Z'),
  openCase('PR-261124-100000-BBBB', 'erasure', '2026-11-24T10:00:00.000Z'),
  {
    ...openCase('PR-261102-050000-CCCC', 'nominate', '2026-11-02T05:00:00.000Z'),
    status: 'closed',
    decision: 'granted',
    closedAt: '2026-11-05T09:00:00.000Z',
  },
]

function renderList() {
  storeStaffSession('token-1', 'owner')
  renderRoute('/admin/privacy/requests', [moduleRoute('/admin/privacy/requests', adminPrivacyRequestsRoute)])
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the rights requests list', () => {
  it('shows each case with its kind, received and due dates and the days left, an overdue one in red', async () => {
    vi.useFakeTimers({ now, toFake: ['Date'] })
    stubApiRoutes({ 'GET /api/admin/privacy/cases': () => jsonResponse({ items: cases }) })
    renderList()
    const table = await screen.findByRole('table', { name: 'Rights requests' })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['PR-260820-043000-AAAA', 'A summary of my data', '20 Aug 2026', '18 Nov 2026', 'Overdue by 10 days'],
      ['PR-261124-100000-BBBB', 'Erase my data', '24 Nov 2026', '22 Feb 2027', '87 days'],
      [
        'PR-261102-050000-CCCC',
        'Nominate someone to act for me',
        '2 Nov 2026',
        '31 Jan 2027',
        'Answered 5 Nov 2026',
      ],
    ])
    expect(within(table).getByText('Overdue by 10 days').className).toContain('text-red-700')
    expect(within(table).getByText('87 days').className).not.toContain('text-red-700')
  })

  it('says so when the list cannot be loaded', async () => {
    stubApiRoutes({ 'GET /api/admin/privacy/cases': () => jsonResponse({ error: 'Boom' }, 500) })
    renderList()
    expect(
      await screen.findByText('The rights requests could not be loaded. Please try again.'),
    ).toBeDefined()
  })
})
