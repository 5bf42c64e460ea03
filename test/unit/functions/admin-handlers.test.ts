import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { handler as listContacts } from '../../../functions/admin/list-contacts'
import { handler as login } from '../../../functions/admin/login'
import { hashPassword, setDecoyScryptParamsForTests } from '../../../functions/lib/auth/passwords'
import { verifyAuthorization } from '../../../functions/lib/auth/tokens'
import { encodeCursor } from '../../../functions/lib/db/cursor'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { adminToken } from '../../support/tokens'

const dynamo = mockClient(DynamoDBDocumentClient)
afterEach(() => dynamo.reset())

const fast = { N: 2 ** 10, r: 8, p: 1 }

describe('POST /api/admin/login', () => {
  // An unknown user's decoy hash costs what the stored user's does, as in the cloud (at the test's cost).
  beforeAll(() => setDecoyScryptParamsForTests(fast))
  afterAll(() => setDecoyScryptParamsForTests())
  // No failed attempts on record; counting and clearing them succeed (login-protection.test.ts covers them).
  beforeEach(() => {
    dynamo.on(GetCommand, { Key: { pk: 'LOGIN#USER', sk: 'asha' } }).resolves({})
    dynamo.on(GetCommand, { Key: { pk: 'LOGIN#USER', sk: 'nobody' } }).resolves({})
    dynamo.on(UpdateCommand).resolves({})
    dynamo.on(PutCommand).resolves({})
    dynamo.on(DeleteCommand).resolves({})
  })

  it('answers a token that verifies when the password matches', async () => {
    const passwordHash = await hashPassword('a long admin password', fast)
    dynamo
      .on(GetCommand)
      .resolves({ Item: { username: 'asha', passwordHash, createdAt: 'x', updatedAt: 'x', role: 'owner' } })
    const reply = parseResult(
      await login(
        apiEvent('admin-login', { body: { username: 'asha', password: 'a long admin password' } }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(200)
    await expect(verifyAuthorization(`Bearer ${reply.body.token}`)).resolves.toMatchObject({
      username: 'asha',
      sessionVersion: 0,
    })
    expect(Date.parse(reply.body.expiresAt)).toBeGreaterThan(Date.now())
    expect(dynamo.commandCalls(GetCommand).map((call) => call.args[0].input.Key)).toContainEqual({
      pk: 'ADMIN',
      sk: 'asha',
    })
  })

  it('answers 401 with the same message for a wrong password and an unknown user', async () => {
    const passwordHash = await hashPassword('a long admin password', fast)
    dynamo
      .on(GetCommand, { Key: { pk: 'ADMIN', sk: 'asha' } })
      .resolves({ Item: { username: 'asha', passwordHash, role: 'owner' } })
    dynamo.on(GetCommand, { Key: { pk: 'ADMIN', sk: 'nobody' } }).resolves({})
    const wrong = parseResult(
      await login(apiEvent('admin-login', { body: { username: 'asha', password: 'guess' } }), lambdaContext),
    )
    const unknown = parseResult(
      await login(
        apiEvent('admin-login', { body: { username: 'nobody', password: 'guess' } }),
        lambdaContext,
      ),
    )
    expect(wrong).toMatchObject({ status: 401, body: { error: 'Invalid username or password.' } })
    expect(unknown).toMatchObject({ status: 401, body: { error: 'Invalid username or password.' } })
  })

  it('answers 400 without a username or password', async () => {
    const reply = parseResult(
      await login(apiEvent('admin-login', { body: { username: 'asha' } }), lambdaContext),
    )
    expect(reply.status).toBe(400)
    expect(reply.body.fields).toEqual({ password: 'Password is required' })
    expect(dynamo.calls()).toHaveLength(0)
  })
})

describe('GET /api/admin/contacts', () => {
  it('answers 401 without a token and reads nothing', async () => {
    const reply = parseResult(await listContacts(apiEvent('admin-list-contacts'), lambdaContext))
    expect(reply.status).toBe(401)
    expect(reply.headers['www-authenticate']).toBe('Bearer')
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('answers 401 for a tampered token', async () => {
    const token = await adminToken()
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    const reply = parseResult(
      await listContacts(
        apiEvent('admin-list-contacts', { headers: { authorization: `Bearer ${tampered}` } }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(401)
  })

  it('answers the 10 newest contacts from one Query, newest first, with a cursor', async () => {
    const token = await adminToken()
    const items = [
      { pk: 'CONTACT', sk: '2026-11-22T10:00:00.000Z#b', id: 'b', name: 'B', email: 'b@example.com' },
    ]
    dynamo.on(QueryCommand).resolves({ Items: items, LastEvaluatedKey: { pk: 'CONTACT', sk: items[0]!.sk } })
    const reply = parseResult(
      await listContacts(
        apiEvent('admin-list-contacts', { headers: { Authorization: `Bearer ${token}` } }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(200)
    expect(reply.body.items).toEqual([{ id: 'b', name: 'B', email: 'b@example.com' }])
    expect(reply.body.nextCursor).toEqual(expect.any(String))
    const queries = dynamo.commandCalls(QueryCommand)
    expect(queries).toHaveLength(1)
    expect(queries[0]!.args[0].input).toMatchObject({ ScanIndexForward: false, Limit: 10 })
  })

  it('continues from a cursor and refuses one that belongs to another kind', async () => {
    const token = await adminToken()
    dynamo.on(QueryCommand).resolves({ Items: [] })
    const headers = { authorization: `Bearer ${token}` }
    const good = encodeCursor({ pk: 'CONTACT', sk: '2026#a' })!
    const ok = parseResult(
      await listContacts(
        apiEvent('admin-list-contacts', { headers, query: { cursor: good } }),
        lambdaContext,
      ),
    )
    expect(ok.status).toBe(200)
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input.ExclusiveStartKey).toEqual({
      pk: 'CONTACT',
      sk: '2026#a',
    })
    for (const cursor of [
      encodeCursor({ pk: 'ADMIN', sk: 'asha' })!,
      'not-base64-json',
      encodeCursor({ pk: 'CONTACT', sk: 1 })!,
    ]) {
      const bad = parseResult(
        await listContacts(apiEvent('admin-list-contacts', { headers, query: { cursor } }), lambdaContext),
      )
      expect(bad.status).toBe(400)
    }
  })
})
