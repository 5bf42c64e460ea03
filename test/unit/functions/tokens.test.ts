import { SignJWT, UnsecuredJWT } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { rememberSessionState, resetSessionCache } from '../../../functions/lib/auth/sessions'
import {
  issueToken,
  resetSigningKey,
  tokenAudience,
  tokenIssuer,
  verifyAuthorization,
} from '../../../functions/lib/auth/tokens'
import { UnauthorizedError } from '../../../functions/lib/errors'
import { functionEnv } from '../../../functions/lib/store-definitions'
import { testSigningSecret } from '../../support/env'

const key = new TextEncoder().encode(testSigningSecret)
const now = () => Math.floor(Date.now() / 1000)

/** Otherwise valid claims: each bad token below has one flaw only. */
function claims(payload: Record<string, unknown> = { ver: 0 }) {
  return new SignJWT(payload)
    .setJti('token-1')
    .setSubject('admin')
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt()
}

// The users' session records as verification would read them (sessions.test.ts reads real ones).
beforeEach(() => {
  for (const username of ['admin', 'asha']) {
    rememberSessionState(username, { sessionVersion: 0, revokedTokens: new Set(), role: 'owner' })
  }
})
afterEach(() => {
  process.env[functionEnv.signingSecret] = testSigningSecret
  resetSigningKey()
  resetSessionCache()
})

describe('verifyAuthorization', () => {
  it('accepts a token it issued and names its user, with the role read from the user record', async () => {
    rememberSessionState('asha', { sessionVersion: 0, revokedTokens: new Set(), role: 'sales' })
    const { token, expiresAt } = await issueToken('asha', 0)
    await expect(verifyAuthorization(`Bearer ${token}`)).resolves.toEqual({
      username: 'asha',
      sessionVersion: 0,
      tokenId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      expiresAt: Math.floor(expiresAt.getTime() / 1000),
      role: 'sales',
      // A full token: not the enrolment-only one a user who must set up MFA gets at sign-in.
      enrolmentOnly: false,
      passwordChangeOnly: false,
    })
    const hours = (expiresAt.getTime() - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(7.9)
    expect(hours).toBeLessThanOrEqual(8)
  })

  const badTokens: Record<string, () => Promise<string>> = {
    'alg none': async () =>
      new UnsecuredJWT({})
        .setSubject('admin')
        .setIssuer(tokenIssuer)
        .setAudience(tokenAudience)
        .setExpirationTime('1h')
        .encode(),
    'alg HS512': async () => claims().setProtectedHeader({ alg: 'HS512' }).setExpirationTime('1h').sign(key),
    expired: async () =>
      claims()
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(now() - 60)
        .sign(key),
    'no exp': async () => claims().setProtectedHeader({ alg: 'HS256' }).sign(key),
    'wrong audience': async () =>
      claims()
        .setAudience('someone-else')
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(key),
    'wrong issuer': async () =>
      claims()
        .setIssuer('someone-else')
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(key),
    'bad signature': async () =>
      claims()
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-that-is-long-enough-000000')),
    // Tokens issued before sessions could be revoked carry neither a version nor an id.
    'no session version': async () =>
      claims({}).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(key),
    'a session version that is not a number': async () =>
      claims({ ver: '0' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(key),
    'no token id': async () =>
      new SignJWT({ ver: 0 })
        .setSubject('admin')
        .setIssuer(tokenIssuer)
        .setAudience(tokenAudience)
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(key),
    'future nbf': async () =>
      claims()
        .setProtectedHeader({ alg: 'HS256' })
        .setNotBefore(now() + 3600)
        .setExpirationTime('2h')
        .sign(key),
  }

  it('accepts the control token of the bad ones (each of those has one flaw only)', async () => {
    const token = await claims().setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(key)
    await expect(verifyAuthorization(`Bearer ${token}`)).resolves.toMatchObject({ username: 'admin' })
  })

  for (const [name, make] of Object.entries(badTokens)) {
    it(`refuses a token with ${name}`, async () => {
      const token = await make()
      await expect(verifyAuthorization(`Bearer ${token}`)).rejects.toBeInstanceOf(UnauthorizedError)
    })
  }

  it('says the session expired for an expired token', async () => {
    const token = await badTokens.expired!()
    await expect(verifyAuthorization(`Bearer ${token}`)).rejects.toThrow('Your session has expired')
  })

  it('refuses a missing or malformed header', async () => {
    for (const header of [undefined, '', 'Bearer', 'Basic YWRtaW46YWRtaW4=', 'Bearer a b', 'token']) {
      await expect(verifyAuthorization(header)).rejects.toBeInstanceOf(UnauthorizedError)
    }
  })

  it('refuses to work with a signing secret shorter than 32 bytes', async () => {
    process.env[functionEnv.signingSecret] = 'too-short'
    resetSigningKey()
    await expect(issueToken('asha', 0)).rejects.toThrow('at least 32 bytes')
  })
})
