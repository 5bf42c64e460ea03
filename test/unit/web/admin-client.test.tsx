import { afterEach, describe, expect, it, vi } from 'vitest'
import { AdminRequestError, AdminSessionExpiredError, adminCall } from '~/features/admin/session/admin-client'
import {
  adminSessionKey,
  currentSession,
  parseStaffSession,
  sessionExpiredMessage,
  subscribe,
  takeReturnTo,
} from '~/features/admin/session/session-store'
import { deferred, jsonResponse } from './render-route'
import { sessionOfCall, storedSessionId, storeStaffSession } from './staff-session'

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
  it('sends every call with the session cookie and the CSRF header, never a token of its own', async () => {
    storeStaffSession('token-7')
    const fetchMock = stubFetch(() => jsonResponse({ items: [] }))
    await adminCall('/api/admin/jobs', 'GET', { failure: 'Not read.' })
    expect(sessionOfCall(fetchMock.mock.calls[0]?.[1])).toBe('token-7')
  })

  it('signs the tab out on a 401 and remembers the staff page it was on, once', async () => {
    window.history.replaceState(null, '', '/admin/leads/q-1?status=new')
    storeStaffSession('token-1')
    stubFetch(() => jsonResponse({ error: 'Sign in again.' }, 401))
    await expect(adminCall('/api/admin/leads/q-1', 'GET', { failure: 'Not read.' })).rejects.toBeInstanceOf(
      AdminSessionExpiredError,
    )
    expect(storedSessionId()).toBeNull()
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
    expect(storedSessionId()).toBe('token-2')
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
    expect(storedSessionId()).toBe('token-1')
  })

  it('shares the sign-in with the other tabs, which hear of a sign-out there', () => {
    const heard = vi.fn()
    const unsubscribe = subscribe(heard)
    storeStaffSession('token-1')
    // Another tab signs out: its storage change reaches this tab as a storage event.
    window.localStorage.removeItem(adminSessionKey)
    window.dispatchEvent(new StorageEvent('storage', { key: adminSessionKey, newValue: null }))
    expect(heard).toHaveBeenCalledTimes(1)
    expect(currentSession()).toBeNull()
    unsubscribe()
  })

  it('keeps no session written by an earlier version that held the token itself', () => {
    window.localStorage.setItem(
      adminSessionKey,
      JSON.stringify({ id: 'x', token: 'a.token', username: 'asha', role: 'owner' }),
    )
    expect(currentSession()).toBeNull()
    expect(parseStaffSession(JSON.stringify({ id: 'x', username: 'asha', role: 'owner' }))).toEqual({
      id: 'x',
      username: 'asha',
      role: 'owner',
    })
  })

  it('keeps that a one-time password signed in: the session opens the password screen only', () => {
    const stored = { id: 'x', username: 'kiran', role: 'sales', passwordChangeOnly: true }
    expect(parseStaffSession(JSON.stringify(stored))).toEqual(stored)
    // Anything but `true` is a full session's entry.
    expect(parseStaffSession(JSON.stringify({ ...stored, passwordChangeOnly: 'yes' }))).toEqual({
      id: 'x',
      username: 'kiran',
      role: 'sales',
    })
  })
})
