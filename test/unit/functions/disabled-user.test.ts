import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as listContacts } from '../../../functions/admin/list-contacts'
import { handler as login } from '../../../functions/admin/login'
import { handler as updateLead } from '../../../functions/admin/update-lead'
import { hashPassword } from '../../../functions/lib/auth/passwords'
import { rememberSessionState, resetSessionCache } from '../../../functions/lib/auth/sessions'
import { disabledAccountMessage } from '../../../functions/lib/auth/sign-in'
import { issueToken } from '../../../functions/lib/auth/tokens'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { adminAuthorization } from '../../support/tokens'
import { answerStoredLead, storedLeadId } from '../../support/workspace'

/** A disabled account: no sign-in, no session, and never chosen as an assignee. */
const document = mockClient(DynamoDBDocumentClient)

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  document.on(QueryCommand).resolves({ Items: [] })
  document.on(PutCommand).resolves({})
  document.on(DeleteCommand).resolves({})
  document.on(UpdateCommand).resolves({})
})
afterEach(() => {
  document.reset()
  resetSessionCache()
  vi.restoreAllMocks()
})

describe('a disabled account', () => {
  it('cannot sign in with the right password: 403, no token, the refusal recorded', async () => {
    const passwordHash = await hashPassword('a long admin password', { N: 2 ** 10, r: 8, p: 1 })
    document.on(GetCommand).resolves({})
    document.on(GetCommand, { Key: { pk: 'ADMIN', sk: 'ravi' } }).resolves({
      Item: { username: 'ravi', passwordHash, createdAt: 'x', updatedAt: 'x', role: 'sales', disabled: true },
    })
    const result = await login(
      apiEvent('admin-login', { body: { username: 'ravi', password: 'a long admin password' } }),
      lambdaContext,
    )
    const reply = parseResult(result)
    expect(reply).toMatchObject({ status: 403, body: { error: disabledAccountMessage } })
    expect(reply.body.token).toBeUndefined()
    expect((result as { cookies?: string[] }).cookies).toBeUndefined()
    const audits = document
      .commandCalls(PutCommand)
      .map(({ args: [command] }) => command.input.Item)
      .filter((item) => item?.pk === 'AUDIT')
    expect(audits).toContainEqual(expect.objectContaining({ action: 'access-refused', detail: 'disabled' }))
  })

  it('has every token refused, even one at its current session version', async () => {
    rememberSessionState('ravi', {
      sessionVersion: 3,
      revokedTokens: new Set(),
      role: 'sales',
      disabled: true,
    })
    const { token } = await issueToken('ravi', 3)
    const reply = parseResult(
      await listContacts(
        apiEvent('admin-list-contacts', { headers: { authorization: `Bearer ${token}` } }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(401)
  })

  it('is refused as an assignee, with nothing written', async () => {
    answerStoredLead(document)
    document
      .on(GetCommand, { Key: { pk: 'ADMIN', sk: 'ravi' } })
      .resolves({ Item: { pk: 'ADMIN', role: 'sales', disabled: true } })
    const reply = parseResult(
      await updateLead(
        apiEvent('admin-update-lead', {
          headers: await adminAuthorization(),
          pathParameters: { id: storedLeadId },
          body: { version: 1, assignee: 'ravi' },
        }),
        lambdaContext,
      ),
    )
    expect(reply).toMatchObject({ status: 400, body: { fields: { assignee: 'ravi is disabled' } } })
    expect(
      document.commandCalls(UpdateCommand).filter(({ args: [c] }) => c.input.Key?.pk === 'QUOTE'),
    ).toEqual([])
  })
})
