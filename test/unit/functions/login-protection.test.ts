import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as login } from '../../../functions/admin/login'
import * as passwords from '../../../functions/lib/auth/passwords'
import { clientIp } from '../../../functions/lib/client-ip'
import { loginLimits } from '../../../functions/lib/db/login-attempts'
import { functionEnv, viewerIpHeader } from '../../../infra/tables'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'

vi.mock('../../../functions/lib/auth/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../functions/lib/auth/passwords')>()
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) }
})

const dynamo = mockClient(DynamoDBDocumentClient)
const fast = { N: 2 ** 10, r: 8, p: 1 }
let passwordHash: string

beforeEach(async () => {
  passwordHash ??= await passwords.hashPassword('a long admin password', fast)
  dynamo.on(GetCommand).resolves({ Item: { username: 'asha', passwordHash } })
  dynamo.on(UpdateCommand).resolves({})
  dynamo.on(PutCommand).resolves({})
  dynamo.on(DeleteCommand).resolves({})
})
afterEach(() => {
  dynamo.reset()
  vi.mocked(passwords.verifyPassword).mockClear()
})

const attempt = async (password: string, headers: Record<string, string> = {}) =>
  parseResult(
    await login(apiEvent('admin-login', { body: { username: 'Asha', password }, headers }), lambdaContext),
  )

const record = (pk: string, sk: string, failures: number, startedMsAgo: number) => ({
  pk,
  sk,
  failures,
  windowStartedAt: Date.now() - startedMsAgo,
})

describe('login protection', () => {
  it('answers 429 with retry-after and checks no password after 5 failures for a username', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: { content: [record('LOGIN#USER', 'asha', loginLimits.perUsername, 60_000)] },
    })
    const reply = await attempt('a long admin password')
    expect(reply.status).toBe(429)
    expect(reply.body.error).toBe('Too many failed sign-in attempts. Try again in 14 minutes.')
    expect(Number(reply.headers['retry-after'])).toBeGreaterThan(13 * 60)
    expect(Number(reply.headers['retry-after'])).toBeLessThanOrEqual(14 * 60)
    expect(passwords.verifyPassword).not.toHaveBeenCalled()
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0)
    const keys = dynamo.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems!.content!.Keys
    expect(keys).toEqual([
      { pk: 'LOGIN#USER', sk: 'asha' },
      { pk: 'LOGIN#IP', sk: '203.0.113.7' },
    ])
  })

  it('answers 429 after 20 failures from one IP, whatever the username', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: { content: [record('LOGIN#IP', '203.0.113.7', loginLimits.perIp, 1000)] },
    })
    expect((await attempt('anything')).status).toBe(429)
    expect(passwords.verifyPassword).not.toHaveBeenCalled()
  })

  it('checks the password again below the limits and once the window is over', async () => {
    for (const items of [
      [record('LOGIN#USER', 'asha', loginLimits.perUsername - 1, 1000)],
      [record('LOGIN#IP', '203.0.113.7', loginLimits.perIp - 1, 1000)],
      [record('LOGIN#USER', 'asha', 50, loginLimits.windowSeconds * 1000 + 1000)],
    ]) {
      dynamo.on(BatchGetCommand).resolves({ Responses: { content: items } })
      expect((await attempt('a long admin password')).status).toBe(200)
    }
    expect(passwords.verifyPassword).toHaveBeenCalledTimes(3)
  })

  it('counts a failure against the username (any case) and the IP, with the same 401 as an unknown user', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: {} })
    const reply = await attempt('wrong')
    expect(reply).toMatchObject({ status: 401, body: { error: 'Invalid username or password.' } })
    const updates = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input)
    expect(updates.map((input) => input.Key)).toEqual([
      { pk: 'LOGIN#USER', sk: 'asha' },
      { pk: 'LOGIN#IP', sk: '203.0.113.7' },
    ])
    expect(updates[0]).toMatchObject({ UpdateExpression: 'ADD failures :one' })
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(0)
  })

  it('starts a new window with an expiry when there is no current one', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: {} })
    dynamo
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('no'), { name: 'ConditionalCheckFailedException' }))
    await attempt('wrong')
    const puts = dynamo
      .commandCalls(PutCommand)
      .map((call) => call.args[0].input.Item!)
      .filter((item) => item.pk !== 'AUDIT')
    expect(puts).toHaveLength(2)
    for (const item of puts) {
      expect(item.failures).toBe(1)
      expect(item.expiresAt).toBe(Math.ceil(item.windowStartedAt / 1000) + loginLimits.windowSeconds)
    }
  })

  it('clears the username count after a successful sign-in', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: {} })
    expect((await attempt('a long admin password')).status).toBe(200)
    expect(dynamo.commandCalls(DeleteCommand)[0]!.args[0].input.Key).toEqual({ pk: 'LOGIN#USER', sk: 'asha' })
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
  })

  it('answers 503 and checks no password when the attempt records cannot be read', async () => {
    dynamo.on(BatchGetCommand).rejects(Object.assign(new Error('busy'), { name: 'ThrottlingException' }))
    expect((await attempt('a long admin password')).status).toBe(503)
    expect(passwords.verifyPassword).not.toHaveBeenCalled()
  })
})

describe('clientIp', () => {
  const event = (headers: Record<string, string>) => apiEvent('admin-login', { headers })
  it('takes the viewer IP that CloudFront names, IPv4 or IPv6, when the request came through CloudFront', () => {
    expect(clientIp(event({ 'X-Viewer-IP': '198.51.100.9' }), true)).toBe('198.51.100.9')
    expect(clientIp(event({ [viewerIpHeader]: '2001:db8::1' }), true)).toBe('2001:db8::1')
  })
  it('ignores the header without CloudFront in front (anyone could send it) and when it is not an address', () => {
    expect(clientIp(event({ [viewerIpHeader]: '198.51.100.9' }), false)).toBe('203.0.113.7')
    expect(clientIp(event({}), true)).toBe('203.0.113.7')
    expect(clientIp(event({ [viewerIpHeader]: 'LOGIN#USER:1' }), true)).toBe('203.0.113.7')
  })
  it('trusts the header by default only when the origin secret is configured', () => {
    const headers = { [viewerIpHeader]: '198.51.100.9' }
    vi.stubEnv(functionEnv.originSecret, 'secret')
    expect(clientIp(event(headers))).toBe('198.51.100.9')
    vi.stubEnv(functionEnv.originSecret, '')
    expect(clientIp(event(headers))).toBe('203.0.113.7')
    vi.unstubAllEnvs()
  })
})
