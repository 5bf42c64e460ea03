import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { functionEnv, tables } from '../../functions/lib/store-definitions'
import { routes } from '../../functions/routes'
import { apiEvent, lambdaContext, parseResult } from '../support/events'
import { type FakeSns, startFakeSns } from '../support/fake-aws'
import { startTestEngines } from '../support/local-server'

/**
 * MFA that holds, on dynalite through the handlers in process: the hard cap on wrong codes per account
 * whatever the network (and its unlock), the roles that must use MFA (REQUIRE_MFA) and their self-service
 * enrolment with an enrolment-only token, recovery codes, the sessions that end on enrolment, disabling MFA
 * and a role change, and the secret kept out of the user record.
 */
/** SNS over loopback HTTP: Publish is one signed request (functions/lib/aws-request.ts), not an SDK client. */
let sns: FakeSns
const topicArn = 'arn:aws:sns:ap-south-1:123456789012:leads'

let stopEngines: () => Promise<void>
let passwords: typeof import('../../functions/lib/auth/passwords')
let adminUsers: typeof import('../../functions/lib/db/admin-users')
let mfaSecrets: typeof import('../../functions/lib/db/mfa-secrets')
let attempts: typeof import('../../functions/lib/db/login-attempts')
let sessions: typeof import('../../functions/lib/auth/sessions')
let signInModule: typeof import('../../functions/lib/auth/sign-in')
let enrolment: typeof import('../../functions/lib/auth/mfa-enrolment')
let totp: typeof import('../../functions/lib/auth/totp')
let clients: typeof import('../../functions/lib/clients')
let handlers: {
  login: typeof import('../../functions/admin/login').handler
  listJobs: typeof import('../../functions/admin/list-jobs').handler
  enrol: typeof import('../../functions/admin/mfa-enrol').handler
  confirm: typeof import('../../functions/admin/mfa-confirm').handler
  unlock: typeof import('../../functions/admin/unlock-user').handler
}

const fast = { N: 2 ** 10, r: 8, p: 1 }
const rightPassword = 'the right long password'

beforeAll(async () => {
  stopEngines = await startTestEngines()
  sns = await startFakeSns()
  process.env.AWS_ENDPOINT_URL_SNS = sns.url
  passwords = await import('../../functions/lib/auth/passwords')
  adminUsers = await import('../../functions/lib/db/admin-users')
  mfaSecrets = await import('../../functions/lib/db/mfa-secrets')
  attempts = await import('../../functions/lib/db/login-attempts')
  sessions = await import('../../functions/lib/auth/sessions')
  signInModule = await import('../../functions/lib/auth/sign-in')
  enrolment = await import('../../functions/lib/auth/mfa-enrolment')
  totp = await import('../../functions/lib/auth/totp')
  clients = await import('../../functions/lib/clients')
  handlers = {
    login: (await import('../../functions/admin/login')).handler,
    listJobs: (await import('../../functions/admin/list-jobs')).handler,
    enrol: (await import('../../functions/admin/mfa-enrol')).handler,
    confirm: (await import('../../functions/admin/mfa-confirm')).handler,
    unlock: (await import('../../functions/admin/unlock-user')).handler,
  }
})
afterAll(async () => {
  await stopEngines?.()
  delete process.env.AWS_ENDPOINT_URL_SNS
  await sns.close()
})
beforeEach(() => {
  sessions.resetSessionCache()
  sns.published.length = 0
  sns.answer = () => 'ok'
  // Failures from anywhere slow sign-in down; these tests do not wait for it.
  vi.spyOn(signInModule.signInWaits, 'sleep').mockResolvedValue(undefined)
})
afterEach(() => {
  vi.restoreAllMocks()
  delete process.env[functionEnv.requireMfa]
  delete process.env[functionEnv.leadsTopicArn]
})

async function createAdmin(username: string, role?: 'owner' | 'sales' | 'editor' | 'viewer'): Promise<void> {
  await adminUsers.saveAdminUser(
    username,
    await passwords.hashPassword(rightPassword, fast),
    new Date(),
    role,
  )
}

