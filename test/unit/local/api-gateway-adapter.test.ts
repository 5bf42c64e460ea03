import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { type ApiRoute, routes } from '../../../functions/routes'
import { buildEvent, createRouteMatcher, writeResult } from '../../../infra/local/api-gateway-adapter'

const table: ApiRoute[] = [
  { id: 'a', method: 'GET', path: '/api/admin/export/{kind}', handler: 'x', auth: 'admin', access: {} },
  { id: 'b', method: 'POST', path: '/api/contacts', handler: 'x', auth: 'public', access: {} },
  { id: 'c', method: 'GET', path: '/api/files/{key+}', handler: 'x', auth: 'public', access: {} },
]

describe('createRouteMatcher', () => {
  const match = createRouteMatcher(table)

  it('matches method and path and extracts parameters', () => {
    expect(match('GET', '/api/admin/export/quotes')).toEqual({
      kind: 'match',
      match: { route: table[0], pathParameters: { kind: 'quotes' } },
    })
    expect(match('GET', '/api/files/a/b%20c.pdf')).toMatchObject({
      match: { pathParameters: { key: 'a/b c.pdf' } },
    })
  })

  it('tells a wrong method from an unknown path', () => {
    expect(match('GET', '/api/contacts')).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] })
    expect(match('GET', '/api/admin/export')).toEqual({ kind: 'not-found' })
    expect(match('GET', '/api/admin/export/quotes/more')).toEqual({ kind: 'not-found' })
  })

  it('matches every entry of the real route table', () => {
    const real = createRouteMatcher(routes)
    for (const route of routes) {
      expect(real(route.method, route.path)).toMatchObject({ kind: 'match', match: { route } })
    }
  })
})

function fakeRequest(headers: Record<string, string>, method = 'POST'): IncomingMessage {
  return {
    headers,
    method,
    httpVersion: '1.1',
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as IncomingMessage
}

describe('buildEvent', () => {
  const matched = { route: table[1]!, pathParameters: {} }

  it('builds a payload-v2 event with cookies split out and a text body', () => {
    const event = buildEvent(
      fakeRequest({ 'content-type': 'application/json', cookie: 'a=1; b=2', host: 'localhost:3000' }),
      Buffer.from('{"x":1}'),
      matched,
      new URL('http://localhost:3000/api/contacts?x=1&x=2&y=3'),
    )
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/contacts',
      rawPath: '/api/contacts',
      rawQueryString: 'x=1&x=2&y=3',
      cookies: ['a=1', 'b=2'],
      queryStringParameters: { x: '1,2', y: '3' },
      body: '{"x":1}',
      isBase64Encoded: false,
      requestContext: { http: { method: 'POST', path: '/api/contacts' }, stage: '$default' },
    })
    expect(event.headers.cookie).toBeUndefined()
  })

  it('base64-encodes a binary body', () => {
    const bytes = Buffer.from([0, 255, 1, 2])
    const event = buildEvent(
      fakeRequest({ 'content-type': 'application/octet-stream' }),
      bytes,
      matched,
      new URL('http://x/api/contacts'),
    )
    expect(event.isBase64Encoded).toBe(true)
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes)
  })
})

function fakeResponse() {
  const written: { status?: number; headers?: Record<string, unknown>; body?: Buffer } = {}
  const response = {
    writeHead(status: number, headers: Record<string, unknown>) {
      written.status = status
      written.headers = headers
    },
    end(body?: Buffer | string) {
      written.body = body === undefined ? undefined : Buffer.from(body)
    },
  } as unknown as ServerResponse
  return { response, written }
}

describe('writeResult', () => {
  it('writes status, headers, cookies and decodes a base64 body', () => {
    const { response, written } = fakeResponse()
    writeResult(response, {
      statusCode: 201,
      headers: { 'Content-Type': 'application/pdf' },
      cookies: ['a=1; HttpOnly'],
      body: Buffer.from('%PDF').toString('base64'),
      isBase64Encoded: true,
    })
    expect(written.status).toBe(201)
    expect(written.headers).toMatchObject({
      'content-type': 'application/pdf',
      'set-cookie': ['a=1; HttpOnly'],
    })
    expect(written.body?.toString()).toBe('%PDF')
  })

  it('treats a plain object as a 200 JSON reply, as API Gateway does', () => {
    const { response, written } = fakeResponse()
    writeResult(response, { hello: 'world' } as never)
    expect(written.status).toBe(200)
    expect(JSON.parse(written.body!.toString())).toEqual({ hello: 'world' })
  })
})
