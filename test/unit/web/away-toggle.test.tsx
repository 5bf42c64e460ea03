import type { StaffRole } from '@core/roles'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as adminSettingsRoute from '~/routes/admin-settings'
import { type ApiHandler, jsonResponse, moduleRoute, renderRoute, stubApiRoutes } from './render-route'
import { sessionOfCall, storeStaffSession } from './staff-session'

/** A workspace page (Settings: it tells other roles it is for owners) signed in as `role`. */
function renderWorkspace(role: StaffRole, token: string) {
  storeStaffSession(token, role, 'ravi')
  renderRoute('/admin/settings', [moduleRoute('/admin/settings', adminSettingsRoute)])
}

const awayCalls = (fetchMock: ReturnType<typeof stubApiRoutes>, method: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url) === '/api/admin/away' && (init?.method ?? 'GET') === method,
  )

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the Away toggle in the workspace header', () => {
  it('marks a sales user away and back with PUT /api/admin/away, showing which they are', async () => {
    let away = false
    const put: ApiHandler = ({ init }) => {
      away = (JSON.parse(String(init.body)) as { away: boolean }).away
      return jsonResponse({ away })
    }
    const fetchMock = stubApiRoutes({
      'GET /api/admin/away': () => jsonResponse({ away }),
      'PUT /api/admin/away': put,
    })
    renderWorkspace('sales', 'away-token-1')
    const user = userEvent.setup()
    // The page itself (here: Settings telling sales it is for owners), past its loading frame.
    await screen.findByRole('alert')
    await user.click(await screen.findByRole('button', { name: 'Away: new leads skip me' }))
    expect(await screen.findByRole('button', { name: 'Back: new leads come to me again' })).toBeTruthy()
    expect(screen.getByText('Away', { selector: 'span' })).toBeTruthy()
    expect(JSON.parse(String(awayCalls(fetchMock, 'PUT')[0]?.[1]?.body))).toEqual({ away: true })
    expect(sessionOfCall(awayCalls(fetchMock, 'PUT')[0]?.[1])).toBe('away-token-1')
    await user.click(screen.getByRole('button', { name: 'Back: new leads come to me again' }))
    expect(await screen.findByRole('button', { name: 'Away: new leads skip me' })).toBeTruthy()
    expect(JSON.parse(String(awayCalls(fetchMock, 'PUT')[1]?.[1]?.body))).toEqual({ away: false })
    // Read once for the session, however many frames were drawn.
    expect(awayCalls(fetchMock, 'GET')).toHaveLength(1)
  })

  it('shows an owner who is away (leave planned for today) with Back', async () => {
    stubApiRoutes({
      'GET /api/admin/away': () => jsonResponse({ away: true, absence: { from: '2026-11-20' } }),
      'GET /api/admin/settings': () => jsonResponse({ error: 'Something went wrong.' }, 500),
    })
    renderWorkspace('owner', 'away-token-2')
    expect(await screen.findByRole('button', { name: 'Back: new leads come to me again' })).toBeTruthy()
  })

  it.each(['editor', 'viewer'] as const)('is not offered to %s, and nothing is asked', async (role) => {
    const fetchMock = stubApiRoutes({})
    renderWorkspace(role, `away-token-${role}`)
    await screen.findByRole('alert')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByRole('button', { name: /new leads/ })).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says so when the change is refused, and keeps the state shown', async () => {
    stubApiRoutes({
      'GET /api/admin/away': () => jsonResponse({ away: false }),
      'PUT /api/admin/away': () => jsonResponse({ error: 'Your role (Editor) does not allow this.' }, 403),
    })
    renderWorkspace('sales', 'away-token-3')
    await screen.findByRole('alert')
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Away: new leads skip me' }))
    expect(
      await screen.findByText('Your role (Editor) does not allow this.', {}, { timeout: 5000 }),
    ).toBeTruthy()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Away: new leads skip me' })).toBeTruthy())
  })
})