/** POST /api/admin/login from `sourceIp`. */
async function signIn(body: Record<string, unknown>, sourceIp = '198.51.100.1') {
  const event = apiEvent('admin-login', { body })
  event.requestContext.http.sourceIp = sourceIp
  return parseResult(await handlers.login(event, lambdaContext))
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const jobsWith = async (token: string) =>
  parseResult(await handlers.listJobs(apiEvent('admin-list-jobs', { headers: bearer(token) }), lambdaContext))
    .status
const enrolWith = async (token: string) =>
  parseResult(await handlers.enrol(apiEvent('admin-mfa-enrol', { headers: bearer(token) }), lambdaContext))
const confirmWith = async (token: string, code: unknown) =>
  parseResult(
    await handlers.confirm(
      apiEvent('admin-mfa-confirm', { headers: bearer(token), body: { code } }),
      lambdaContext,
    ),
  )
const unlockWith = async (token: string, username: string) =>
  parseResult(
    await handlers.unlock(
      apiEvent('admin-unlock-user', { headers: bearer(token), pathParameters: { username } }),
      lambdaContext,
    ),
  )
/** A token of a new owner without MFA (REQUIRE_MFA unset). */
async function ownerToken(username: string): Promise<string> {
  await createAdmin(username, 'owner')
  return (await signIn({ username, password: rightPassword })).body.token as string
}
/** The raw item of `username` in `partition` of the content table. */
async function storedItem(partition: string, username: string) {
  const { partitionKey, sortKey } = tables.content
  const reply = await clients.dynamo().send(
    new GetCommand({
      TableName: tables.content.localName,
      Key: { [partitionKey]: partition, [sortKey]: username },
      ConsistentRead: true,
    }),
  )
  return reply.Item
}
/** A code of `secret` for a time step `offset` steps from now. */
const codeAt = (secret: string, offset = 0) => totp.totpCode(secret, Date.now() + offset * 30_000)
/** A 6-digit code that is not the current one (nor the one before or after). */
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1].map((offset) => codeAt(secret, offset)))
  for (let value = 0; ; value += 1) {
    const code = String(value).padStart(6, '0')
    if (!near.has(code)) return code
  }
}

describe('the hard cap on wrong MFA codes per account', () => {
  it('locks the MFA step after 10 wrong codes from two networks: the right code from a third is refused, and the owners are told', async () => {
    process.env[functionEnv.leadsTopicArn] = topicArn
    await createAdmin('capped')
    const secret = totp.newTotpSecret()
    expect(await adminUsers.enableAdminMfa('capped', secret)).toBe('done')
    const wrong = wrongCode(secret)
    for (const network of ['203.0.113.10', '198.51.100.77']) {
      for (let index = 0; index < 5; index += 1) {
        const reply = await signIn({ username: 'capped', password: rightPassword, code: wrong }, network)
        expect(reply).toMatchObject({ status: 401, body: { mfaRequired: true } })
      }
    }
    const third = await signIn(
      { username: 'capped', password: rightPassword, code: codeAt(secret) },
      '192.0.2.33',
    )
    expect(third.status).toBe(429)
    expect(third.body.error).toBe(signInModule.mfaLockedMessage)
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0)
    // The owners were told once, on the leads' topic, naming the account.
    const published = sns.published
    expect(published).toHaveLength(1)
    expect(published[0]).toMatchObject({ TopicArn: topicArn })
    expect(published[0]?.Subject).toContain('capped')
    expect(published[0]?.Message).toContain('npm run admin -- unlock capped')
    // The code it refused was never checked, so it is still good once unlocked.
    expect(await attempts.clearLoginAttempts('capped')).toBeGreaterThanOrEqual(1)
    const after = await signIn(
      { username: 'capped', password: rightPassword, code: codeAt(secret) },
      '192.0.2.33',
    )
    expect(after.status).toBe(200)
  })

  it('checks no more than 10 codes when 30 wrong ones arrive at once from 30 networks, and tells the owners once', async () => {
    process.env[functionEnv.leadsTopicArn] = topicArn
    await createAdmin('burst-mfa')
    const secret = totp.newTotpSecret()
    await adminUsers.enableAdminMfa('burst-mfa', secret)
    const wrong = wrongCode(secret)
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        signIn({ username: 'burst-mfa', password: rightPassword, code: wrong }, `192.0.2.${index + 1}`),
      ),
    )
    const statuses = replies.map((reply) => reply.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      attempts.loginLimits.mfaFailuresPerAccount,
    )
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      30 - attempts.loginLimits.mfaFailuresPerAccount,
    )
    expect(sns.published).toHaveLength(1)
  })

  it('is cleared by an owner in the workspace (POST /api/admin/users/{username}/unlock), and by nobody else', async () => {
    await createAdmin('unlockme', 'sales')
    const secret = totp.newTotpSecret()
    await adminUsers.enableAdminMfa('unlockme', secret)
    const wrong = wrongCode(secret)
    for (let index = 0; index < 10; index += 1) {
      await signIn({ username: 'unlockme', password: rightPassword, code: wrong }, `203.0.113.${100 + index}`)
    }
    expect(await attempts.mfaLocked('unlockme')).toBe(true)
    await createAdmin('salesperson', 'sales')
    const salesToken = (await signIn({ username: 'salesperson', password: rightPassword })).body
      .token as string
    expect((await unlockWith(salesToken, 'unlockme')).status).toBe(403)
    expect(await attempts.mfaLocked('unlockme')).toBe(true)
    const owner = await ownerToken('unlocking-owner')
    expect((await unlockWith(owner, 'nobody-here')).status).toBe(404)
    const unlocked = await unlockWith(owner, 'unlockme')
    expect(unlocked.status).toBe(200)
    expect(unlocked.body.cleared).toBeGreaterThanOrEqual(1)
    expect(await attempts.mfaLocked('unlockme')).toBe(false)
    expect(
      (await signIn({ username: 'unlockme', password: rightPassword, code: codeAt(secret) }, '192.0.2.99'))
        .status,
    ).toBe(200)
  })
})

