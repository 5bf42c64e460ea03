import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, describe, expect, it } from 'vitest'
import {
  checkSession,
  endSession,
  resetSessionCache,
  sessionCacheMs,
} from '../../../functions/lib/auth/sessions'
import { UnauthorizedError } from '../../../functions/lib/errors'

const dynamo = mockClient(DynamoDBDocumentClient)
afterEach(() => {
  dynamo.reset()
  resetSessionCache()
})

const claims = { username: 'asha', sessionVersion: 3, tokenId: 'token-1', expiresAt: 2_000_000_000 }
const record = (sessionVersion: number, revoked: string[] = []) => ({
  Item: {
    pk: 'ADMIN',
    sessionVersion,
    role: 'owner',
    ...(revoked.length > 0 ? { revokedTokens: new Set(revoked) } : {}),
  },
})

describe('checkSession', () => {
  it('reads the user record once per 30 seconds, so a revocation elsewhere takes effect within that time', async () => {
    const start = 1_800_000_000_000
    dynamo.on(GetCommand).resolves(record(3))
    await checkSession(claims, start)
    // The password is reset elsewhere: this instance still knows version 3 until its cache is 30 s old.
    dynamo.on(GetCommand).resolves(record(4))
    await checkSession(claims, start + sessionCacheMs - 1)
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(1)
    await expect(checkSession(claims, start + sessionCacheMs)).rejects.toThrow(
      'Your session has ended. Please sign in again.',
    )
    expect(sessionCacheMs).toBeLessThanOrEqual(30_000)
    const read = dynamo.commandCalls(GetCommand)[0]!.args[0].input
    expect(read).toMatchObject({ Key: { pk: 'ADMIN', sk: 'asha' }, ConsistentRead: true })
    expect(read.ProjectionExpression).not.toMatch(/passwordHash|mfaSecret/)
  })

  it('reads the record again for a token newer than what it knows (issued after an MFA enrolment elsewhere)', async () => {
    const start = 1_800_000_000_000
    dynamo.on(GetCommand).resolves(record(3))
    await checkSession(claims, start)
    // The user enrols elsewhere: the record is at version 4 and the new token carries it.
    dynamo.on(GetCommand).resolves(record(4))
    await expect(
      checkSession({ ...claims, sessionVersion: 4, tokenId: 'token-2' }, start + 1),
    ).resolves.toMatchObject({ sessionVersion: 4 })
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(2)
    // The old token is refused from then on, on this instance at once.
    await expect(checkSession(claims, start + 2)).rejects.toThrow('Your session has ended')
  })

  it('refuses a deleted user, an older version and a signed-out token; a deleted user is read again each time', async () => {
    dynamo.on(GetCommand).resolves({})
    await expect(checkSession(claims)).rejects.toBeInstanceOf(UnauthorizedError)
    await expect(checkSession(claims)).rejects.toBeInstanceOf(UnauthorizedError)
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(2)
    resetSessionCache()
    dynamo.on(GetCommand).resolves(record(4))
    await expect(checkSession(claims)).rejects.toThrow('Your session has ended')
    resetSessionCache()
    dynamo.on(GetCommand).resolves(record(3, ['2000000000:token-1']))
    await expect(checkSession(claims)).rejects.toThrow('Your session has ended')
    await expect(checkSession({ ...claims, tokenId: 'token-2' })).resolves.toMatchObject({
      sessionVersion: 3,
      role: 'owner',
    })
  })

  it('refuses a signed-out token at once on the instance that signed it out', async () => {
    dynamo.on(GetCommand).resolves(record(3))
    dynamo.on(UpdateCommand).resolves({ Attributes: { revokedTokens: new Set(['2000000000:token-1']) } })
    await checkSession(claims)
    await endSession(claims)
    await expect(checkSession(claims)).rejects.toThrow('Your session has ended')
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(1)
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input
    expect(update).toMatchObject({
      UpdateExpression: 'ADD revokedTokens :entry',
      Key: { pk: 'ADMIN', sk: 'asha' },
    })
  })

  it('answers a throttled read as a failure, not as a signed-out or valid session', async () => {
    dynamo.on(GetCommand).rejects(Object.assign(new Error('busy'), { name: 'ThrottlingException' }))
    await expect(checkSession(claims)).rejects.toMatchObject({ name: 'ThrottlingException' })
  })
})
