import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { roleRefusal, storedStaffRole } from '@core/roles'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as getLead } from '../../../functions/admin/get-lead'
import { handler as listUsers } from '../../../functions/admin/list-users'
import { handler as login } from '../../../functions/admin/login'
import { handler as updateLead } from '../../../functions/admin/update-lead'
import { hashPassword } from '../../../functions/lib/auth/passwords'
import { resetSessionCache } from '../../../functions/lib/auth/sessions'
import { adminUserListProjection, upgradeAdminUsers } from '../../../functions/lib/db/admin-users'
import { faultError } from '../../support/aws-faults'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { adminAuthorization } from '../../support/tokens'
import { answerStoredLead, storedLeadId, storedQuoteItem } from '../../support/workspace'

/**
 * Deny by default and reading only what is needed: a stored role that is none of the four gets no access,
 * the upgrade gives records written before roles existed the owner role once, the staff list never reads
 * a password hash or an MFA secret, and opening a lead is recorded by its id alone.
 */
const document = mockClient(DynamoDBDocumentClient)

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  document.reset()
  resetSessionCache()
  vi.restoreAllMocks()
})

/** The audit entries written (Puts into the AUDIT partition). */
const auditPuts = () =>
  document
    .commandCalls(PutCommand)
    .map(({ args: [command] }) => command.input.Item ?? {})
    .filter((item) => item.pk === 'AUDIT')

describe('storedStaffRole', () => {
  it('keeps the four roles and gives anything else no role (not an owner)', () => {
    expect(storedStaffRole('sales')).toBe('sales')
    for (const value of ['Viewer', 'OWNER', 'admin', '', undefined, null, 3, ['owner']]) {
      expect(storedStaffRole(value), JSON.stringify(value)).toBeUndefined()
    }
    expect(roleRefusal(undefined)).toMatch(/no role/)
  })
})