describe('required MFA and self-service enrolment', () => {
  it('gives a sales user without MFA an enrolment-only token that no other route accepts', async () => {
    process.env[functionEnv.requireMfa] = 'owner,sales,viewer'
    await createAdmin('newbie', 'sales')
    const reply = await signIn({ username: 'newbie', password: rightPassword })
    expect(reply.status).toBe(200)
    expect(reply.body.mfaEnrolmentRequired).toBe(true)
    const token = reply.body.token as string
    const refused = parseResult(
      await handlers.listJobs(apiEvent('admin-list-jobs', { headers: bearer(token) }), lambdaContext),
    )
    expect(refused.status).toBe(401)
    expect(refused.body.error).toMatch(/MFA/)
    // An editor (not in the list) signs in as before.
    await createAdmin('free-editor', 'editor')
    const editor = await signIn({ username: 'free-editor', password: rightPassword })
    expect(editor.body.mfaEnrolmentRequired).toBeUndefined()
    expect(await jobsWith(editor.body.token)).toBe(200)
  })

  it('enrols with the QR code and a code, shows 10 recovery codes once, and then asks for the code at sign-in', async () => {
    process.env[functionEnv.requireMfa] = 'owner,sales,viewer'
    await createAdmin('enroller', 'viewer')
    const limited = (await signIn({ username: 'enroller', password: rightPassword })).body.token as string
    const started = await enrolWith(limited)
    expect(started.status).toBe(200)
    expect(started.body.uri).toMatch(/^otpauth:\/\/totp\/.*enroller.*secret=/)
    expect(started.body.qrCode).toMatch(/^data:image\/png;base64,/)
    const secret = started.body.secret as string

    // A wrong code: refused, nothing written (still pending, not enrolled, sessions as they were).
    const before = await adminUsers.getAdminUser('enroller')
    const wrong = await confirmWith(limited, wrongCode(secret))
    expect(wrong).toMatchObject({ status: 400, body: { error: enrolment.enrolmentCodeWrongMessage } })
    expect(await mfaSecrets.getMfaSecret('enroller')).toBeUndefined()
    expect(await adminUsers.getAdminUser('enroller')).toEqual(before)

    const confirmed = await confirmWith(limited, codeAt(secret))
    expect(confirmed.status).toBe(200)
    const recoveryCodes = confirmed.body.recoveryCodes as string[]
    expect(recoveryCodes).toHaveLength(totp.recoveryCodeCount)
    expect(new Set(recoveryCodes).size).toBe(totp.recoveryCodeCount)
    expect(await jobsWith(confirmed.body.token)).toBe(200)
    // Stored hashed, in the secret's own item; the user record holds no secret.
    const secretItem = await storedItem('MFA_SECRET', 'enroller')
    expect(secretItem?.secret).toBe(secret)
    expect([...(secretItem?.recoveryCodes ?? [])]).not.toContain(recoveryCodes[0])
    const userItem = await storedItem('ADMIN', 'enroller')
    expect(userItem?.mfaSecret).toBeUndefined()
    expect(userItem?.mfaEnrolled).toBe(true)

    // A second enrolment is refused, and the confirmed one cannot be confirmed again.
    expect((await enrolWith(confirmed.body.token)).status).toBe(409)
    expect((await confirmWith(confirmed.body.token, codeAt(secret, 1))).status).toBe(409)

    // Sign-in now asks for the code; a recovery code works once in its place.
    const noCode = await signIn({ username: 'enroller', password: rightPassword }, '198.51.100.40')
    expect(noCode.body).toMatchObject({ mfaRequired: true })
    const recovery = recoveryCodes[3]!.toUpperCase().replace('-', ' ')
    const withRecovery = await signIn(
      { username: 'enroller', password: rightPassword, code: recovery },
      '198.51.100.41',
    )
    expect(withRecovery.status).toBe(200)
    expect(withRecovery.body.mfaEnrolmentRequired).toBeUndefined()
    const again = await signIn(
      { username: 'enroller', password: rightPassword, code: recoveryCodes[3] },
      '198.51.100.42',
    )
    expect(again).toMatchObject({
      status: 401,
      body: { mfaRequired: true, error: signInModule.mfaCodeWrongMessage },
    })
  })

  it('refuses an expired enrolment, a reused code and another user’s token, with nothing written', async () => {
    const aliceToken = await ownerToken('alice-mfa')
    const bobToken = await ownerToken('bob-mfa')

    // Expired: started 11 minutes ago.
    const old = totp.newTotpSecret()
    await mfaSecrets.startMfaEnrolment('alice-mfa', old, new Date(Date.now() - 11 * 60_000))
    const expired = await confirmWith(aliceToken, codeAt(old))
    expect(expired).toMatchObject({ status: 400, body: { error: enrolment.enrolmentExpiredMessage } })
    expect(await mfaSecrets.getMfaSecret('alice-mfa')).toBeUndefined()

    // Another user's token confirms nothing of Alice's: Bob has no enrolment of his own.
    const started = await enrolWith(aliceToken)
    const secret = started.body.secret as string
    const crossed = await confirmWith(bobToken, codeAt(secret))
    expect(crossed).toMatchObject({ status: 400, body: { error: enrolment.noEnrolmentMessage } })
    expect(await mfaSecrets.pendingMfaEnrolment('bob-mfa')).toEqual({ state: 'none' })
    expect(await mfaSecrets.pendingMfaEnrolment('alice-mfa')).toEqual({ state: 'pending', secret })

    // A code of a time step already used (a replay) is refused, and the enrolment stays pending.
    const code = codeAt(secret)
    expect(await adminUsers.claimAdminMfaStep('alice-mfa', totp.totpStep(secret, code) as number)).toBe(true)
    const reused = await confirmWith(aliceToken, code)
    expect(reused).toMatchObject({ status: 400, body: { error: enrolment.enrolmentCodeUsedMessage } })
    expect(await mfaSecrets.getMfaSecret('alice-mfa')).toBeUndefined()
    expect((await mfaSecrets.pendingMfaEnrolment('alice-mfa')).state).toBe('pending')

    // A body that is not a 6-digit code: 400 before anything is read.
    expect((await confirmWith(aliceToken, '12ab56')).status).toBe(400)
  })
})

