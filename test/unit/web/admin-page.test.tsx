import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import * as adminRoute from '~/routes/admin'
import { jsonResponse, moduleRoute, renderRoute } from './render-route'
import {
  sendsSessionCookie,
  sessionOfCall,
  signedInId,
  storedSessionId,
  storeStaffSession,
} from './staff-session'

const expiredMessage = 'Your session has expired. Please sign in again.'

function contact(index: number) {
  return {
    id: `c-${index}`,
    name: `Person ${index}`,
    email: `person${index}@example.com`,
    phone: '+91 90000 12345',
    subject: 'Rooftop',
    message: 'Hello',
    createdAt: `2024-05-${String(10 + index).padStart(2, '0')}T10:00:00.000Z`,
  }
}

interface ApiStub {
  login?: (init: RequestInit) => Response | Promise<Response>
  logout?: (init: RequestInit) => Response | Promise<Response>
  contacts?: (init: RequestInit) => Response | Promise<Response>
}

/** A fetch stub that answers the admin calls by method and path. */
function stubApi({ login, logout, contacts }: ApiStub) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    if (url === '/api/admin/login' && init.method === 'POST' && login) return login(init)
    if (url === '/api/admin/logout' && init.method === 'POST' && logout) return logout(init)
    if (url === '/api/admin/contacts' && (init.method ?? 'GET') === 'GET' && contacts) return contacts(init)
    throw new Error(`Unexpected request ${init.method ?? 'GET'} ${url}`)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function renderAdminPage() {
  renderRoute('/admin', [moduleRoute('/admin', adminRoute)])
  return userEvent.setup()
}

async function signIn(
  user: ReturnType<typeof userEvent.setup>,
  username = 'asha',
  password = 'a long password',
) {
  await user.type(await screen.findByLabelText('Username'), username)
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Login' }))
}

function callsTo(fetchMock: ReturnType<typeof stubApi>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => String(input) === path) as unknown as [
    string,
    RequestInit,
  ][]
}

