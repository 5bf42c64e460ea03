import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as listContacts } from '../../../functions/admin/list-contacts'
import { handler as login } from '../../../functions/admin/login'
import { handler as logout } from '../../../functions/admin/logout'
import { hashPassword } from '../../../functions/lib/auth/passwords'
import {
  clearedSessionCookie,
  csrfRefusal,
  foreignOriginRefusal,
  sessionCookieName,
} from '../../../functions/lib/auth/session-cookie'
import { resetSessionCache } from '../../../functions/lib/auth/sessions'
import { tokenLifetimeSeconds } from '../../../functions/lib/auth/tokens'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { adminToken } from '../../support/tokens'

/**
 * The workspace's session cookie: set by the sign-in with attributes that keep it from scripts and other
 * sites, accepted in place of the Bearer header from the site itself, refused on a change without the CSRF
 * header or from another origin, and dead everywhere once its session is signed out.
 */
const document = mockClient(DynamoDBDocumentClient)

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  document.on(QueryCommand).resolves({ Items: [] })
  document.on(PutCommand).resolves({})
  document.on(DeleteCommand).resolves({})
})
afterEach(() => {
  document.reset()
  resetSessionCache()
  vi.restoreAllMocks()
})

const cookieOf = (token: string) => [`${sessionCookieName}=${token}`]

/** An event of `routeId` that carries `token` in the session cookie, with the extra headers. */
function cookieEvent(
  routeId: Parameters<typeof apiEvent>[0],
  token: string,
  headers: Record<string, string> = {},
) {
  return { ...apiEvent(routeId, { headers }), cookies: cookieOf(token) }
}

describe('POST /api/admin/login', () => {
  it('sets the token as an HttpOnly, Secure, SameSite=Strict cookie for /api, for as long as the token lives', async () => {
    const passwordHash = await hashPassword('a long admin password', { N: 2 ** 10, r: 8, p: 1 })
    document.on(GetCommand).resolves({})
    document
      .on(GetCommand, { Key: { pk: 'ADMIN', sk: 'asha' } })
      .resolves({ Item: { username: 'asha', passwordHash, createdAt: 'x', updatedAt: 'x', role: 'owner' } })
    document.on(UpdateCommand).resolves({})
    const result = await login(
      apiEvent('admin-login', { body: { username: 'asha', password: 'a long admin password' } }),
      lambdaContext,
    )
    const reply = parseResult(result)
    expect(reply.status).toBe(200)
    const cookies = (result as { cookies?: string[] }).cookies ?? []
    expect(cookies).toHaveLength(1)
    const [pair, ...attributes] = (cookies[0] ?? '').split('; ')
    expect(pair).toBe(`${sessionCookieName}=${reply.body.token}`)
    expect(attributes.slice(0, 4).sort()).toEqual(['HttpOnly', 'Path=/api', 'SameSite=Strict', 'Secure'])
    const maxAge = Number(attributes.find((attribute) => attribute.startsWith('Max-Age='))?.slice(8))
    expect(maxAge).toBeGreaterThan(tokenLifetimeSeconds - 5)
    expect(maxAge).toBeLessThanOrEqual(tokenLifetimeSeconds)
  })
})

describe('an admin route called with the session cookie', () => {
  it('answers a read from the site itself as it would with the Bearer header', async () => {
    const token = await adminToken()
    const reply = parseResult(
      await listContacts(
        cookieEvent('admin-list-contacts', token, { 'sec-fetch-site': 'same-origin' }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ items: [] })
  })

  it('refuses with 403 a change without the CSRF header, before anything is written', async () => {
    const token = await adminToken()
    const reply = parseResult(
      await logout(cookieEvent('admin-logout', token, { 'sec-fetch-site': 'same-origin' }), lambdaContext),
    )
    expect(reply).toMatchObject({ status: 403, body: { error: csrfRefusal } })
    expect(document.commandCalls(UpdateCommand)).toHaveLength(0)
  })

  it.each([
    ['another site', { 'sec-fetch-site': 'cross-site', 'x-requested-with': 'fetch' }],
    ['a sibling subdomain', { 'sec-fetch-site': 'same-site', 'x-requested-with': 'fetch' }],
    [
      'another origin (an older browser: Origin only)',
      { origin: 'https://evil.example', host: 'test.local', 'x-requested-with': 'fetch' },
    ],
    ['an opaque origin', { origin: 'null', host: 'test.local', 'x-requested-with': 'fetch' }],
  ])('refuses with 403 a request started by %s, even with the CSRF header', async (_, headers) => {
    const token = await adminToken()
    const read = parseResult(
      await listContacts(cookieEvent('admin-list-contacts', token, headers), lambdaContext),
    )
    const change = parseResult(await logout(cookieEvent('admin-logout', token, headers), lambdaContext))
    expect(read).toMatchObject({ status: 403, body: { error: foreignOriginRefusal } })
    expect(change).toMatchObject({ status: 403, body: { error: foreignOriginRefusal } })
    expect(document.calls()).toHaveLength(0)
  })

  it('signs out with the CSRF header, removes the cookie, and the token is refused from then on', async () => {
    const token = await adminToken()
    document.on(UpdateCommand).resolves({ Attributes: { revokedTokens: new Set<string>() } })
    const sameOrigin = { 'sec-fetch-site': 'same-origin', 'x-requested-with': 'fetch' }
    const result = await logout(cookieEvent('admin-logout', token, sameOrigin), lambdaContext)
    expect(parseResult(result).status).toBe(204)
    expect((result as { cookies?: string[] }).cookies).toEqual([clearedSessionCookie])
    expect(clearedSessionCookie).toMatch(/Max-Age=0/)
    const after = parseResult(
      await listContacts(cookieEvent('admin-list-contacts', token, sameOrigin), lambdaContext),
    )
    expect(after).toMatchObject({
      status: 401,
      body: { error: 'Your session has ended. Please sign in again.' },
    })
  })

  it('lets the Bearer header win over a cookie, without the CSRF rules a browser cannot bypass for it', async () => {
    const token = await adminToken()
    document.on(UpdateCommand).resolves({ Attributes: { revokedTokens: new Set<string>() } })
    const event = {
      ...apiEvent('admin-logout', {
        headers: { authorization: `Bearer ${token}`, 'sec-fetch-site': 'cross-site' },
      }),
      cookies: cookieOf('not.a.token'),
    }
    expect(parseResult(await logout(event, lambdaContext)).status).toBe(204)
  })
})
