import {
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
import { signInWaits } from '../../../functions/lib/auth/sign-in'
import { clientIp, clientNetworkOf } from '../../../functions/lib/client-ip'
import { loginDelayMs, loginLimits } from '../../../functions/lib/db/login-attempts'
import { functionEnv, viewerIpHeader } from '../../../functions/lib/store-definitions'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { conditionFailed as conditionFailedError } from '../../support/leads'

vi.mock('../../../functions/lib/auth/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../functions/lib/auth/passwords')>()
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) }
})

const dynamo = mockClient(DynamoDBDocumentClient)
const fast = { N: 2 ** 10, r: 8, p: 1 }
let passwordHash: string

beforeEach(async () => {
  passwordHash ??= await passwords.hashPassword('a long admin password', fast)
  dynamo.on(GetCommand).resolves({})
  dynamo
    .on(GetCommand, { Key: { pk: 'ADMIN', sk: 'Asha' } })
    .resolves({ Item: { username: 'Asha', passwordHash, role: 'owner' } })
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

const window = (count: number, endsInMs: number) => ({ Item: { count, windowEndsAt: Date.now() + endsInMs } })
const conditionFailed = conditionFailedError()

describe('login protection', () => {
  it('answers 429 with retry-after and checks no password when this network used up its attempts for the username', async () => {
    // Both steps of the reservation fail their condition: the window is open and full.
    dynamo
      .on(UpdateCommand, { Key: { pk: 'LOGIN#USERNET', sk: 'asha#203.0.113.7' } })
      .rejects(conditionFailed)
    dynamo
      .on(GetCommand, { Key: { pk: 'LOGIN#USERNET', sk: 'asha#203.0.113.7' } })
      .resolves(window(loginLimits.perUsernameAndNetwork, 14 * 60_000))
    const reply = await attempt('a long admin password')
    expect(reply.status).toBe(429)
    expect(reply.body.error).toBe('Too many failed sign-in attempts. Try again in 14 minutes.')
    expect(Number(reply.headers['retry-after'])).toBe(14 * 60)
    expect(passwords.verifyPassword).not.toHaveBeenCalled()
    // The refused attempt gives the network its slot back.
    const release = dynamo
      .commandCalls(UpdateCommand)
      .map((call) => call.args[0].input)
      .find((input) => input.UpdateExpression === 'ADD #count :minusOne')
    expect(release?.Key).toEqual({ pk: 'LOGIN#NET', sk: '203.0.113.7' })
  })

  it('answers 429 when the network used up its attempts, whatever the username', async () => {
    dynamo.on(UpdateCommand, { Key: { pk: 'LOGIN#NET', sk: '203.0.113.7' } }).rejects(conditionFailed)
    dynamo
      .on(GetCommand, { Key: { pk: 'LOGIN#NET', sk: '203.0.113.7' } })
      .resolves(window(loginLimits.perNetwork, 60_000))
    expect((await attempt('anything')).status).toBe(429)
    expect(passwords.verifyPassword).not.toHaveBeenCalled()
  })

  it('reserves the attempt with conditional updates before the password is checked', async () => {
    expect((await attempt('wrong')).status).toBe(401)
    const updates = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input)
    expect(updates.slice(0, 2).map((input) => input.Key)).toEqual([
      { pk: 'LOGIN#NET', sk: '203.0.113.7' },
      { pk: 'LOGIN#USERNET', sk: 'asha#203.0.113.7' },
    ])
    for (const input of updates) expect(input.ConditionExpression).toEqual(expect.any(String))
    // The failure is counted against the username from anywhere (for the slow-down), not released.
    expect(updates[2]?.Key).toEqual({ pk: 'LOGIN#USER', sk: 'asha' })
    expect(updates).toHaveLength(3)
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(0)
  })

  it('slows down, but does not refuse, a username that failed often from anywhere', async () => {
    const sleep = vi.spyOn(signInWaits, 'sleep').mockResolvedValue(undefined)
    dynamo
      .on(GetCommand, { Key: { pk: 'LOGIN#USER', sk: 'asha' } })
      .resolves(window(loginLimits.slowDownAfter + 1, 60_000))
    expect((await attempt('a long admin password')).status).toBe(200)
    expect(sleep).toHaveBeenCalledWith(loginDelayMs(loginLimits.slowDownAfter + 1))
    expect(sleep.mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(passwords.verifyPassword).mock.invocationCallOrder[0]!,
    )
    sleep.mockRestore()
  })

  it('waits longer as failures grow, up to a few seconds, and not at all below the threshold', () => {
    const delays = [0, 4, 5, 6, 7, 8, 20, 1000].map(loginDelayMs)
    expect(delays).toEqual([0, 0, 500, 1000, 2000, 4000, 4000, 4000])
    expect(Math.max(...delays)).toBe(loginLimits.maxDelayMs)
  })

  it('clears the username and its network record and gives the network slot back after a success', async () => {
    expect((await attempt('a long admin password')).status).toBe(200)
    expect(dynamo.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key)).toEqual([
      { pk: 'LOGIN#USERNET', sk: 'asha#203.0.113.7' },
      { pk: 'LOGIN#USER', sk: 'asha' },
    ])
    const last = dynamo.commandCalls(UpdateCommand).at(-1)!.args[0].input
    expect(last).toMatchObject({
      Key: { pk: 'LOGIN#NET', sk: '203.0.113.7' },
      UpdateExpression: 'ADD #count :minusOne',
    })
  })

  it('answers 503 and checks no password when the attempt cannot be reserved', async () => {
    dynamo.on(UpdateCommand).rejects(Object.assign(new Error('busy'), { name: 'ThrottlingException' }))
    expect((await attempt('a long admin password')).status).toBe(503)
    expect(passwords.verifyPassword).not.toHaveBeenCalled()
  })

  it('counts all addresses of one IPv6 /64 as one network', async () => {
    const event = apiEvent('admin-login', { body: { username: 'Asha', password: 'wrong' } })
    event.requestContext.http.sourceIp = '2001:DB8:0:7:a::1'
    await login(event, lambdaContext)
    expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input.Key).toEqual({
      pk: 'LOGIN#NET',
      sk: '2001:db8:0:7::/64',
    })
  })
})

