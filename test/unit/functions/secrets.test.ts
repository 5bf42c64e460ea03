import { decodeProtectedHeader, SignJWT } from 'jose'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { rememberSessionState, resetSessionCache } from '../../../functions/lib/auth/sessions'
import {
  issueToken,
  tokenAudience,
  tokenIssuer,
  verifyAuthorization,
} from '../../../functions/lib/auth/tokens'
import { awsClientConfig } from '../../../functions/lib/aws-config'
import { UnauthorizedError } from '../../../functions/lib/errors'
import { httpHandler, json } from '../../../functions/lib/http'
import {
  acceptedOriginSecrets,
  derivedKid,
  parseSecretVersions,
  refreshCooldownMilliseconds,
  resetSecrets,
  rotateVersions,
  type SecretVersions,
  secretCacheMilliseconds,
  serializeSecretVersions,
  setSecretsClock,
} from '../../../functions/lib/secrets'
import { functionEnv, originSecretHeader } from '../../../functions/lib/store-definitions'
import { testSigningSecret } from '../../support/env'
import { apiEvent } from '../../support/events'
import { fakeServiceForFile, startFakeSsm } from '../../support/fake-aws'

/** SSM over loopback HTTP: the secrets' GetParameter is one signed request, not an SDK client. */
const ssm = fakeServiceForFile(startFakeSsm)
/** A read that fails with a retryable error makes this many requests (the first and its retries). */
const failedRead = awsClientConfig.maxAttempts
const throttle = { error: 'ThrottlingException', message: 'Rate exceeded' } as const
const signingParameter = '/TestSite/signing-secret'
const originParameter = '/TestSite/origin-secret'

/** What SSM holds, by parameter name; GetParameter answers from it. */
let store: Record<string, SecretVersions>
let time: number

beforeEach(() => {
  // The user exists at session version 0 with nothing signed out (verification would read that record).
  rememberSessionState(
    'asha',
    { sessionVersion: 0, revokedTokens: new Set(), role: 'owner' },
    Number.POSITIVE_INFINITY,
  )
  store = {}
  time = Date.parse('2026-11-23T10:00:00Z')
  setSecretsClock(() => time)
  resetSecrets()
  ssm().requests.length = 0
  ssm().answer = (input) => {
    const versions = store[input.Name]
    return versions ? { value: serializeSecretVersions(versions) } : { error: 'ParameterNotFound' }
  }
  vi.stubEnv('AWS_ENDPOINT_URL_SSM', ssm().url)
  vi.stubEnv(functionEnv.signingSecret, '')
  vi.stubEnv(functionEnv.signingSecretParameter, signingParameter)
})
afterEach(() => {
  resetSessionCache()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  setSecretsClock()
  resetSecrets()
})

/** The GetParameter requests SSM received (a failed read counts its retries: {@link failedRead}). */
const reads = () => ssm().requests.length
const rotate = (name: string) => {
  store[name] = rotateVersions(store[name], new Date(time))
  return store[name]
}
const bearer = (token: string) => `Bearer ${token}`

/** A token signed with `value` under `kid`, otherwise valid. */
const signed = (value: string, kid: string | undefined) =>
  new SignJWT({ ver: 0 })
    .setJti('test-token')
    .setProtectedHeader(kid ? { alg: 'HS256', kid } : { alg: 'HS256' })
    .setSubject('asha')
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(value))