describe('sessions end on enrolment, disabling MFA and a role change', () => {
  it('ends the other sessions of a user who enrols, keeping the one the confirmation gives', async () => {
    const first = await ownerToken('rotator')
    const second = (await signIn({ username: 'rotator', password: rightPassword })).body.token as string
    const secret = (await enrolWith(first)).body.secret as string
    const confirmed = await confirmWith(first, codeAt(secret))
    expect(confirmed.status).toBe(200)
    // The confirming instance knows at once; any other within its cache time.
    expect(await jobsWith(confirmed.body.token)).toBe(200)
    sessions.resetSessionCache()
    expect(await jobsWith(first)).toBe(401)
    expect(await jobsWith(second)).toBe(401)
    expect(await jobsWith(confirmed.body.token)).toBe(200)
  })

  it('ends every session when MFA is disabled or the role changes', async () => {
    await createAdmin('changer', 'sales')
    const secret = totp.newTotpSecret()
    await adminUsers.enableAdminMfa('changer', secret)
    const signInWith = async (offset: number) =>
      (await signIn({ username: 'changer', password: rightPassword, code: codeAt(secret, offset) })).body
        .token as string
    const beforeDisable = await signInWith(0)
    expect(await jobsWith(beforeDisable)).toBe(200)
    expect(await adminUsers.disableAdminMfa('changer')).toBe('done')
    sessions.resetSessionCache()
    expect(await jobsWith(beforeDisable)).toBe(401)
    expect(await mfaSecrets.getMfaSecret('changer')).toBeUndefined()

    const beforeRole = (await signIn({ username: 'changer', password: rightPassword })).body.token as string
    expect(await jobsWith(beforeRole)).toBe(200)
    expect(await adminUsers.setAdminRole('changer', 'viewer')).toBe('done')
    sessions.resetSessionCache()
    expect(await jobsWith(beforeRole)).toBe(401)
  })
})

describe('the TOTP secret', () => {
  it('is kept in its own item, which only the sign-in and the enrolment routes may read', async () => {
    await createAdmin('secretive')
    const secret = totp.newTotpSecret()
    await adminUsers.enableAdminMfa('secretive', secret)
    expect((await storedItem('ADMIN', 'secretive'))?.mfaSecret).toBeUndefined()
    expect((await storedItem('MFA_SECRET', 'secretive'))?.secret).toBe(secret)
    const readers = routes
      .filter((route) => (route.access as { content?: Record<string, unknown> }).content?.MFA_SECRET)
      .map((route) => route.id)
    expect(readers.sort()).toEqual(['admin-login', 'admin-mfa-confirm', 'admin-mfa-enrol'])
  })
})
