import type { LeadSummary } from '@core/pipeline'
import type { StaffRole } from '@core/roles'
import { defaultSalesSettings } from '@core/sales-settings'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { leadAge, waitingClockOf } from '~/features/admin/leads/inbox-views'
import * as adminLeadsRoute from '~/routes/admin-leads'
import { jsonResponse, moduleRoute, renderRoute, stubApiRoutes } from './render-route'
import { storeStaffSession } from './staff-session'

/** Friday 27 Nov 2026, 10:30 in India (open: Mon–Sat 9:00–19:00 by default). */
const now = Date.parse('2026-11-27T05:00:00.000Z')
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString()

function lead(id: number, name: string, fields: Partial<LeadSummary> = {}): LeadSummary {
  return {
    id: `0190c0de-0000-7000-8000-${String(id).padStart(12, '0')}`,
    kind: 'quote',
    createdAt: minutesAgo(60),
    name,
    phone: '+91 98765 43210',
    status: 'new',
    version: 1,
    followUpDue: false,
    ...fields,
  }
}

function Probe() {
  const location = useLocation()
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>
}
const routes = [
  moduleRoute('/admin/leads', adminLeadsRoute, (Page) => () => (
    <>
      <Page />
      <Probe />
    </>
  )),
]

function render(path: string, role: StaffRole = 'sales') {
  storeStaffSession('token-1', role, 'asha')
  renderRoute(path, routes)
  return userEvent.setup()
}

const leadsAsked = (fetchMock: ReturnType<typeof stubApiRoutes>) =>
  (fetchMock.mock.calls as unknown as [string][])
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/leads')
    .map((url) => Object.fromEntries(url.searchParams))

const staff = [
  { username: 'asha', role: 'sales', createdAt: '2026-01-01T00:00:00.000Z', mfa: false },
  { username: 'olga', role: 'owner', createdAt: '2026-01-01T00:00:00.000Z', mfa: false },
  { username: 'edith', role: 'editor', createdAt: '2026-01-01T00:00:00.000Z', mfa: false },
]

afterEach(() => {
  vi.useRealTimers()
  delete (globalThis as { __inboxRefreshMs?: number }).__inboxRefreshMs
})

