import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { functionEnv } from '../../functions/lib/store-definitions'
import { apiEvent, lambdaContext, parseResult } from '../support/events'
import { withTestEngines } from '../support/local-server'

/**
 * The one-time password an owner is shown when adding a user, on dynalite through the handlers in process:
 * it signs in once, to a token that opens the password change alone; the user's own password replaces it
 * (then MFA enrolment when the role needs it), every earlier token ends, and the one-time password no
 * longer signs in. A signed-in user changes their password with the current one.
 */
let passwords: typeof import('../../functions/lib/auth/passwords')
let adminUsers: typeof import('../../functions/lib/db/admin-users')
let sessions: typeof import('../../functions/lib/auth/sessions')
let signInModule: typeof import('../../functions/lib/auth/sign-in')
let audit: typeof import('../../functions/lib/db/audit')
let handlers: {
  login: typeof import('../../functions/admin/login').handler
  listJobs: typeof import('../../functions/admin/list-jobs').handler
  createUser: typeof import('../../functions/admin/create-user').handler
  changePassword: typeof import('../../functions/admin/change-password').handler
  enrol: typeof import('../../functions/admin/mfa-enrol').handler
}

const fast = { N: 2 ** 10, r: 8, p: 1 }
const ownerPassword = 'the owner long password'

withTestEngines()
beforeAll(async () => {
  passwords = await import('../../functions/lib/auth/passwords')
  adminUsers = await import('../../functions/lib/db/admin-users')
  sessions = await import('../../functions/lib/auth/sessions')
  signInModule = await import('../../functions/lib/auth/sign-in')
  audit = await import('../../functions/lib/db/audit')
  handlers = {
    login: (await import('../../functions/admin/login')).handler,
    listJobs: (await import('../../functions/admin/list-jobs')).handler,
    createUser: (await import('../../functions/admin/create-user')).handler,
    changePassword: (await import('../../functions/admin/change-password')).handler,
    enrol: (await import('../../functions/admin/mfa-enrol')).handler,
  }
  passwords.setNewPasswordCostForTests(fast)
})
afterAll(async () => {
  passwords.setNewPasswordCostForTests()
})
beforeEach(() => {
  sessions.resetSessionCache()
  vi.spyOn(signInModule.signInWaits, 'sleep').mockResolvedValue(undefined)
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.restoreAllMocks()
  delete process.env[functionEnv.requireMfa]
})

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
async function signIn(username: string, password: string) {
  return parseResult(
    await handlers.login(apiEvent('admin-login', { body: { username, password } }), lambdaContext),
  )
}
const jobsWith = async (token: string) =>
  parseResult(await handlers.listJobs(apiEvent('admin-list-jobs', { headers: bearer(token) }), lambdaContext))
const changeWith = async (token: string, body: unknown) => {
  const result = await handlers.changePassword(
    apiEvent('admin-change-password', { headers: bearer(token), body }),
    lambdaContext,
  )
  return { ...parseResult(result), cookies: result.cookies ?? [] }
}

/** An owner signed in, who adds `username` with `role`: the one-time password the reply showed. */
async function addUser(owner: string, username: string, role: 'sales' | 'editor'): Promise<string> {
  await adminUsers.saveAdminUser(
    owner,
    await passwords.hashPassword(ownerPassword, fast),
    new Date(),
    'owner',
  )
  const ownerToken = (await signIn(owner, ownerPassword)).body.token as string
  const created = parseResult(
    await handlers.createUser(
      apiEvent('admin-create-user', {
        headers: bearer(ownerToken),
        body: { username, role, email: `${username}@example.com` },
      }),
      lambdaContext,
    ),
  )
  expect(created.status).toBe(201)
  return created.body.password as string
}