describe('signing keys from SSM', () => {
  it('signs with the current key and names its kid in the token header', async () => {
    const versions = rotate(signingParameter)
    const { token } = await issueToken('asha', 0)
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', kid: versions.current.kid })
    await expect(verifyAuthorization(bearer(token))).resolves.toMatchObject({ username: 'asha' })
  })

  it('reads the parameter once per cache time, and the rotated key after it', async () => {
    const first = rotate(signingParameter)
    await issueToken('asha', 0)
    expect(reads()).toBe(1)

    const second = rotate(signingParameter)
    time += secretCacheMilliseconds - 1
    const before = await issueToken('asha', 0)
    expect(reads()).toBe(1)
    expect(decodeProtectedHeader(before.token).kid).toBe(first.current.kid)

    time += 1
    const after = await issueToken('asha', 0)
    expect(reads()).toBe(2)
    expect(decodeProtectedHeader(after.token).kid).toBe(second.current.kid)
  })

  it('accepts a token signed with the previous key after a rotation (nobody is signed out)', async () => {
    rotate(signingParameter)
    const { token } = await issueToken('asha', 0)
    rotate(signingParameter)
    time += secretCacheMilliseconds
    await expect(verifyAuthorization(bearer(token))).resolves.toMatchObject({ username: 'asha' })
  })

  it('refuses a token whose key is older than the previous one (two rotations ago)', async () => {
    rotate(signingParameter)
    const { token } = await issueToken('asha', 0)
    rotate(signingParameter)
    rotate(signingParameter)
    time += secretCacheMilliseconds
    await expect(verifyAuthorization(bearer(token))).rejects.toBeInstanceOf(UnauthorizedError)
  })

  it('refuses an unknown kid, a known kid with another key, and a kid-less token not signed with the current key', async () => {
    const versions = rotate(signingParameter)
    rotate(signingParameter)
    const current = store[signingParameter]!.current
    for (const token of [
      await signed(current.value, 'no-such-kid'),
      await signed('another-secret-that-is-long-enough-0000000', current.kid),
      await signed(current.value, versions.current.kid), // the previous kid with the current key
      await signed(versions.current.value, undefined), // no kid: the current key only
    ]) {
      await expect(verifyAuthorization(bearer(token))).rejects.toBeInstanceOf(UnauthorizedError)
    }
    await expect(verifyAuthorization(bearer(await signed(current.value, undefined)))).resolves.toMatchObject({
      username: 'asha',
    })
  })

  it('reads again on an unknown kid (a key rotated in after this instance read it), at most once per cooldown', async () => {
    rotate(signingParameter)
    await issueToken('asha', 0)
    expect(reads()).toBe(1)
    // Another instance already signs with the new key.
    const fresh = rotate(signingParameter).current
    time += 1000
    await expect(verifyAuthorization(bearer(await signed(fresh.value, fresh.kid)))).rejects.toBeInstanceOf(
      UnauthorizedError,
    )
    expect(reads()).toBe(1) // within the cooldown after the first read: no second read
    time += refreshCooldownMilliseconds
    await expect(verifyAuthorization(bearer(await signed(fresh.value, fresh.kid)))).resolves.toMatchObject({
      username: 'asha',
    })
    expect(reads()).toBe(2)
    // A flood of unknown kids does not make it read on every request.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(
        verifyAuthorization(bearer(await signed(fresh.value, `forged-${attempt}`))),
      ).rejects.toBeInstanceOf(UnauthorizedError)
    }
    expect(reads()).toBe(2)
  })

  it('keeps using the keys it has when a later read fails, and reads again after the cooldown', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    rotate(signingParameter)
    const { token } = await issueToken('asha', 0)
    ssm().answer = () => throttle
    time += secretCacheMilliseconds
    await expect(verifyAuthorization(bearer(token))).resolves.toMatchObject({ username: 'asha' })
    expect(reads()).toBe(1 + failedRead)
    expect(String(vi.mocked(console.error).mock.calls[0]?.[0])).toMatch(/secret reload failed/)
    expect(vi.mocked(console.error).mock.calls[0]?.[0]).toMatch(/ThrottlingException/)
    time += refreshCooldownMilliseconds - 1
    await verifyAuthorization(bearer(token))
    expect(reads()).toBe(1 + failedRead)
    time += 1
    await verifyAuthorization(bearer(token))
    expect(reads()).toBe(1 + 2 * failedRead)
  })

  it('refuses to sign with a parameter that is not a version set, without showing its value', async () => {
    ssm().answer = () => ({ value: 'plain-old-secret-value-0123456789-abcdef' })
    const failure = await issueToken('asha', 0).catch((error: Error) => error)
    expect(String(failure)).toMatch(/does not hold JSON/)
    expect(String(failure)).not.toContain('plain-old-secret-value')
  })

  it('refuses a previous key under 32 bytes too', async () => {
    store[signingParameter] = {
      current: { kid: 'a', value: testSigningSecret },
      previous: { kid: 'b', value: 'short' },
    }
    await expect(issueToken('asha', 0)).rejects.toThrow('at least 32 bytes')
  })
})

describe('signing keys from the environment (stand-in, tests)', () => {
  it('derives the kid from the value and accepts SIGNING_SECRET_PREVIOUS', async () => {
    const previous = 'the-previous-local-signing-secret-0123456789'
    vi.stubEnv(functionEnv.signingSecret, previous)
    const { token } = await issueToken('asha', 0)
    expect(decodeProtectedHeader(token).kid).toBe(derivedKid(previous))

    vi.stubEnv(functionEnv.signingSecret, testSigningSecret)
    await expect(verifyAuthorization(bearer(token))).rejects.toBeInstanceOf(UnauthorizedError)
    vi.stubEnv(functionEnv.signingSecretPrevious, previous)
    await expect(verifyAuthorization(bearer(token))).resolves.toMatchObject({ username: 'asha' })
    expect(reads()).toBe(0)
  })
})