describe('the inbox views', () => {
  it('offers the views of the day as links, marks the one shown, and asks the API for it', async () => {
    const fetchMock = stubApiRoutes({
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () => jsonResponse(staff),
    })
    const user = render('/admin/leads?waiting=1')
    const views = await screen.findByRole('navigation', { name: 'Views' })
    const links = within(views).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['All leads', '/admin/leads'],
      ['My leads', '/admin/leads?assignee=me'],
      ['Unassigned', '/admin/leads?assignee=none'],
      ['Waiting', '/admin/leads?waiting=1'],
      ['Due today', '/admin/leads?due=today'],
      ['Overdue', '/admin/leads?due=overdue'],
    ])
    expect(within(views).getByRole('link', { current: 'page' }).textContent).toBe('Waiting')
    await waitFor(() => expect(leadsAsked(fetchMock)).toEqual([{ waiting: '1' }]))
    // A view chosen above leaves a phone's filters folded (the list stays in sight), counted on the button.
    const more = screen.getByRole('button', { name: 'More filters (1 set)' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    // Sales see no colleague's list.
    expect(within(views).queryByRole('link', { name: 'olga' })).toBeNull()

    await user.click(within(views).getByRole('link', { name: 'My leads' }))
    expect(screen.getByTestId('location').textContent).toBe('/admin/leads?assignee=me')
    await waitFor(() => expect(leadsAsked(fetchMock).at(-1)).toEqual({ assignee: 'me' }))
    expect(within(views).getByRole('link', { current: 'page' }).textContent).toBe('My leads')
    // The filters show the view, and applying them keeps it.
    expect((screen.getByLabelText('Assignee') as HTMLSelectElement).value).toBe('me')
    await user.selectOptions(screen.getByLabelText('Follow-up due'), 'overdue')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    expect(screen.getByTestId('location').textContent).toBe('/admin/leads?assignee=me&due=overdue')
  })

  it("gives an owner each colleague's list (the people who may work leads)", async () => {
    stubApiRoutes({
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () => jsonResponse(staff),
    })
    render('/admin/leads?assignee=olga', 'owner')
    const views = await screen.findByRole('navigation', { name: 'Views' })
    await waitFor(() => expect(within(views).getByRole('link', { name: 'asha' })).toBeTruthy())
    expect(within(views).getByRole('link', { name: 'asha' }).getAttribute('href')).toBe(
      '/admin/leads?assignee=asha',
    )
    expect(within(views).getByRole('link', { name: 'olga' }).getAttribute('aria-current')).toBe('page')
    expect(within(views).queryByRole('link', { name: 'edith' })).toBeNull()
    const assignee = screen.getByRole('combobox', { name: 'Assignee' })
    expect(
      within(assignee)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any', 'Me', 'Nobody (unassigned)', 'asha', 'olga', 'edith'])
  })

  it('shows each row’s age, estimate in lakh format, next step with its time, and a waiting lead’s response clock', async () => {
    vi.useFakeTimers({ now, toFake: ['Date'] })
    stubApiRoutes({
      'GET /api/admin/leads': () =>
        jsonResponse({
          items: [
            lead(1, 'Just In', { createdAt: minutesAgo(3), estimateInr: 205000 }),
            lead(2, 'Reminder Due', { createdAt: minutesAgo(8), assignee: 'asha' }),
            lead(3, 'Gone Late', { createdAt: minutesAgo(20) }),
            lead(4, 'Called Back', {
              createdAt: minutesAgo(3 * 60),
              status: 'contacted',
              firstContactAt: minutesAgo(170),
              followUpOn: '2026-11-27',
              followUpAt: '2026-11-27T11:00:00.000Z',
              followUpDue: true,
            }),
            lead(5, 'Reached Once', { createdAt: minutesAgo(2 * 24 * 60), firstContactAt: minutesAgo(60) }),
          ],
        }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    render('/admin/leads')
    const row = async (name: string) => (await screen.findByText(name)).closest('a') as HTMLElement
    const justIn = await row('Just In')
    expect(within(justIn).getByText('3 min')).toBeTruthy()
    expect(within(justIn).getByText('Arrived 3 min ago')).toBeTruthy()
    expect(justIn.textContent).toContain('₹2,05,000')
    expect(justIn.querySelector('[data-response]')?.textContent).toBe('On time · Reach them within 2 min')
    expect((await row('Reminder Due')).querySelector('[data-response]')?.textContent).toBe(
      'Reminder due · Escalates in 7 min',
    )
    expect((await row('Gone Late')).querySelector('[data-response]')?.textContent).toBe(
      'Late · Past the response time',
    )
    const called = await row('Called Back')
    expect(within(called).getByText('3 h')).toBeTruthy()
    expect(within(called).getByText(/^Follow-up due 27 Nov 2026, 04:30 pm$/i)).toBeTruthy()
    expect(called.querySelector('[data-response]')).toBeNull()
    const reached = await row('Reached Once')
    expect(within(reached).getByText('2 days')).toBeTruthy()
    expect(reached.querySelector('[data-response]')).toBeNull()
  })

  it('refreshes by itself and on focus, updates rows in place, and shows new leads only when asked', async () => {
    ;(globalThis as { __inboxRefreshMs?: number }).__inboxRefreshMs = 40
    let page: { items: LeadSummary[]; total?: number } = { items: [lead(1, 'First Lead')] }
    const fetchMock = stubApiRoutes({
      'GET /api/admin/leads': () => jsonResponse(page),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    const user = render('/admin/leads?assignee=me')
    await screen.findByText('First Lead')
    const asked = leadsAsked(fetchMock).length
    await waitFor(() => expect(leadsAsked(fetchMock).length).toBeGreaterThan(asked))
    expect(leadsAsked(fetchMock).every((query) => query.assignee === 'me' && !('cursor' in query))).toBe(true)
    expect(screen.queryByRole('button', { name: /new lead/ })).toBeNull()

    page = {
      items: [
        lead(3, 'Third Lead'),
        lead(2, 'Second Lead'),
        lead(1, 'First Lead', { status: 'contacted', version: 2 }),
      ],
      total: 3,
    }
    const button = await screen.findByRole('button', { name: '2 new leads' })
    // The row already shown took its new status where it stands; the new ones wait.
    const list = () =>
      within(screen.getByRole('region', { name: 'Leads' }))
        .getAllByRole('link')
        // Each row's own link (its Call and WhatsApp links beside it go elsewhere).
        .filter((link) => link.getAttribute('href')?.startsWith('/admin/leads/'))
        .map((link) => link.querySelector('.font-semibold')?.textContent)
    expect(list()).toEqual(['First Lead'])
    // The count stays with the rows shown until the new ones are.
    expect(screen.queryByText('3 leads')).toBeNull()
    expect(within(screen.getByText('First Lead').closest('a')!).getByText('Contacted')).toBeTruthy()
    await user.click(button)
    expect(list()).toEqual(['Third Lead', 'Second Lead', 'First Lead'])
    expect(screen.getByText('3 leads')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /new lead/ })).toBeNull()

    // With the interval long, a focus reads again at once.
    ;(globalThis as { __inboxRefreshMs?: number }).__inboxRefreshMs = 60 * 60 * 1000
    await user.click(screen.getByRole('link', { name: 'Unassigned' }))
    await screen.findByText('Third Lead')
    const before = leadsAsked(fetchMock).length
    page = { items: [lead(4, 'Fourth Lead'), ...page.items] }
    act(() => {
      window.dispatchEvent(new Event('focus'))
    })
    expect(await screen.findByRole('button', { name: '1 new lead' })).toBeTruthy()
    expect(leadsAsked(fetchMock).length).toBe(before + 1)
    expect(leadsAsked(fetchMock).at(-1)).toEqual({ assignee: 'none' })
  })
})

describe('a row’s age and response clock', () => {
  const waiting = (createdAt: string) => ({ status: 'new' as const, createdAt })

  it('says the age in minutes, hours, then days', () => {
    expect(leadAge(minutesAgo(0.5), now)).toBe('just now')
    expect(leadAge(minutesAgo(12), now)).toBe('12 min')
    expect(leadAge(minutesAgo(3 * 60 + 59), now)).toBe('3 h')
    expect(leadAge(minutesAgo(24 * 60), now)).toBe('1 day')
    expect(leadAge(minutesAgo(2 * 24 * 60 + 5), now)).toBe('2 days')
  })

  it('counts a lead that arrived after hours from the next opening, in business minutes', () => {
    // Thursday 26 Nov, 21:00 in India; at Friday 9:02 the reminder (9:05) is 3 business minutes away.
    const lastNight = '2026-11-26T15:30:00.000Z'
    expect(waitingClockOf(waiting(lastNight), Date.parse('2026-11-27T03:32:00.000Z'))).toEqual({
      state: 'on-time',
      minutesLeft: 3,
    })
    expect(waitingClockOf(waiting(lastNight), Date.parse('2026-11-27T03:41:00.000Z'))).toEqual({
      state: 'due',
      minutesLeft: 4,
    })
    expect(waitingClockOf(waiting(lastNight), Date.parse('2026-11-27T03:45:00.000Z'))).toEqual({
      state: 'late',
      minutesLeft: 0,
    })
  })

  it('takes the owners’ calendar and steps when it has them, and says nothing of a lead already reached', () => {
    // Today a holiday: the clock of a lead that came in an hour ago starts at Saturday's opening.
    const holiday = { ...defaultSalesSettings.calendar, holidays: ['2026-11-27'] }
    expect(waitingClockOf(waiting(minutesAgo(60)), now, holiday)).toEqual({
      state: 'on-time',
      minutesLeft: 5,
    })
    expect(waitingClockOf(waiting(minutesAgo(60)), now)?.state).toBe('late')
    const longer = waitingClockOf(waiting(minutesAgo(20)), now, undefined, {
      reminderMinutes: 30,
      escalationMinutes: 60,
    })
    expect(longer).toEqual({ state: 'on-time', minutesLeft: 10 })
    expect(
      waitingClockOf({ ...waiting(minutesAgo(20)), firstContactAt: minutesAgo(10) }, now),
    ).toBeUndefined()
    expect(waitingClockOf({ status: 'contacted', createdAt: minutesAgo(20) }, now)).toBeUndefined()
  })
})