describe('admin page', () => {
  it('shows the title and a login form whose fields start empty', async () => {
    stubApi({})
    renderAdminPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy()
    const username = (await screen.findByLabelText('Username')) as HTMLInputElement
    const password = screen.getByLabelText('Password') as HTMLInputElement
    expect(username.value).toBe('')
    expect(password.value).toBe('')
    expect(password.type).toBe('password')
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("shows the server's error text in an alert when the login is refused", async () => {
    const fetchMock = stubApi({ login: () => jsonResponse({ error: 'Invalid username or password.' }, 401) })
    const user = renderAdminPage()
    await signIn(user, 'asha', 'wrong password')

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Invalid username or password.')
    expect(screen.queryByText('Logged in.')).toBeNull()
    expect(storedSessionId()).toBeNull()
    const [, init] = callsTo(fetchMock, '/api/admin/login')[0]!
    expect(JSON.parse(String(init.body))).toEqual({ username: 'asha', password: 'wrong password' })
  })

  it('shows Login failed when the refusal has no JSON body', async () => {
    stubApi({ login: () => new Response('Bad gateway', { status: 502 }) })
    const user = renderAdminPage()
    await signIn(user)
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed')
  })

  it('shows Login failed when the login request cannot be sent', async () => {
    stubApi({
      login: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const user = renderAdminPage()
    await signIn(user)
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed')
  })

  it('signs in, keeps the token for the tab and lists the recent contacts fetched with it', async () => {
    const fetchMock = stubApi({
      login: () =>
        jsonResponse({
          token: 'token-1',
          expiresAt: '2024-05-01T18:00:00.000Z',
          username: 'asha',
          role: 'owner',
        }),
      contacts: () => jsonResponse({ items: [contact(1), contact(2)] }),
    })
    const user = renderAdminPage()
    await signIn(user)

    expect(await screen.findByText('Logged in.')).toBeTruthy()
    expect(storedSessionId()).toBe(signedInId('2024-05-01T18:00:00.000Z'))
    // The token stays in the HttpOnly cookie: no copy in any storage a script could read.
    const stored = [window.localStorage, window.sessionStorage].flatMap((storage) =>
      Object.keys(storage).map((key) => storage.getItem(key)),
    )
    expect(stored.join('\n')).not.toContain('token-1')
    const list = await screen.findByRole('region', { name: 'Recent contacts' })
    expect(await within(list).findByText('Person 1')).toBeTruthy()
    expect(within(list).getByText('person1@example.com')).toBeTruthy()
    expect(within(list).getByText('Person 2')).toBeTruthy()
    expect(within(list).getByText('person2@example.com')).toBeTruthy()

    const [, init] = callsTo(fetchMock, '/api/admin/contacts')[0]!
    const headers = new Headers(init.headers)
    expect(sessionOfCall(init)).toBe(signedInId('2024-05-01T18:00:00.000Z'))
    expect(headers.get('content-type')).toBe('application/json')
    expect(screen.queryByLabelText('Username')).toBeNull()
  })

  it('shows at most the 10 most recent contacts', async () => {
    storeStaffSession('token-1')
    stubApi({ contacts: () => jsonResponse({ items: Array.from({ length: 12 }, (_, i) => contact(i + 1)) }) })
    renderAdminPage()
    const list = await screen.findByRole('region', { name: 'Recent contacts' })
    await within(list).findByText('Person 1')
    expect(within(list).getAllByRole('listitem')).toHaveLength(10)
    expect(within(list).queryByText('Person 11')).toBeNull()
  })

  it('restores the session from the tab storage and loads the lists with the stored token', async () => {
    storeStaffSession('stored-token')
    const fetchMock = stubApi({ contacts: () => jsonResponse({ items: [contact(3)] }) })
    renderAdminPage()
    expect(await screen.findByText('Logged in.')).toBeTruthy()
    expect(await screen.findByText('Person 3')).toBeTruthy()
    const [, init] = callsTo(fetchMock, '/api/admin/contacts')[0]!
    expect(sessionOfCall(init)).toBe('stored-token')
  })

  it('shows No contacts yet. when the list is empty', async () => {
    storeStaffSession('token-1')
    stubApi({ contacts: () => jsonResponse({ items: [] }) })
    renderAdminPage()
    expect(await screen.findByText('No contacts yet.')).toBeTruthy()
  })

  it('treats a failed list load as an empty list', async () => {
    storeStaffSession('token-1')
    stubApi({ contacts: () => jsonResponse({ error: 'Something went wrong on our side.' }, 500) })
    renderAdminPage()
    expect(await screen.findByText('No contacts yet.')).toBeTruthy()
    expect(screen.getByText('Logged in.')).toBeTruthy()
  })

  it('returns to an empty login form and forgets the token on Logout', async () => {
    stubApi({
      login: () =>
        jsonResponse({
          token: 'token-1',
          expiresAt: '2030-01-01T00:00:00.000Z',
          username: 'asha',
          role: 'owner',
        }),
      contacts: () => jsonResponse({ items: [contact(1)] }),
    })
    const user = renderAdminPage()
    await signIn(user)
    await screen.findByText('Person 1')

    await user.click(screen.getByRole('button', { name: 'Logout' }))

    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy()
    expect(screen.queryByText('Logged in.')).toBeNull()
    expect(screen.queryByText('Person 1')).toBeNull()
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('')
    expect(storedSessionId()).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('tells the server to refuse the token on Logout', async () => {
    const fetchMock = stubApi({
      login: () =>
        jsonResponse({
          token: 'token-1',
          expiresAt: '2030-01-01T00:00:00.000Z',
          username: 'asha',
          role: 'owner',
        }),
      logout: () => new Response(null, { status: 204 }),
      contacts: () => jsonResponse({ items: [] }),
    })
    const user = renderAdminPage()
    await signIn(user)
    await screen.findByText('Logged in.')
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy()
    const calls = callsTo(fetchMock, '/api/admin/logout')
    expect(calls).toHaveLength(1)
    expect(sendsSessionCookie(calls[0]![1])).toBe(true)
    expect(calls[0]![1].keepalive).toBe(true)
  })

  it('forgets the token on Logout even when the server cannot be told', async () => {
    for (const logout of [
      () => jsonResponse({ error: 'Something went wrong on our side.' }, 500),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      storeStaffSession('token-2')
      const fetchMock = stubApi({ logout, contacts: () => jsonResponse({ items: [] }) })
      const { unmount } = renderRoute('/admin', [moduleRoute('/admin', adminRoute)])
      const user = userEvent.setup()
      await user.click(await screen.findByRole('button', { name: 'Logout' }))
      expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy()
      expect(storedSessionId()).toBeNull()
      expect(callsTo(fetchMock, '/api/admin/logout')).toHaveLength(1)
      expect(screen.queryByRole('alert')).toBeNull()
      unmount()
    }
  })

  it('asks for the authenticator code when the server requires it, keeping username and password', async () => {
    const bodies: Record<string, unknown>[] = []
    stubApi({
      login: (init) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>
        bodies.push(body)
        if (body.code === undefined) {
          return jsonResponse(
            { error: 'Enter the 6-digit code from your authenticator app.', mfaRequired: true },
            401,
          )
        }
        if (body.code !== '123456') {
          return jsonResponse(
            { error: 'That code is not right or was already used.', mfaRequired: true },
            401,
          )
        }
        return jsonResponse({
          token: 'mfa-token',
          expiresAt: '2030-01-01T00:00:00.000Z',
          username: 'asha',
          role: 'owner',
        })
      },
      contacts: () => jsonResponse({ items: [] }),
    })
    const user = renderAdminPage()
    expect(screen.queryByLabelText(/Authenticator code/)).toBeNull()
    await signIn(user)

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter the 6-digit code from your authenticator app.',
    )
    const code = (await screen.findByLabelText(/Authenticator code/)) as HTMLInputElement
    expect(code.getAttribute('inputmode')).toBe('numeric')
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    expect(code.required).toBe(true)
    await waitFor(() => expect(document.activeElement).toBe(code))
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('asha')
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('a long password')

    await user.type(code, '654321')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(
      (await screen.findByText('That code is not right or was already used.')).getAttribute('role'),
    ).toBe('alert')
    expect(code.value).toBe('')

    await user.type(code, '123 456')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Logged in.')).toBeTruthy()
    expect(storedSessionId()).toBe(signedInId('2030-01-01T00:00:00.000Z'))
    expect(bodies).toEqual([
      { username: 'asha', password: 'a long password' },
      { username: 'asha', password: 'a long password', code: '654321' },
      { username: 'asha', password: 'a long password', code: '123456' },
    ])
  })

  it('returns to the login form with the expiry message when a list answers 401', async () => {
    storeStaffSession('expired-token')
    stubApi({ contacts: () => jsonResponse({ error: 'Unauthorized' }, 401) })
    renderAdminPage()

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(expiredMessage)
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy()
    expect(screen.queryByText('Logged in.')).toBeNull()
    expect(storedSessionId()).toBeNull()
  })

  it('loads the lists again with the new token after signing in once more', async () => {
    storeStaffSession('expired-token')
    const fetchMock = stubApi({
      login: () =>
        jsonResponse({
          token: 'fresh-token',
          expiresAt: '2030-01-01T00:00:00.000Z',
          username: 'asha',
          role: 'owner',
        }),
      contacts: (init) =>
        sessionOfCall(init) === signedInId('2030-01-01T00:00:00.000Z')
          ? jsonResponse({ items: [contact(4)] })
          : jsonResponse({ error: 'Unauthorized' }, 401),
    })
    const user = renderAdminPage()
    await screen.findByText(expiredMessage)

    await signIn(user)

    expect(await screen.findByText('Person 4')).toBeTruthy()
    expect(screen.queryByText(expiredMessage)).toBeNull()
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/contacts')).toHaveLength(2))
  })
})
