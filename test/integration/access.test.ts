import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { refusalAuditLimit, resetRefusalAuditMemory } from '../../functions/lib/audit-http'
import { resetSessionCache } from '../../functions/lib/auth/sessions'
import { apiEvent, lambdaContext, parseResult } from '../support/events'
import { withTestEngines } from '../support/local-server'

/**
 * Deny by default and the refusals in the activity log, on dynalite: records written before roles existed
 * are refused until the upgrade gives them the owner role (once), another value stays refused; the staff
 * list neither answers nor reads a password hash or an MFA secret; refusals are recorded at most
 * refusalAuditLimit.max times per actor or network in a window.
 */
let clients: typeof import('../../functions/lib/clients')
let adminUsers: typeof import('../../functions/lib/db/admin-users')
let mfaSecrets: typeof import('../../functions/lib/db/mfa-secrets')
let tokens: typeof import('../../functions/lib/auth/tokens')
let listUsers: typeof import('../../functions/admin/list-users')['handler']

const secretLike = { passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA', mfaSecret: 'JBSWY3DPEHPK3PXPJBSWY3DP' }

/** Stores a user record as written by `extra` (an earlier version: no role, or another value). */
async function storeUser(username: string, extra: Record<string, unknown>) {
  await clients.dynamo().send(
    new PutCommand({
      TableName: 'content',
      Item: {
        pk: 'ADMIN',
        sk: username,
        username,
        createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-01T00:00:00.000Z',
        sessionVersion: 1,
        ...secretLike,
        ...extra,
      },
    }),
  )
}

/** GET /api/admin/users as `username` (a token at its stored session version). */
async function listAs(username: string, headers?: Record<string, string>) {
  const { token } = await tokens.issueToken(username, 1)
  return parseResult(
    await listUsers(
      apiEvent('admin-list-users', { headers: headers ?? { authorization: `Bearer ${token}` } }),
      lambdaContext,
    ),
  )
}

/** The audit entries of `action`, as stored. */
async function auditEntries(action: string): Promise<Record<string, unknown>[]> {
  const reply = await clients.dynamo().send(
    new QueryCommand({
      TableName: 'content',
      KeyConditionExpression: 'pk = :audit',
      ExpressionAttributeValues: { ':audit': 'AUDIT' },
    }),
  )
  return (reply.Items ?? []).filter((item) => item.action === action)
}

withTestEngines()
beforeAll(async () => {
  clients = await import('../../functions/lib/clients')
  adminUsers = await import('../../functions/lib/db/admin-users')
  mfaSecrets = await import('../../functions/lib/db/mfa-secrets')
  tokens = await import('../../functions/lib/auth/tokens')
  listUsers = (await import('../../functions/admin/list-users')).handler
  await storeUser('owner', { role: 'owner', mfaEnrolled: true })
  await storeUser('sales', { role: 'sales' })
  await storeUser('before-roles', {})
  await storeUser('typo', { role: 'Viewer' })
})
afterAll(async () => {
  vi.restoreAllMocks()
})
beforeEach(() => {
  resetSessionCache()
  resetRefusalAuditMemory()
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})

describe('the staff list on dynalite', () => {
  it('answers without any hash or secret, and its read carries none either', async () => {
    const send = vi.spyOn(clients.dynamo(), 'send')
    const reply = await listAs('sales')
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual(
      expect.arrayContaining([
        { username: 'owner', role: 'owner', createdAt: '2025-01-01T00:00:00.000Z', mfa: true },
        { username: 'typo', createdAt: '2025-01-01T00:00:00.000Z', mfa: false },
      ]),
    )
    const read = await Promise.all(
      send.mock.calls
        .map((call, index) => ({ command: call[0], reply: send.mock.results[index]?.value }))
        .filter(({ command }) => command instanceof QueryCommand)
        .map(({ reply }) => reply),
    )
    expect(read).toHaveLength(1)
    for (const text of [JSON.stringify(read), JSON.stringify(reply.body)]) {
      expect(text).not.toContain('passwordHash')
      expect(text).not.toContain(secretLike.passwordHash)
      expect(text).not.toContain('mfaSecret')
      expect(text).not.toContain(secretLike.mfaSecret)
    }
    send.mockRestore()
  })
})

describe('deny by default on dynalite', () => {
  it('refuses a record without a role until the upgrade makes it an owner, once; another value stays refused', async () => {
    expect((await listAs('before-roles')).status).toBe(403)
    expect((await listAs('typo')).status).toBe(403)

    const upgrade = await adminUsers.upgradeAdminUsers()
    expect(upgrade.ownersGiven).toEqual(['before-roles'])
    // Every record here keeps its secret on the record (as before the MFA_SECRET partition): each has it
    // moved there, and is marked as enrolled for the list by the same write.
    expect(upgrade).toMatchObject({ mfaMarked: 0, mfaSecretsMoved: 4 })
    expect(await adminUsers.upgradeAdminUsers()).toEqual({
      ownersGiven: [],
      mfaMarked: 0,
      mfaSecretsMoved: 0,
    })
    expect((await adminUsers.getAdminUser('before-roles'))?.mfaSecret).toBeUndefined()
    expect(await mfaSecrets.getMfaSecret('before-roles')).toBe(secretLike.mfaSecret)

    resetSessionCache()
    expect((await listAs('before-roles')).status).toBe(200)
    expect((await listAs('typo')).status).toBe(403)
    expect((await adminUsers.getAdminUser('typo'))?.role).toBeUndefined()
  })
})

describe('refusals in the activity log on dynalite', () => {
  it(`records at most ${refusalAuditLimit.max} refused calls of one user per window`, async () => {
    for (let call = 0; call < refusalAuditLimit.max + 3; call += 1) {
      resetRefusalAuditMemory()
      expect((await listAs('typo')).status).toBe(403)
    }
    const entries = (await auditEntries('access-refused')).filter((entry) => entry.actor === 'typo')
    expect(entries).toHaveLength(refusalAuditLimit.max)
    expect(entries[0]).toMatchObject({ target: 'admin-list-users', detail: 'no role' })
  })

  it(`records at most ${refusalAuditLimit.max} bad tokens of one network per window, with no actor`, async () => {
    for (let call = 0; call < refusalAuditLimit.max + 3; call += 1) {
      resetRefusalAuditMemory()
      const reply = await listAs('nobody', { authorization: 'Bearer not.a.token' })
      expect(reply.status).toBe(401)
    }
    const entries = await auditEntries('bad-token')
    expect(entries).toHaveLength(refusalAuditLimit.max)
    expect(entries[0]).toMatchObject({ actor: 'unknown', target: 'admin-list-users' })
    expect(entries[0]?.network).toEqual(expect.any(String))
  })
})