describe('clientNetworkOf', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientNetworkOf('198.51.100.9')).toBe('198.51.100.9')
    expect(clientNetworkOf('198.51.100.10')).toBe('198.51.100.10')
  })

  it('gives every address of one IPv6 /64, in any notation, the same network', () => {
    const sameHost = [
      '2001:db8:85a3:8d3::1',
      '2001:0db8:85a3:08d3:0000:0000:0000:0001',
      '2001:DB8:85A3:8D3:FFFF:FFFF:FFFF:FFFF',
      '2001:db8:85a3:8d3:1234:5678:9abc:def0',
      '2001:db8:85a3:8d3::',
      '2001:db8:85a3:8d3:0:0:192.0.2.1',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:85a3:8d3::2'),
    ]
    expect(new Set(sameHost.map(clientNetworkOf))).toEqual(new Set(['2001:db8:85a3:8d3::/64']))
  })

  it('gives other /64s their own network', () => {
    const networks = [
      '2001:db8:85a3:8d3::1',
      '2001:db8:85a3:8d4::1',
      '2001:db8:85a4:8d3::1',
      '2001:db9:85a3:8d3::1',
      '::1',
    ]
    expect(new Set(networks.map(clientNetworkOf)).size).toBe(networks.length)
    expect(clientNetworkOf('::1')).toBe('0:0:0:0::/64')
  })

  it('counts an IPv4-mapped IPv6 address as the IPv4 address it carries', () => {
    expect(clientNetworkOf('::ffff:198.51.100.9')).toBe('198.51.100.9')
    expect(clientNetworkOf('::FFFF:c633:6409')).toBe('198.51.100.9')
    expect(clientNetworkOf('0:0:0:0:0:ffff:198.51.100.9')).toBe('198.51.100.9')
  })

  it('keeps what is not an address as it is', () => {
    expect(clientNetworkOf('unknown')).toBe('unknown')
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
