import type { StaffRole } from '@core/roles'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { UsersPage } from '~/features/admin/users/users-page'
import * as adminUsersRoute from '~/routes/admin-users'
import { jsonResponse, moduleRoute, renderRoute, stubApiRoutes } from './render-route'
import { sessionOfCall, storedSessionId, storeStaffSession } from './staff-session'

const users = [
  { username: 'asha', role: 'owner', createdAt: '2026-10-01T09:00:00.000Z', mfa: true },
  { username: 'ravi', role: 'sales', createdAt: '2026-11-02T09:00:00.000Z', mfa: false },
  { username: 'meena', role: 'editor', createdAt: '2026-11-03T09:00:00.000Z', mfa: false },
]

function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer())
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The Users page, at its route, signed in with `token` as `role`. */
function renderUsersPage(role: StaffRole = 'owner', token = 'token-1') {
  storeStaffSession(token, role)
  renderRoute('/admin/users', [moduleRoute('/admin/users', adminUsersRoute)])
}

/** The calls of the Users page to `path` (the frame reads whether the owner is away too). */
const callsTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('UsersPage', () => {
  it('lists each user with role, MFA and creation date for an owner, with the bearer token', async () => {
    const fetchMock = stubFetch(() => jsonResponse(users))
    renderUsersPage()
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['asha', 'Owner', 'On', '1 Oct 2026', 'Unlock'],
      ['ravi', 'Sales', 'Off', '2 Nov 2026', 'Unlock'],
      ['meena', 'Editor', 'Off', '3 Nov 2026', 'Unlock'],
    ])
    const [url, init] = fetchMock.mock.calls[0]!
    expect(String(url)).toBe('/api/admin/users')
    expect(sessionOfCall(init)).toBe('token-1')
    expect(screen.getByText(/create-user <username> --role <owner\|sales\|editor\|viewer>/)).toBeTruthy()
    expect(screen.getByText(/set-role <username> <owner\|sales\|editor\|viewer>/)).toBeTruthy()
  })

  it("shows each person's territories and specialities from the sales settings, their only home", async () => {
    const fetchMock = stubApiRoutes({
      'GET /api/admin/users': () => jsonResponse(users),
      'GET /api/admin/settings': () =>
        jsonResponse({
          settings: {
            territories: [
              { prefix: '500', username: 'ravi' },
              { prefix: '5601', username: 'asha' },
              { prefix: '411', username: 'ravi' },
            ],
            specialists: { commercial: ['ravi'], housing: ['asha', 'ravi'] },
            away: {},
            calendar: { hours: [null, null, null, null, null, null, null], holidays: [] },
          },
          people: [],
          version: 2,
        }),
    })
    renderUsersPage()
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row')
    expect([...rows[0]!.children].map((cell) => cell.textContent)).toEqual([
      'Username',
      'Role',
      'MFA',
      'Created',
      'Territories',
      'Specialist for',
      'Unlock',
    ])
    expect(rows.slice(1).map((row) => [...row.children].slice(4, 6).map((cell) => cell.textContent))).toEqual(
      [
        ['5601', 'Housing Society'],
        ['500, 411', 'Housing Society, Commercial'],
        ['—', '—'],
      ],
    )
    expect(screen.getByRole('link', { name: 'Change them on the Settings page' }).getAttribute('href')).toBe(
      '/admin/settings',
    )
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/admin/settings')).toHaveLength(1)
  })

  it('lists the users without those columns when the settings cannot be read', async () => {
    stubApiRoutes({
      'GET /api/admin/users': () => jsonResponse(users),
      'GET /api/admin/settings': () => jsonResponse({ error: 'Something went wrong.' }, 500),
    })
    renderUsersPage()
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('row')[0]!.children).toHaveLength(5)
    expect(screen.queryByRole('link', { name: 'Change them on the Settings page' })).toBeNull()
  })

  it.each(['sales', 'editor', 'viewer'] as const)(
    'refuses %s with a clear message and asks the API nothing',
    async (role) => {
      const fetchMock = stubFetch(() => jsonResponse(users))
      storeStaffSession('token-1', role)
      render(<UsersPage role={role} />)
      expect(screen.getByRole('alert').textContent).toMatch(/Only an owner can see the staff list/)
      expect(screen.queryByRole('table')).toBeNull()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(fetchMock).not.toHaveBeenCalled()
    },
  )

  it('says the list could not be loaded on a server error, and loads it again on Try again', async () => {
    let fail = true
    const fetchMock = stubFetch(() =>
      fail ? jsonResponse({ error: 'Something went wrong.' }, 500) : jsonResponse(users),
    )
    renderUsersPage()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The users could not be loaded.')
    expect(screen.queryByRole('table')).toBeNull()
    fail = false
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table')).toBeTruthy()
    expect(callsTo(fetchMock, '/api/admin/users')).toHaveLength(2)
  })

  it('unlocks a user (failed sign-ins and the MFA lock) with POST /api/admin/users/{username}/unlock, and says so', async () => {
    const fetchMock = stubFetch(() => jsonResponse(users))
    renderUsersPage()
    await screen.findByRole('table')
    fetchMock.mockImplementation(async () => jsonResponse({ cleared: 2 }))
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unlock ravi' }))
    expect(
      await screen.findByText('ravi is unlocked: 2 records of failed sign-ins or codes cleared.'),
    ).toBeTruthy()
    const [[url, init] = []] = callsTo(fetchMock, '/api/admin/users/ravi/unlock')
    expect(String(url)).toBe('/api/admin/users/ravi/unlock')
    expect(init?.method).toBe('POST')
    expect(sessionOfCall(init)).toBe('token-1')
    fetchMock.mockImplementationOnce(async () => jsonResponse({ error: 'No such user.' }, 404))
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unlock meena' }))
    expect(await screen.findByText('No such user.')).toBeTruthy()
  })

  it('signs out when the API answers 401', async () => {
    stubFetch(() => jsonResponse({ error: 'Sign in again.' }, 401))
    renderUsersPage('owner', 'token-2')
    await waitFor(() => expect(storedSessionId()).toBeNull())
    expect(screen.queryByRole('table')).toBeNull()
  })
})

