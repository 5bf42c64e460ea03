import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiEvent, lambdaContext, parseResult } from '../support/events'
import { withTestEngines } from '../support/local-server'

/**
 * Sign-in protection, sessions and MFA on dynalite, through the login and logout handlers in process: the
 * lockout per username and client network, the atomic reservation under a parallel burst, unlock, logout and
 * revocation by password reset and deletion, and the TOTP second factor.
 */
vi.mock('../../functions/lib/auth/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../functions/lib/auth/passwords')>()
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) }
})

let passwords: typeof import('../../functions/lib/auth/passwords')
let adminUsers: typeof import('../../functions/lib/db/admin-users')
let attempts: typeof import('../../functions/lib/db/login-attempts')
let sessions: typeof import('../../functions/lib/auth/sessions')
let signInModule: typeof import('../../functions/lib/auth/sign-in')
let login: typeof import('../../functions/admin/login').handler
let logout: typeof import('../../functions/admin/logout').handler
let listJobs: typeof import('../../functions/admin/list-jobs').handler

const fast = { N: 2 ** 10, r: 8, p: 1 }
const rightPassword = 'the right long password'

withTestEngines()
beforeAll(async () => {
  passwords = await import('../../functions/lib/auth/passwords')
  adminUsers = await import('../../functions/lib/db/admin-users')
  attempts = await import('../../functions/lib/db/login-attempts')
  sessions = await import('../../functions/lib/auth/sessions')
  signInModule = await import('../../functions/lib/auth/sign-in')
  login = (await import('../../functions/admin/login')).handler
  logout = (await import('../../functions/admin/logout')).handler
  listJobs = (await import('../../functions/admin/list-jobs')).handler
})
beforeEach(() => {
  vi.mocked(passwords.verifyPassword).mockClear()
  sessions.resetSessionCache()
})

async function createAdmin(username: string): Promise<void> {
  await adminUsers.saveAdminUser(username, await passwords.hashPassword(rightPassword, fast))
}

/** POST /api/admin/login from `sourceIp`. */
async function signIn(body: Record<string, unknown>, sourceIp = '198.51.100.1') {
  const event = apiEvent('admin-login', { body })
  event.requestContext.http.sourceIp = sourceIp
  return parseResult(await login(event, lambdaContext))
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const jobsWith = async (token: string) =>
  parseResult(await listJobs(apiEvent('admin-list-jobs', { headers: bearer(token) }), lambdaContext)).status
const logoutWith = async (token: string) =>
  (await logout(apiEvent('admin-logout', { headers: bearer(token) }), lambdaContext)).statusCode

describe('the sign-in lockout', () => {
  it('checks no more passwords than the limit when 50 wrong attempts arrive at once from one network', async () => {
    await createAdmin('burst')
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        signIn({ username: 'burst', password: `guess ${index}` }, '203.0.113.9'),
      ),
    )
    const statuses = replies.map((reply) => reply.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      attempts.loginLimits.perUsernameAndNetwork,
    )
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      50 - attempts.loginLimits.perUsernameAndNetwork,
    )
    expect(passwords.verifyPassword).toHaveBeenCalledTimes(attempts.loginLimits.perUsernameAndNetwork)
  })

  it('keeps the attacker network locked while another network signs in with the right password', async () => {
    await createAdmin('target')
    for (let index = 0; index < 5; index += 1) {
      expect((await signIn({ username: 'target', password: `guess ${index}` }, '203.0.113.66')).status).toBe(
        401,
      )
    }
    const locked = await signIn({ username: 'TARGET', password: rightPassword }, '203.0.113.66')
    expect(locked.status).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
    // Another address of the attacker's IPv6 /64 is the same network... (checked below); an office elsewhere:
    const sleep = vi.spyOn(signInModule.signInWaits, 'sleep').mockResolvedValue(undefined)
    const office = await signIn({ username: 'target', password: rightPassword }, '192.0.2.200')
    expect(office.status).toBe(200)
    // It waited first: five failures from anywhere slow each attempt down, they do not refuse it.
    expect(sleep).toHaveBeenCalledWith(attempts.loginDelayMs(5))
    sleep.mockRestore()
    // The attacker's network stays locked for this username.
    expect((await signIn({ username: 'target', password: rightPassword }, '203.0.113.66')).status).toBe(429)
  })

  it('counts every address of one IPv6 /64 as one network, and another /64 apart', async () => {
    await createAdmin('six')
    for (let index = 1; index <= 5; index += 1) {
      const reply = await signIn(
        { username: 'six', password: 'wrong' },
        `2001:db8:1:2::${index.toString(16)}`,
      )
      expect(reply.status).toBe(401)
    }
    expect((await signIn({ username: 'six', password: rightPassword }, '2001:DB8:1:2:ffff::9')).status).toBe(
      429,
    )
    const sleep = vi.spyOn(signInModule.signInWaits, 'sleep').mockResolvedValue(undefined)
    expect((await signIn({ username: 'six', password: rightPassword }, '2001:db8:1:3::1')).status).toBe(200)
    sleep.mockRestore()
  })

  it('is cleared by unlock: the locked network signs in again', async () => {
    await createAdmin('locked')
    for (let index = 0; index < 5; index += 1) {
      await signIn({ username: 'locked', password: 'wrong' }, '203.0.113.77')
    }
    expect((await signIn({ username: 'locked', password: rightPassword }, '203.0.113.77')).status).toBe(429)
    expect(await attempts.clearLoginAttempts('Locked')).toBe(2)
    expect((await signIn({ username: 'locked', password: rightPassword }, '203.0.113.77')).status).toBe(200)
    expect(await attempts.clearLoginAttempts('locked')).toBe(0)
  })
})

