import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as createUser } from '../../../functions/admin/create-user'
import { resetSessionCache } from '../../../functions/lib/auth/sessions'
import { faultError } from '../../support/aws-faults'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { adminAuthorization } from '../../support/tokens'

const document = mockClient(DynamoDBDocumentClient)

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  document.onAnyCommand().resolves({})
})
afterEach(async () => {
  const { setNewPasswordCostForTests } = await import('../../../functions/lib/auth/passwords')
  setNewPasswordCostForTests({ N: 1024, r: 8, p: 1 })
  document.reset()
  resetSessionCache()
  vi.restoreAllMocks()
})

const post = async (body: unknown, role: 'owner' | 'sales' | 'editor' = 'owner') =>
  parseResult(
    await createUser(
      apiEvent('admin-create-user', { headers: await adminAuthorization('asha', undefined, role), body }),
      lambdaContext,
    ),
  )
const updates = (pk: string) =>
  document
    .commandCalls(UpdateCommand)
    .map(({ args: [command] }) => command.input)
    .filter((input) => input.Key?.pk === pk)
const audits = () =>
  document
    .commandCalls(PutCommand)
    .map(({ args: [command] }) => command.input.Item)
    .filter((item) => item?.pk === 'AUDIT')

describe('POST /api/admin/users', () => {
  // The real hash cost is a second of CPU, several on a loaded machine.
  it('adds the user with a generated password answered once, at the real hash cost; audited without it', {
    timeout: 30_000,
  }, async () => {
    const { setNewPasswordCostForTests } = await import('../../../functions/lib/auth/passwords')
    setNewPasswordCostForTests()
    const reply = await post({ username: ' kiran ', role: 'sales', email: 'kiran@example.com' })
    expect(reply.status).toBe(201)
    expect(reply.body).toEqual({
      username: 'kiran',
      role: 'sales',
      email: 'kiran@example.com',
      password: expect.stringMatching(/^[A-HJ-NP-Za-km-z2-9]{20}$/),
    })
    const [user] = updates('ADMIN').filter((input) => input.Key?.sk === 'kiran')
    expect(user).toMatchObject({
      ConditionExpression: 'attribute_not_exists(#pk)',
      ExpressionAttributeValues: {
        ':username': 'kiran',
        ':role': 'sales',
        ':email': 'kiran@example.com',
        ':one': 1,
      },
    })
    const hash = String(user?.ExpressionAttributeValues?.[':hash'])
    expect(hash.startsWith('scrypt$131072$8$1$')).toBe(true)
    expect(JSON.stringify(user)).not.toContain(reply.body.password)
    // The roster of the sales settings follows (a sales user may be given leads).
    expect(updates('SETTINGS')).toEqual([
      expect.objectContaining({ ExpressionAttributeNames: { '#member': 'staff#kiran' } }),
    ])
    const [audit] = audits()
    expect(audit).toMatchObject({
      actor: 'asha',
      action: 'user-change',
      target: 'kiran',
      detail: 'created (sales)',
    })
    expect(JSON.stringify(audits())).not.toContain(reply.body.password)
  })

  it('answers 409 when the username is taken, and writes nothing more', async () => {
    document
      .on(UpdateCommand, { Key: { pk: 'ADMIN', sk: 'ravi' } })
      .rejects(faultError('conditional', 'dynamodb'))
    const reply = await post({ username: 'ravi', role: 'viewer', email: 'ravi@example.com' })
    expect(reply.status).toBe(409)
    expect(reply.body.error).toBe('There is already a user named ravi. Choose another username.')
    expect(reply.body).not.toHaveProperty('password')
    expect(updates('SETTINGS')).toEqual([])
    expect(audits()).toEqual([])
  })

  it('refuses a bad username, role or e-mail field by field, writing nothing', async () => {
    const reply = await post({ username: 'a b', role: 'Owner', email: 'not-an-address' })
    expect(reply.status).toBe(400)
    expect(Object.keys(reply.body.fields).sort()).toEqual(['email', 'role', 'username'])
    expect(reply.body.fields.username).toBe(
      'A username is 3 to 64 letters, digits, dots, dashes, underscores or @',
    )
    expect(updates('ADMIN').filter((input) => input.Key?.sk !== 'asha')).toEqual([])
  })

  it.each(['sales', 'editor'] as const)('refuses %s with 403 and adds nobody', async (role) => {
    expect((await post({ username: 'kiran', role: 'owner', email: 'kiran@example.com' }, role)).status).toBe(
      403,
    )
    expect(updates('ADMIN').filter((input) => input.Key?.sk === 'kiran')).toEqual([])
  })
})

const call = async (
  route: 'admin-update-user' | 'admin-delete-user',
  username: string,
  body?: unknown,
  role: 'owner' | 'sales' = 'owner',
) => {
  const { handler } = await import(
    route === 'admin-update-user'
      ? '../../../functions/admin/update-user'
      : '../../../functions/admin/delete-user'
  )
  return parseResult(
    await handler(
      apiEvent(route, {
        headers: await adminAuthorization('asha', undefined, role),
        pathParameters: { username },
        ...(body === undefined ? {} : { body }),
      }),
      lambdaContext,
    ),
  )
}

