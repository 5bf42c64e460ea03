import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
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
  it('adds the user with a generated password answered once, at the real hash cost; audited without it', async () => {
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