describe('sessions', () => {
  it('logout answers 204 and that token is refused from then on; another token of the user stays valid', async () => {
    await createAdmin('leaver')
    const first = (await signIn({ username: 'leaver', password: rightPassword })).body.token as string
    const second = (await signIn({ username: 'leaver', password: rightPassword })).body.token as string
    expect(await jobsWith(first)).toBe(200)
    expect(await logoutWith(first)).toBe(204)
    // Refused at once by the instance that handled the logout...
    expect(await jobsWith(first)).toBe(401)
    // ... and by any other once its cache (at most 30 s) is renewed.
    sessions.resetSessionCache()
    expect(await jobsWith(first)).toBe(401)
    expect(await logoutWith(first)).toBe(401)
    expect(await jobsWith(second)).toBe(200)
  })

  it('a password reset refuses every token issued before it', async () => {
    await createAdmin('resetter')
    const token = (await signIn({ username: 'resetter', password: rightPassword })).body.token as string
    expect(await jobsWith(token)).toBe(200)
    await adminUsers.saveAdminUser('resetter', await passwords.hashPassword('a new long password', fast))
    sessions.resetSessionCache()
    expect(await jobsWith(token)).toBe(401)
    const fresh = (await signIn({ username: 'resetter', password: 'a new long password' })).body
      .token as string
    expect(await jobsWith(fresh)).toBe(200)
  })

  it('a deleted user’s token is refused', async () => {
    await createAdmin('removed')
    const token = (await signIn({ username: 'removed', password: rightPassword })).body.token as string
    expect(await jobsWith(token)).toBe(200)
    expect(await adminUsers.deleteAdminUser('removed')).toBe(true)
    sessions.resetSessionCache()
    expect(await jobsWith(token)).toBe(401)
    expect(await logoutWith(token)).toBe(401)
  })

  it('forgets signed-out tokens once they have expired', async () => {
    await createAdmin('tidy')
    await adminUsers.revokeAdminToken('tidy', '100:old', 50)
    await adminUsers.revokeAdminToken('tidy', '300:new', 200)
    const state = await adminUsers.getAdminSessionState('tidy')
    expect([...(state?.revokedTokens ?? [])]).toEqual(['300:new'])
  })
})