describe('PATCH /api/admin/users/{username}', () => {
  it("sets the role (ending the user's sessions, the roster following) and the e-mail; each audited", async () => {
    const reply = await call('admin-update-user', 'ravi', { role: 'viewer', email: 'ravi@example.com' })
    expect(reply).toMatchObject({
      status: 200,
      body: { username: 'ravi', role: 'viewer', email: 'ravi@example.com' },
    })
    const writes = updates('ADMIN').filter((input) => input.Key?.sk === 'ravi')
    expect(writes.map((input) => input.UpdateExpression)).toEqual([
      'SET email = :email, updatedAt = :now',
      'SET #role = :role, updatedAt = :now ADD sessionVersion :one',
    ])
    // A viewer may not work leads: they leave the roster.
    expect(updates('SETTINGS')).toEqual([
      expect.objectContaining({
        UpdateExpression: 'REMOVE #member',
        ExpressionAttributeNames: { '#member': 'staff#ravi' },
      }),
    ])
    expect(audits().map((item) => item?.detail)).toEqual(['email changed', 'role-viewer'])
  })

  it('answers 404 for no such user, and refuses an owner changing their own role or an empty change', async () => {
    document
      .on(UpdateCommand, { Key: { pk: 'ADMIN', sk: 'nobody' } })
      .rejects(faultError('conditional', 'dynamodb'))
    expect((await call('admin-update-user', 'nobody', { role: 'sales' })).status).toBe(404)
    const own = await call('admin-update-user', 'asha', { role: 'sales' })
    expect(own).toMatchObject({
      status: 400,
      body: { fields: { role: 'You cannot change your own role: ask another owner.' } },
    })
    expect((await call('admin-update-user', 'ravi', {})).body.fields).toEqual({
      role: 'Send a role, an e-mail or disabled to change',
    })
    expect((await call('admin-update-user', 'ravi', { role: 'viewer' }, 'sales')).status).toBe(403)
    expect(
      updates('ADMIN').filter((input) => input.Key?.sk !== 'asha' && input.Key?.sk !== 'nobody'),
    ).toEqual([])
    expect(audits().filter((item) => item?.action === 'user-change')).toEqual([])
  })
})

describe('PATCH /api/admin/users/{username} with disabled', () => {
  it('disables a user (sessions end, off the roster) and enables them again (back with their role); audited', async () => {
    document
      .on(GetCommand, { Key: { pk: 'ADMIN', sk: 'ravi' } })
      .resolves({ Item: { pk: 'ADMIN', role: 'sales' } })
    const off = await call('admin-update-user', 'ravi', { disabled: true })
    expect(off).toMatchObject({ status: 200, body: { username: 'ravi', disabled: true } })
    const on = await call('admin-update-user', 'ravi', { disabled: false })
    expect(on).toMatchObject({ status: 200, body: { username: 'ravi', disabled: false } })
    const writes = updates('ADMIN').filter((input) => input.Key?.sk === 'ravi')
    expect(writes.map((input) => input.UpdateExpression)).toEqual([
      'SET disabled = :disabled, updatedAt = :now ADD sessionVersion :one',
      'SET updatedAt = :now REMOVE disabled',
    ])
    expect(
      updates('SETTINGS').map((input) => [input.UpdateExpression, input.ExpressionAttributeValues]),
    ).toEqual([
      ['REMOVE #member', undefined],
      ['SET #member = :role', { ':role': 'sales' }],
    ])
    expect(audits().map((item) => item?.detail)).toEqual(['disabled', 'enabled'])
  })

  it('refuses an owner disabling themselves and a value that is not true or false, writing nothing', async () => {
    const own = await call('admin-update-user', 'asha', { disabled: true })
    expect(own).toMatchObject({
      status: 400,
      body: { fields: { disabled: 'You cannot disable yourself: ask another owner.' } },
    })
    expect((await call('admin-update-user', 'ravi', { disabled: 'yes' })).body.fields).toEqual({
      disabled: 'Send disabled as true or false',
    })
    expect(updates('ADMIN')).toEqual([])
    expect(audits()).toEqual([])
  })

  it('keeps a disabled user off the roster when their role changes', async () => {
    document
      .on(GetCommand, { Key: { pk: 'ADMIN', sk: 'ravi' } })
      .resolves({ Item: { pk: 'ADMIN', role: 'sales', disabled: true } })
    expect((await call('admin-update-user', 'ravi', { role: 'owner' })).status).toBe(200)
    expect(updates('SETTINGS')).toEqual([])
  })
})

describe('DELETE /api/admin/users/{username}', () => {
  it('removes the user and their roster entry → 204, audited; 404 for none; never the owner themselves', async () => {
    expect((await call('admin-delete-user', 'ravi')).status).toBe(204)
    expect(updates('SETTINGS')).toEqual([expect.objectContaining({ UpdateExpression: 'REMOVE #member' })])
    expect(audits()).toEqual([expect.objectContaining({ target: 'ravi', detail: 'deleted' })])
    expect((await call('admin-delete-user', 'asha')).status).toBe(400)
    document.on(DeleteCommand).rejects(faultError('conditional', 'dynamodb'))
    expect((await call('admin-delete-user', 'nobody')).status).toBe(404)
    expect((await call('admin-delete-user', 'ravi', undefined, 'sales')).status).toBe(403)
    expect(document.commandCalls(DeleteCommand).map(({ args: [command] }) => command.input.Key?.sk)).toEqual([
      'ravi',
      'nobody',
    ])
  })
})
