import { afterEach, describe, expect, it, vi } from 'vitest'
import { AdminRequestError, AdminSessionExpiredError, adminCall } from '~/features/admin/session/admin-client'
import { sessionExpiredMessage, takeReturnTo } from '~/features/admin/session/session-store'
import { deferred, jsonResponse } from './render-route'
import { storedToken, storeStaffSession } from './staff-session'

function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer())
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

describe('the admin client', () => {
  it("sends the tab's token with every call", async () => {
    storeStaffSession('token-7')
    const fetchMock = stubFetch(() => jsonResponse({ items: [] }))
    await adminCall('/api/admin/jobs', 'GET', { failure: 'Not read.' })
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer token-7')
  })

  it('signs the tab out on a 401 and remembers the staff page it was on, once', async () => {
    window.history.replaceState(null, '', '/admin/leads/q-1?status=new')
    storeStaffSession('token-1')
    stubFetch(() => jsonResponse({ error: 'Sign in again.' }, 401))
    await expect(adminCall('/api/admin/leads/q-1', 'GET', { failure: 'Not read.' })).rejects.toBeInstanceOf(
      AdminSessionExpiredError,
    )
    expect(storedToken()).toBeNull()
    expect(window.sessionStorage.getItem('adminSignOut')).toContain(sessionExpiredMessage)
    expect(takeReturnTo()).toBe('/admin/leads/q-1?status=new')
    expect(takeReturnTo()).toBeNull()
  })

  it('leaves a newer session alone when a call sent with an older token answers 401', async () => {
    storeStaffSession('token-1')
    const reply = deferred<Response>()
    stubFetch(() => reply.promise)
    const call = adminCall('/api/admin/jobs', 'GET', { failure: 'Not read.' })
    storeStaffSession('token-2')
    reply.resolve(jsonResponse({ error: 'Sign in again.' }, 401))
    await expect(call).rejects.toBeInstanceOf(AdminSessionExpiredError)
    expect(storedToken()).toBe('token-2')
  })

  it("rejects a refusal with the server's message and per-field messages, or the caller's words", async () => {
    storeStaffSession('token-1')
    stubFetch(() => jsonResponse({ error: 'Check the title.', fields: { title: 'Too long' } }, 400))
    const refused = adminCall('/api/admin/jobs', 'POST', { body: {}, failure: 'Not saved.' })
    await expect(refused).rejects.toEqual(
      new AdminRequestError('Check the title.', 400, { title: 'Too long' }),
    )
    await expect(refused).rejects.toMatchObject({ status: 400, fields: { title: 'Too long' } })
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(adminCall('/api/admin/jobs', 'POST', { failure: 'Not saved.' })).rejects.toMatchObject({
      message: 'Not saved.',
      status: 0,
    })
    expect(storedToken()).toBe('token-1')
  })
})