describe('POST /api/admin/login for a user without one of the four roles', () => {
  it('answers 403 with no token, and records the refusal', async () => {
    const passwordHash = await hashPassword('a long admin password', { N: 2 ** 10, r: 8, p: 1 })
    document.onAnyCommand().resolves({})
    document.on(BatchGetCommand).resolves({ Responses: {} })
    document.on(GetCommand).resolves({ Item: { username: 'asha', passwordHash, role: 'Viewer' } })
    const reply = parseResult(
      await login(
        apiEvent('admin-login', { body: { username: 'asha', password: 'a long admin password' } }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(403)
    expect(reply.body).toEqual({ error: roleRefusal(undefined) })
    expect(auditPuts()).toEqual([
      expect.objectContaining({ actor: 'asha', action: 'access-refused', detail: 'no role' }),
    ])
  })
})

describe('GET /api/admin/users', () => {
  it('reads only the listed attributes: never the password hash or the MFA secret', async () => {
    document.on(QueryCommand).resolves({
      Items: [
        { username: 'asha', createdAt: 'c', updatedAt: 'u', role: 'owner', mfaEnrolled: true },
        { username: 'ravi', createdAt: 'c', updatedAt: 'u', role: 'Viewer' },
      ],
    })
    const reply = parseResult(
      await listUsers(
        apiEvent('admin-list-users', { headers: await adminAuthorization('asha', undefined, 'sales') }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(200)
    const [query] = document.commandCalls(QueryCommand).map(({ args: [command] }) => command.input)
    expect(query?.ProjectionExpression).toBe(adminUserListProjection)
    const read = String(query?.ProjectionExpression)
      .split(',')
      .map((name) => name.trim())
      .map((name) => query?.ExpressionAttributeNames?.[name] ?? name)
    expect(read.sort()).toEqual(['createdAt', 'disabled', 'mfaEnrolled', 'role', 'updatedAt', 'username'])
    // Whether MFA is on comes from mfaEnrolled; a role that is none of the four is shown as none.
    expect(reply.body).toEqual([
      { username: 'asha', role: 'owner', createdAt: 'c', mfa: true },
      { username: 'ravi', createdAt: 'c', mfa: false },
    ])
  })
})

describe('upgradeAdminUsers', () => {
  it('gives the owner role to records without any role (conditionally), never to another value', async () => {
    document.on(QueryCommand).resolves({
      Items: [
        { sk: 'old', mfaEnrolled: true },
        { sk: 'typo', role: 'Viewer', mfaEnrolled: true },
        { sk: 'sales', role: 'sales', mfaEnrolled: true },
      ],
    })
    document.on(UpdateCommand).resolves({})
    const report = await upgradeAdminUsers(new Date('2026-11-26T00:00:00.000Z'))
    expect(report).toEqual({ ownersGiven: ['old'], mfaMarked: 0, mfaSecretsMoved: 0 })
    const all = document.commandCalls(UpdateCommand).map(({ args: [command] }) => command.input)
    const updates = all.filter((update) => update.Key?.pk !== 'SETTINGS')
    expect(updates).toHaveLength(1)
    // The roster of who may be given leads follows each record: the new owner and the sales user are on it,
    // a record without a valid role is taken off.
    expect(all.filter((update) => update.Key?.pk === 'SETTINGS')).toEqual([
      expect.objectContaining({
        UpdateExpression: 'SET #member = :role',
        ExpressionAttributeNames: { '#member': 'staff#old' },
        ExpressionAttributeValues: { ':role': 'owner' },
      }),
      expect.objectContaining({
        UpdateExpression: 'REMOVE #member',
        ExpressionAttributeNames: { '#member': 'staff#typo' },
      }),
      expect.objectContaining({
        UpdateExpression: 'SET #member = :role',
        ExpressionAttributeNames: { '#member': 'staff#sales' },
        ExpressionAttributeValues: { ':role': 'sales' },
      }),
    ])
    expect(updates[0]).toMatchObject({
      Key: { pk: 'ADMIN', sk: 'old' },
      ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#role)',
      ExpressionAttributeValues: { ':role': 'owner' },
    })
    // The read for the upgrade loads no password hash (a TOTP secret only to move it, below).
    const [query] = document.commandCalls(QueryCommand).map(({ args: [command] }) => command.input)
    expect(String(query?.ProjectionExpression)).not.toMatch(/passwordHash/)
  })

  it('moves a TOTP secret off the user record into the MFA_SECRET partition, then removes it from the record', async () => {
    document
      .on(QueryCommand)
      .resolves({ Items: [{ sk: 'asha', role: 'owner', mfaSecret: 'JBSWY3DPEHPK3PXP' }] })
    document.on(UpdateCommand).resolves({})
    expect(await upgradeAdminUsers()).toEqual({ ownersGiven: [], mfaMarked: 0, mfaSecretsMoved: 1 })
    const updates = document
      .commandCalls(UpdateCommand)
      .map(({ args: [command] }) => command.input)
      .filter((update) => update.Key?.pk !== 'SETTINGS')
    expect(updates).toHaveLength(2)
    // First written where only the sign-in and the enrolment may read it, then removed from the record.
    expect(updates[0]).toMatchObject({
      Key: { pk: 'MFA_SECRET', sk: 'asha' },
      ExpressionAttributeValues: { ':secret': 'JBSWY3DPEHPK3PXP' },
    })
    expect(updates[1]).toMatchObject({
      Key: { pk: 'ADMIN', sk: 'asha' },
      UpdateExpression: 'REMOVE mfaSecret SET mfaEnrolled = :enrolled',
      ConditionExpression: 'mfaSecret = :secret',
    })
  })

  it('keeps a role set meanwhile (the condition fails) and does not count it', async () => {
    document.on(QueryCommand).resolves({ Items: [{ sk: 'old', mfaEnrolled: false }] })
    document.on(UpdateCommand).resolves({})
    document
      .on(UpdateCommand, { Key: { pk: 'ADMIN', sk: 'old' } })
      .rejects(faultError('conditional', 'dynamodb'))
    expect(await upgradeAdminUsers()).toEqual({ ownersGiven: [], mfaMarked: 0, mfaSecretsMoved: 0 })
  })
})

describe('GET /api/admin/leads/{id}', () => {
  it('records lead-view with the lead id only, never its contents', async () => {
    document.onAnyCommand().resolves({})
    answerStoredLead(document)
    const reply = parseResult(
      await getLead(
        apiEvent('admin-get-lead', {
          headers: await adminAuthorization('asha', undefined, 'viewer'),
          pathParameters: { id: storedLeadId },
        }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(200)
    const entries = auditPuts()
    expect(entries).toHaveLength(1)
    const [entry] = entries
    expect(Object.keys(entry ?? {}).sort()).toEqual(
      ['action', 'actor', 'at', 'expiresAt', 'network', 'pk', 'role', 'sk', 'target'].sort(),
    )
    expect(entry).toMatchObject({ actor: 'asha', action: 'lead-view', target: storedLeadId, role: 'viewer' })
    const stored = JSON.stringify(entry)
    for (const value of [storedQuoteItem.name, storedQuoteItem.whatsapp, storedQuoteItem.pincode]) {
      expect(stored).not.toContain(value)
    }
  })

  it('records nothing when the lead does not exist (404)', async () => {
    document.onAnyCommand().resolves({})
    const reply = parseResult(
      await getLead(
        apiEvent('admin-get-lead', {
          headers: await adminAuthorization(),
          pathParameters: { id: '0190c0de-0000-7000-8000-0000000000ff' },
        }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(404)
    expect(auditPuts()).toEqual([])
  })
})

/** A sales user assigns a stored lead to ravi, whose stored record holds `role`; the parsed reply. */
async function assignToColleagueWithRole(role: string) {
  document.onAnyCommand().resolves({})
  answerStoredLead(document)
  document.on(GetCommand, { Key: { pk: 'ADMIN', sk: 'ravi' } }).resolves({ Item: { pk: 'ADMIN', role } })
  return parseResult(
    await updateLead(
      apiEvent('admin-update-lead', {
        headers: await adminAuthorization('asha', undefined, 'sales'),
        pathParameters: { id: storedLeadId },
        body: { version: 1, assignee: 'ravi' },
      }),
      lambdaContext,
    ),
  )
}

describe('PATCH /api/admin/leads/{id} with an assignee', () => {
  it("reads the colleague's role and whether they are disabled alone, never the password hash or an MFA secret", async () => {
    const reply = await assignToColleagueWithRole('sales')
    expect(reply.status).toBe(200)
    const [read] = document
      .commandCalls(GetCommand, { Key: { pk: 'ADMIN', sk: 'ravi' } })
      .map(({ args: [command] }) => command.input)
    expect(read?.ProjectionExpression).toBe('#pk, #role, disabled')
    expect(read?.ExpressionAttributeNames).toEqual({ '#pk': 'pk', '#role': 'role' })
  })

  it('refuses a colleague whose stored role is none of the four (400, nothing changed)', async () => {
    const reply = await assignToColleagueWithRole('Sales')
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.body)).toContain('role: none')
    expect(document.commandCalls(UpdateCommand, { Key: { pk: 'QUOTE' } })).toHaveLength(0)
  })
})