describe('Add a user', () => {
  it('adds a sales user with POST /api/admin/users, shows the one-time password once and reads the list again', async () => {
    let list = users
    const fetchMock = stubApiRoutes({
      'GET /api/admin/users': () => jsonResponse(list),
      'GET /api/admin/settings': () => jsonResponse({ error: 'Not now.' }, 500),
      'POST /api/admin/users': ({ init }) => {
        const body = JSON.parse(String(init.body)) as { username: string; role: string; email: string }
        list = [...users, { ...body, createdAt: '2026-11-26T09:00:00.000Z', mfa: false }] as typeof users
        return jsonResponse({ ...body, password: 'Xk7pQ2mN9rT4vW8yZ3bC' }, 201)
      },
    })
    renderUsersPage()
    await screen.findByRole('table')
    const user = userEvent.setup()
    const form = screen.getByRole('region', { name: 'Add a user' })
    await user.type(within(form).getByLabelText('Username'), 'kiran')
    await user.type(within(form).getByLabelText('Email'), 'kiran@example.com')
    expect((within(form).getByLabelText('Role') as HTMLSelectElement).value).toBe('sales')
    await user.click(within(form).getByRole('button', { name: 'Add user' }))
    const shown = await within(form).findByRole('status')
    expect(shown.textContent).toContain('kiran is added (Sales).')
    expect(shown.textContent).toContain('Xk7pQ2mN9rT4vW8yZ3bC')
    const [[, init] = []] = fetchMock.mock.calls.filter(
      ([url, sent]) => String(url) === '/api/admin/users' && sent?.method === 'POST',
    )
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'kiran',
      role: 'sales',
      email: 'kiran@example.com',
    })
    expect(sessionOfCall(init)).toBe('token-1')
    expect(await screen.findByRole('rowheader', { name: 'kiran' })).toBeTruthy()
    // Done: the password is gone from the page for good.
    await user.click(within(form).getByRole('button', { name: 'Done' }))
    expect(screen.queryByText('Xk7pQ2mN9rT4vW8yZ3bC')).toBeNull()
    expect(within(form).getByLabelText('Username')).toBeTruthy()
  })

  it('says a username is taken beside it (409) and keeps what was typed; checks the e-mail before sending', async () => {
    const fetchMock = stubApiRoutes({
      'GET /api/admin/users': () => jsonResponse(users),
      'GET /api/admin/settings': () => jsonResponse({ error: 'Not now.' }, 500),
      'POST /api/admin/users': () =>
        jsonResponse({ error: 'There is already a user named ravi. Choose another username.' }, 409),
    })
    renderUsersPage()
    await screen.findByRole('table')
    const user = userEvent.setup()
    const form = screen.getByRole('region', { name: 'Add a user' })
    const username = within(form).getByLabelText('Username') as HTMLInputElement
    await user.type(username, 'ravi')
    await user.type(within(form).getByLabelText('Email'), 'not-an-address')
    await user.click(within(form).getByRole('button', { name: 'Add user' }))
    expect(within(form).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    const posts = () =>
      fetchMock.mock.calls.filter(
        ([url, sent]) => String(url) === '/api/admin/users' && sent?.method === 'POST',
      )
    expect(posts()).toHaveLength(0)
    const email = within(form).getByLabelText('Email') as HTMLInputElement
    await user.clear(email)
    await user.type(email, 'ravi@example.com')
    await user.click(within(form).getByRole('button', { name: 'Add user' }))
    expect(
      await within(form).findByText('There is already a user named ravi. Choose another username.'),
    ).toBeTruthy()
    expect(username.getAttribute('aria-invalid')).toBe('true')
    expect(username.value).toBe('ravi')
    expect(email.value).toBe('ravi@example.com')
    expect(posts()).toHaveLength(1)
  })
})