describe('a one-time password', () => {
  it('signs in once to a token for the password change only; the own password replaces it, then MFA enrolment', async () => {
    const oneTime = await addUser('owner-one', 'newcomer', 'sales')
    process.env[functionEnv.requireMfa] = 'owner,sales,viewer'
    expect((await adminUsers.getAdminUser('newcomer'))?.passwordChangeRequired).toBe(true)

    const first = await signIn('newcomer', oneTime)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ username: 'newcomer', role: 'sales', passwordChangeRequired: true })
    // The password change comes before the MFA enrolment.
    expect(first.body.mfaEnrolmentRequired).toBeUndefined()
    const limited = first.body.token as string
    const refused = await jobsWith(limited)
    expect(refused.status).toBe(401)
    expect(refused.body.error).toBe('Choose your own password first: this sign-in allows nothing else.')
    const enrolRefused = parseResult(
      await handlers.enrol(apiEvent('admin-mfa-enrol', { headers: bearer(limited) }), lambdaContext),
    )
    expect(enrolRefused.status).toBe(401)

    // Bad input: nothing written.
    const before = await adminUsers.getAdminUser('newcomer')
    const short = await changeWith(limited, { password: 'too short' })
    expect(short.status).toBe(400)
    expect(short.body.fields).toEqual({ password: 'The password must be at least 12 characters.' })
    const same = await changeWith(limited, { password: oneTime })
    expect(same.status).toBe(400)
    expect(same.body.fields.password).toBe('Choose a password other than the one you have now')
    expect(await adminUsers.getAdminUser('newcomer')).toEqual(before)

    const changed = await changeWith(limited, { password: 'my own long password' })
    expect(changed.status).toBe(200)
    // A role that must use MFA goes on to the enrolment, with its session cookie.
    expect(changed.body).toMatchObject({ username: 'newcomer', role: 'sales', mfaEnrolmentRequired: true })
    expect(changed.cookies).toEqual([expect.stringContaining(String(changed.body.token))])
    const after = await adminUsers.getAdminUser('newcomer')
    expect(after?.passwordChangeRequired).toBe(false)
    expect(after?.sessionVersion).toBe((before?.sessionVersion ?? 0) + 1)
    const enrol = parseResult(
      await handlers.enrol(
        apiEvent('admin-mfa-enrol', { headers: bearer(changed.body.token as string) }),
        lambdaContext,
      ),
    )
    expect(enrol.status).toBe(200)

    // The one-time token has ended, and the one-time password no longer signs in.
    expect((await changeWith(limited, { password: 'another long password' })).status).toBe(401)
    expect((await signIn('newcomer', oneTime)).status).toBe(401)
    const again = await signIn('newcomer', 'my own long password')
    expect(again.status).toBe(200)
    expect(again.body.passwordChangeRequired).toBeUndefined()
    expect(again.body.mfaEnrolmentRequired).toBe(true)

    const entries = (await audit.listAudit({ limit: 50 })).items
    expect(entries).toContainEqual(
      expect.objectContaining({
        actor: 'newcomer',
        action: 'user-change',
        target: 'newcomer',
        detail: 'one-time password replaced',
      }),
    )
    expect(entries).toContainEqual(
      expect.objectContaining({ actor: 'newcomer', action: 'login', detail: 'password-change' }),
    )
  })

  it('goes straight to a full session when the role need not use MFA', async () => {
    const oneTime = await addUser('owner-two', 'writer', 'editor')
    const limited = (await signIn('writer', oneTime)).body.token as string
    const changed = await changeWith(limited, { password: 'the writer own password' })
    expect(changed.status).toBe(200)
    expect(changed.body.mfaEnrolmentRequired).toBeUndefined()
    expect((await jobsWith(changed.body.token as string)).status).toBe(200)
  })
})

describe('a signed-in user changing their password', () => {
  it('must give the current one; then every earlier session ends', async () => {
    const oneTime = await addUser('owner-three', 'changer', 'editor')
    const limited = (await signIn('changer', oneTime)).body.token as string
    const full = (await changeWith(limited, { password: 'first own password' })).body.token as string
    const before = await adminUsers.getAdminUser('changer')

    const missing = await changeWith(full, { password: 'second own password' })
    expect(missing.status).toBe(400)
    expect(missing.body.fields).toEqual({ currentPassword: 'Enter your current password' })
    const wrong = await changeWith(full, { password: 'second own password', currentPassword: oneTime })
    expect(wrong.status).toBe(400)
    expect(wrong.body.fields).toEqual({ currentPassword: 'That is not your current password' })
    // A wrong current password is a failed sign-in in the activity log.
    expect((await audit.listAudit({ limit: 50 })).items).toContainEqual(
      expect.objectContaining({ actor: 'changer', action: 'login-failed', detail: 'password-change' }),
    )
    const same = await changeWith(full, {
      password: 'first own password',
      currentPassword: 'first own password',
    })
    expect(same.status).toBe(400)
    expect(await adminUsers.getAdminUser('changer')).toEqual(before)

    const changed = await changeWith(full, {
      password: 'second own password',
      currentPassword: 'first own password',
    })
    expect(changed.status).toBe(200)
    expect((await jobsWith(full)).status).toBe(401)
    expect((await jobsWith(changed.body.token as string)).status).toBe(200)
    expect((await signIn('changer', 'first own password')).status).toBe(401)
    expect((await signIn('changer', 'second own password')).status).toBe(200)
  })
})