describe('the parameter format', () => {
  it('rotates: a new current version with a new kid, the old current as previous, the old previous dropped', () => {
    const first = rotateVersions(undefined, new Date('2026-11-23T10:00:00Z'))
    expect(first.previous).toBeUndefined()
    expect(first.current.kid).toMatch(/^20261123-[0-9a-f]{6}$/)
    expect(first.current.value).toMatch(/^[A-Za-z0-9_-]{64}$/)
    const second = rotateVersions(first)
    const third = rotateVersions(second)
    expect(third.previous).toEqual(second.current)
    expect(JSON.stringify(third)).not.toContain(first.current.value)
    expect(parseSecretVersions(serializeSecretVersions(third), 'p')).toEqual(third)
  })

  it.each([
    ['not JSON', 'abc'],
    ['no current', '{}'],
    ['a kid with a space', JSON.stringify({ current: { kid: 'a b', value: 'x' } })],
    ['an empty value', JSON.stringify({ current: { kid: 'a', value: '' } })],
    [
      'the same kid twice',
      JSON.stringify({ current: { kid: 'a', value: 'x' }, previous: { kid: 'a', value: 'y' } }),
    ],
  ])('refuses a parameter with %s', (_name, text) => {
    expect(() => parseSecretVersions(text, '/p')).toThrow(/\/p/)
  })
})

describe('the origin check with the origin secret in SSM', () => {
  const handle = vi.fn(async () => json(200, { ok: true }))
  const call = (value?: string) =>
    httpHandler('create-contact', handle)(
      apiEvent('create-contact', { body: {}, headers: value ? { [originSecretHeader]: value } : {} }),
      {} as never,
    )

  beforeEach(() => {
    handle.mockClear()
    vi.stubEnv(functionEnv.originSecretParameter, originParameter)
  })

  it('accepts the current and the previous value, and refuses the one before, a guess and none with 403', async () => {
    const oldest = rotate(originParameter).current.value
    const previous = rotate(originParameter).current.value
    const current = rotate(originParameter).current.value
    expect(await acceptedOriginSecrets()).toEqual([current, previous])
    expect(await call(current)).toMatchObject({ statusCode: 200 })
    expect(await call(previous)).toMatchObject({ statusCode: 200 })
    for (const value of [oldest, 'guess', `${current}x`, undefined]) {
      expect(await call(value)).toMatchObject({ statusCode: 403 })
    }
    expect(handle).toHaveBeenCalledTimes(2)
  })

  it('accepts a newly rotated value CloudFront already sends before the cache time is over', async () => {
    rotate(originParameter)
    expect(await call(store[originParameter]!.current.value)).toMatchObject({ statusCode: 200 })
    const next = rotate(originParameter).current.value
    time += refreshCooldownMilliseconds
    expect(await call(next)).toMatchObject({ statusCode: 200 })
    expect(reads()).toBe(2)
    // Requests without the header never make it read again.
    time += refreshCooldownMilliseconds
    expect(await call()).toMatchObject({ statusCode: 403 })
    expect(reads()).toBe(2)
  })

  it('answers 503 without running the handler when SSM is throttled on the first read, then recovers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const value = rotate(originParameter).current.value
    // Throttled on every attempt of the first read (its retries too), then answered.
    ssm().answer = () =>
      ssm().requests.length <= failedRead
        ? throttle
        : { value: serializeSecretVersions(store[originParameter]!) }
    const throttled = await call(value)
    expect(throttled).toMatchObject({ statusCode: 503 })
    expect(String(throttled.body)).not.toMatch(/Rate exceeded|Throttling/)
    expect(handle).not.toHaveBeenCalled()
    expect(await call(value)).toMatchObject({ statusCode: 200 })
  })

  it('lets every request through where no origin secret is configured (the stand-in)', async () => {
    vi.stubEnv(functionEnv.originSecretParameter, '')
    expect(await acceptedOriginSecrets()).toBeUndefined()
    expect(await call()).toMatchObject({ statusCode: 200 })
    expect(reads()).toBe(0)
  })
})