describe('Change or delete a user', () => {
  it("changes a colleague's role and e-mail (PATCH), deletes one after confirming (DELETE), never offers the owner", async () => {
    const fetchMock = stubApiRoutes({
      'GET /api/admin/users': () => jsonResponse(users),
      'GET /api/admin/settings': () => jsonResponse({ error: 'Not now.' }, 500),
      'PATCH /api/admin/users/ravi': () => jsonResponse({ username: 'ravi', role: 'viewer' }),
      'DELETE /api/admin/users/meena': () => new Response(null, { status: 204 }),
    })
    renderUsersPage()
    await screen.findByRole('table')
    const user = userEvent.setup()
    const form = screen.getByRole('region', { name: 'Change or delete a user' })
    const who = within(form).getByLabelText('Username') as HTMLSelectElement
    expect([...who.options].map((option) => option.value)).toEqual(['ravi', 'meena'])
    await user.selectOptions(within(form).getByLabelText('Role'), 'viewer')
    await user.type(within(form).getByLabelText('New email (optional)'), 'ravi@example.com')
    await user.click(within(form).getByRole('button', { name: 'Save change' }))
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true))
    const [[url, init] = []] = fetchMock.mock.calls.filter(([, sent]) => sent?.method === 'PATCH')
    expect(String(url)).toBe('/api/admin/users/ravi')
    expect(JSON.parse(String(init?.body))).toEqual({ role: 'viewer', email: 'ravi@example.com' })

    await user.selectOptions(who, 'meena')
    await user.click(within(form).getByRole('button', { name: 'Delete meena' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete meena?' })
    expect(fetchMock.mock.calls.some(([, sent]) => sent?.method === 'DELETE')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([, sent]) => sent?.method === 'DELETE')
          .map(([sentUrl]) => String(sentUrl)),
      ).toEqual(['/api/admin/users/meena']),
    )
  })

  it('disables a colleague and enables a disabled one (PATCH { disabled }), marking the disabled in the list', async () => {
    const listed = [users[0], users[1], { ...users[2], disabled: true }]
    const fetchMock = stubApiRoutes({
      'GET /api/admin/users': () => jsonResponse(listed),
      'GET /api/admin/settings': () => jsonResponse({ error: 'Not now.' }, 500),
      'PATCH /api/admin/users/ravi': () => jsonResponse({ username: 'ravi', disabled: true }),
      'PATCH /api/admin/users/meena': () => jsonResponse({ username: 'meena', disabled: false }),
    })
    renderUsersPage()
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('rowheader', { name: 'meena (disabled)' })).toBeTruthy()
    expect(within(table).getByRole('rowheader', { name: 'ravi' })).toBeTruthy()
    const user = userEvent.setup()
    const form = screen.getByRole('region', { name: 'Change or delete a user' })
    await user.click(within(form).getByRole('button', { name: 'Disable ravi' }))
    await user.selectOptions(within(form).getByLabelText('Username'), 'meena')
    await user.click(within(form).getByRole('button', { name: 'Enable meena' }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(2),
    )
    const sent = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([url, init]) => [String(url), JSON.parse(String(init?.body))])
    expect(sent).toEqual([
      ['/api/admin/users/ravi', { disabled: true }],
      ['/api/admin/users/meena', { disabled: false }],
    ])
  })
})
