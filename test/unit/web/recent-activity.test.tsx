import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RecentActivity } from '~/features/admin/dashboard/recent-activity'
import { deferred, jsonResponse } from './render-route'
import { sessionOfCall, storedSessionId, storeStaffSession } from './staff-session'

const entries = [
  {
    at: '2026-11-23T10:00:00.000Z',
    actor: 'asha',
    action: 'export',
    target: 'quotes.csv',
    network: '203.0.113.7',
  },
  { at: '2026-11-23T09:30:00.000Z', actor: 'mallory', action: 'login-failed', network: '198.51.100.4' },
  {
    at: '2026-11-23T09:00:00.000Z',
    actor: 'cli:ops',
    action: 'user-change',
    target: 'ravi',
    detail: 'password-reset',
  },
]

function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer())
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('RecentActivity', () => {
  it('shows loading, then the latest entries newest first: when, who, what and target', async () => {
    const reply = deferred<Response>()
    const fetchMock = stubFetch(() => reply.promise)
    storeStaffSession('token-1')
    render(<RecentActivity />)
    expect(screen.getByRole('heading', { name: 'Recent activity' })).toBeTruthy()
    expect(screen.getByText('Loading…')).toBeTruthy()

    reply.resolve(jsonResponse({ items: entries }))
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Who', 'What', 'Target'])
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    expect(cells(rows[0]!)).toEqual(['23 Nov 2026, 03:30 pm', 'asha203.0.113.7', 'Exported', 'quotes.csv'])
    expect(cells(rows[1]!)).toEqual(['23 Nov 2026, 03:00 pm', 'mallory198.51.100.4', 'Sign-in failed', ''])
    expect(cells(rows[2]!)).toEqual([
      '23 Nov 2026, 02:30 pm',
      'cli:ops',
      'Changed admin userpassword-reset',
      'ravi',
    ])
    expect(rows[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-23T10:00:00.000Z')

    const [url, init] = fetchMock.mock.calls[0]!
    expect(String(url)).toBe('/api/admin/activity')
    expect(sessionOfCall(init)).toBe('token-1')
  })

  it('says when nothing is recorded yet', async () => {
    stubFetch(() => jsonResponse({ items: [] }))
    storeStaffSession('token-1')
    render(<RecentActivity />)
    expect(await screen.findByText('No activity recorded yet.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says the activity could not be loaded (not that there is none), and tries again on request', async () => {
    let answer = () => jsonResponse({ error: 'Something went wrong on our side.' }, 500)
    const fetchMock = stubFetch(() => answer())
    storeStaffSession('token-1')
    render(<RecentActivity />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The activity could not be loaded.')
    expect(screen.queryByText('No activity recorded yet.')).toBeNull()

    answer = () => jsonResponse({ items: entries.slice(0, 1) })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table')).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('shows the failure when the network is down too', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    storeStaffSession('token-1')
    render(<RecentActivity />)
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded')
  })

  it('ends the session on a 401', async () => {
    stubFetch(() => jsonResponse({ error: 'Sign in to continue.' }, 401))
    storeStaffSession('expired')
    render(<RecentActivity />)
    await vi.waitFor(() => expect(storedSessionId()).toBeNull())
  })

  it('leaves out entries of an unknown shape or action', async () => {
    stubFetch(() =>
      jsonResponse({ items: [entries[0], { at: 'x', actor: 'eve', action: 'drop-table' }, 'junk', null] }),
    )
    storeStaffSession('token-1')
    render(<RecentActivity />)
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    expect(table.textContent).not.toContain('eve')
  })

  it('reads older entries with the cursor on Show more, after the ones shown', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ items: entries.slice(2) }))
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse({ items: entries.slice(0, 2), nextCursor: 'older' }),
    )
    storeStaffSession('token-1')
    render(<RecentActivity />)
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more' }))
    await vi.waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4))
    expect(within(table).getAllByRole('row').at(-1)?.textContent).toContain('cli:ops')
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/admin/activity?cursor=older')
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
  })
})
