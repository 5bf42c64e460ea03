import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminHandler } from '../../../functions/lib/admin-http'
import { cameThroughOrigin, httpHandler, json } from '../../../functions/lib/http'
import { originSecretHeader } from '../../../functions/lib/store-definitions'
import { apiEvent } from '../../support/events'

describe('httpHandler', () => {
  it('refuses to build a public handler for an admin route, and the reverse', () => {
    expect(() => httpHandler('admin-list-contacts', async () => json(200, {}))).toThrow(
      /admin routes with adminHandler/,
    )
    expect(() => adminHandler('create-contact', async () => json(200, {}))).toThrow(/public/)
  })
})

describe('the origin secret (requests must come through CloudFront)', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  const secret = 'a-long-random-origin-secret-value-0123456789'

  it('lets every request through when no secret is configured (the local stand-in)', () => {
    expect(cameThroughOrigin(apiEvent('create-contact'), undefined)).toBe(true)
    expect(cameThroughOrigin(apiEvent('create-contact'), '')).toBe(true)
  })

  it('accepts only the exact secret, whatever the header case', () => {
    const withHeader = (value: string) =>
      apiEvent('create-contact', { headers: { [originSecretHeader]: value } })
    expect(cameThroughOrigin(withHeader(secret), secret)).toBe(true)
    expect(
      cameThroughOrigin(apiEvent('create-contact', { headers: { 'X-Origin-Verify': secret } }), secret),
    ).toBe(true)
    expect(cameThroughOrigin(withHeader(`${secret}x`), secret)).toBe(false)
    expect(cameThroughOrigin(withHeader(''), secret)).toBe(false)
    expect(cameThroughOrigin(apiEvent('create-contact'), secret)).toBe(false)
  })

  it('answers 403 before running the handler when the secret is missing or wrong', async () => {
    vi.stubEnv('ORIGIN_SECRET', secret)
    const handle = vi.fn(async () => json(200, { ok: true }))
    const handler = httpHandler('create-contact', handle)

    const direct = await handler(apiEvent('create-contact', { body: {} }), {} as never)
    expect(direct).toMatchObject({ statusCode: 403 })
    expect(JSON.parse(String(direct.body))).toEqual({ error: 'Forbidden.' })
    const wrong = await handler(
      apiEvent('create-contact', { body: {}, headers: { [originSecretHeader]: 'guess' } }),
      {} as never,
    )
    expect(wrong).toMatchObject({ statusCode: 403 })
    expect(handle).not.toHaveBeenCalled()

    const viaCloudFront = await handler(
      apiEvent('create-contact', { body: {}, headers: { [originSecretHeader]: secret } }),
      {} as never,
    )
    expect(viaCloudFront).toMatchObject({ statusCode: 200 })
    expect(handle).toHaveBeenCalledTimes(1)
  })
})

describe('header names (@middy/http-header-normalizer)', () => {
  it('hands the handler the request headers with lower-case names, whatever case the client sent', async () => {
    const seen: Record<string, string | undefined>[] = []
    const handler = httpHandler('create-contact', async (request) => {
      seen.push({ ...request.event.headers })
      return json(200, {})
    })
    const event = apiEvent('create-contact', {
      body: {},
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': 'key-1',
        'X-Forwarded-For': '1.2.3.4',
      },
    })
    // apiEvent adds its own lower-case content-type: keep only the client's spelling.
    for (const name of Object.keys(event.headers ?? {})) {
      if (name.toLowerCase() === 'content-type' && name !== 'Content-Type') delete event.headers?.[name]
    }
    expect((await handler(event, {} as never)).statusCode).toBe(200)
    expect(seen[0]).toMatchObject({
      'content-type': 'application/json',
      'idempotency-key': 'key-1',
      'x-forwarded-for': '1.2.3.4',
    })
    expect(Object.keys(seen[0] ?? {}).filter((name) => name !== name.toLowerCase())).toEqual([])
  })
})