describe('MFA (TOTP)', () => {
  let totp: typeof import('../../functions/lib/auth/totp')
  let secret: string
  beforeAll(async () => {
    totp = await import('../../functions/lib/auth/totp')
    secret = totp.newTotpSecret()
    await createAdmin('mfa')
    expect(await adminUsers.enableAdminMfa('mfa', secret)).toBe('done')
  })
  const step = (offset = 0) => Date.now() + offset * 30_000

  it('asks for the code only once the password matched, and then signs in with it', async () => {
    const wrongPassword = await signIn({ username: 'mfa', password: 'wrong' }, '198.51.100.20')
    expect(wrongPassword).toMatchObject({ status: 401, body: { error: 'Invalid username or password.' } })
    expect(wrongPassword.body.mfaRequired).toBeUndefined()

    const noCode = await signIn({ username: 'mfa', password: rightPassword }, '198.51.100.20')
    expect(noCode.status).toBe(401)
    expect(noCode.body).toEqual({ error: signInModule.mfaCodeMissingMessage, mfaRequired: true })
    expect(noCode.headers['www-authenticate']).toBe('Bearer')

    const signedIn = await signIn(
      { username: 'mfa', password: rightPassword, code: totp.totpCode(secret, step()) },
      '198.51.100.20',
    )
    expect(signedIn.status).toBe(200)
    expect(await jobsWith(signedIn.body.token)).toBe(200)
  })

  it('refuses a code already used (the same time step), and a wrong one, each counted as a failure', async () => {
    const code = totp.totpCode(secret, step(1))
    // A code of the next step is accepted (clock drift), once.
    const first = await signIn({ username: 'mfa', password: rightPassword, code }, '198.51.100.21')
    expect(first.status).toBe(200)
    const replay = await signIn({ username: 'mfa', password: rightPassword, code }, '198.51.100.21')
    expect(replay).toMatchObject({
      status: 401,
      body: { mfaRequired: true, error: signInModule.mfaCodeWrongMessage },
    })
    // So is a code of an earlier step than the last one used.
    const earlier = await signIn(
      { username: 'mfa', password: rightPassword, code: totp.totpCode(secret, step()) },
      '198.51.100.21',
    )
    expect(earlier.status).toBe(401)
    const wrongCode = totp.totpCode(secret, step(5))
    for (let index = 0; index < 3; index += 1) {
      const reply = await signIn(
        { username: 'mfa', password: rightPassword, code: wrongCode },
        '198.51.100.21',
      )
      expect(reply).toMatchObject({ status: 401, body: { mfaRequired: true } })
    }
    // Five failures from this network for this username (the replay, the earlier and three wrong codes).
    const locked = await signIn(
      { username: 'mfa', password: rightPassword, code: totp.totpCode(secret, step(2)) },
      '198.51.100.21',
    )
    expect(locked.status).toBe(429)
  })

  it('keeps the enrolment when the password is reset, and signs in with the password only once disabled', async () => {
    await adminUsers.saveAdminUser('mfa', await passwords.hashPassword(rightPassword, fast))
    const { getMfaSecret } = await import('../../functions/lib/db/mfa-secrets')
    expect(await getMfaSecret('mfa')).toBe(secret)
    expect((await adminUsers.getAdminUser('mfa'))?.mfaEnrolled).toBe(true)
    const noCode = await signIn({ username: 'mfa', password: rightPassword }, '198.51.100.22')
    expect(noCode.body.mfaRequired).toBe(true)
    expect(await adminUsers.enableAdminMfa('mfa', totp.newTotpSecret())).toBe('unchanged')
    expect(await adminUsers.disableAdminMfa('mfa')).toBe('done')
    expect(await adminUsers.disableAdminMfa('mfa')).toBe('unchanged')
    expect(await adminUsers.disableAdminMfa('nobody')).toBe('not-found')
    expect(await adminUsers.enableAdminMfa('nobody', secret)).toBe('not-found')
    expect((await signIn({ username: 'mfa', password: rightPassword }, '198.51.100.22')).status).toBe(200)
  })

  it('answers 400 for a code that is not 6 digits, before any check', async () => {
    for (const code of ['12345', '1234567', 'abcdef', 123456, '12 345']) {
      const reply = await signIn({ username: 'mfa', password: rightPassword, code }, '198.51.100.23')
      expect(reply.status).toBe(400)
      expect(reply.body.fields).toEqual({ code: 'Enter the 6-digit code' })
    }
    expect(passwords.verifyPassword).not.toHaveBeenCalled()
  })
})
