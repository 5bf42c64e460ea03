import type { PrivacyCase } from '@core/privacy-requests'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as adminPrivacyCaseRoute from '~/routes/admin-privacy-case'
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
    expect(within(table).getByRole('link', { name: 'PR-261124-100000-BBBB' }).getAttribute('href')).toBe(
      '/admin/privacy/requests/PR-261124-100000-BBBB',
    )
  })

  it('opens a case by hand for a request by phone, then shows its page', async () => {
    const opened = {
      ...openCase('PR-261127-060000-DDDD', 'erasure', now.toISOString()),
      identity: 'call-back',
    }
    const fetchMock = stubApiRoutes({
      'GET /api/admin/privacy/cases': () => jsonResponse({ items: [] }),
      'POST /api/admin/privacy/cases': () => jsonResponse(opened, 201),
      'GET /api/admin/privacy/cases/PR-261127-060000-DDDD': () => jsonResponse({ case: opened }),
    })
    storeStaffSession('token-1', 'owner')
    renderRoute('/admin/privacy/requests', [
      moduleRoute('/admin/privacy/requests', adminPrivacyRequestsRoute),
      moduleRoute('/admin/privacy/requests/:id', adminPrivacyCaseRoute),
    ])
    const user = userEvent.setup()
    const form = await screen.findByRole('form', { name: 'Open a case by hand' })
    await user.selectOptions(within(form).getByLabelText('What the person asks'), 'erasure')
    await user.type(within(form).getByLabelText('Name'), 'Ramesh Kumar')
    await user.type(within(form).getByLabelText('Phone'), '98765 43210')
    await user.click(within(form).getByRole('button', { name: 'Open the case' }))
    expect(await screen.findByText('Request PR-261127-060000-DDDD')).toBeTruthy()
    const posted = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual({
      kind: 'erasure',
      name: 'Ramesh Kumar',
      phone: '98765 43210',
    })
  })

  it("shows the server's message beside the field it refuses, and stays on the list", async () => {
    stubApiRoutes({
      'GET /api/admin/privacy/cases': () => jsonResponse({ items: [] }),
      'POST /api/admin/privacy/cases': () =>
        jsonResponse(
          {
            error: 'Check the highlighted fields.',
            fields: { phone: 'Give the phone number or the e-mail address the person used' },
          },
          400,
        ),
    })
    renderList()
    const user = userEvent.setup()
    const form = await screen.findByRole('form', { name: 'Open a case by hand' })
    await user.selectOptions(within(form).getByLabelText('What the person asks'), 'summary')
    await user.type(within(form).getByLabelText('Name'), 'Ramesh Kumar')
    await user.click(within(form).getByRole('button', { name: 'Open the case' }))
    expect(
      await within(form).findByText('Give the phone number or the e-mail address the person used'),
    ).toBeTruthy()
    expect(within(form).getByRole('alert').textContent).toBe('Check the highlighted fields.')
  })

  it('says so when the list cannot be loaded', async () => {
    stubApiRoutes({ 'GET /api/admin/privacy/cases': () => jsonResponse({ error: 'Boom' }, 500) })
    renderList()
    expect(
      await screen.findByText('The rights requests could not be loaded. Please try again.'),
    ).toBeDefined()
  })
})
