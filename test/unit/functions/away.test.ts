import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { businessToday } from '@core/business-days'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as getAway } from '../../../functions/admin/get-away'
import { handler as setAway } from '../../../functions/admin/set-away'
import { resetSessionCache } from '../../../functions/lib/auth/sessions'
import { faultError } from '../../support/aws-faults'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { adminAuthorization } from '../../support/tokens'

const document = mockClient(DynamoDBDocumentClient)

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  document.onAnyCommand().resolves({})
})
afterEach(() => {
  document.reset()
  resetSessionCache()
  vi.restoreAllMocks()
})

const put = async (body: unknown, role: 'sales' | 'owner' | 'editor' | 'viewer' = 'sales') =>
  parseResult(
    await setAway(
      apiEvent('admin-set-away', { headers: await adminAuthorization('ravi', undefined, role), body }),
      lambdaContext,
    ),
  )
const get = async (role: 'sales' | 'editor' = 'sales') =>
  parseResult(
    await getAway(
      apiEvent('admin-get-away', { headers: await adminAuthorization('ravi', undefined, role) }),
      lambdaContext,
    ),
  )
const settingsUpdates = () =>
  document
    .commandCalls(UpdateCommand)
    .map(({ args: [command] }) => command.input)
    .filter((input) => input.Key?.pk === 'SETTINGS')
const audits = () =>
  document
    .commandCalls(PutCommand)
    .map(({ args: [command] }) => command.input.Item)
    .filter((item) => item?.pk === 'AUDIT')

describe('PUT /api/admin/away', () => {
  it('marks the caller away now: only their own entry, without dates, raising the version; audited', async () => {
    const reply = await put({ away: true })
    expect(reply).toMatchObject({ status: 200, body: { away: true } })
    const [update] = settingsUpdates()
    expect(update).toMatchObject({
      UpdateExpression:
        'SET #away.#person = :absence, updatedAt = :now, updatedBy = :actor ADD #version :one',
      ConditionExpression: 'attribute_exists(#away)',
      ExpressionAttributeNames: { '#away': 'away', '#person': 'ravi', '#version': 'version' },
      ExpressionAttributeValues: { ':absence': {}, ':one': 1, ':actor': 'ravi' },
    })
    expect(settingsUpdates()).toHaveLength(1)
    expect(audits()).toEqual([
      expect.objectContaining({
        actor: 'ravi',
        action: 'settings-change',
        target: 'away: ravi',
        detail: 'away now',
      }),
    ])
  })

  it('makes the away map with their entry when no owner has saved the settings yet', async () => {
    document
      .on(UpdateCommand, { ConditionExpression: 'attribute_exists(#away)' })
      .rejects(faultError('conditional', 'dynamodb'))
    const reply = await put({ away: true })
    expect(reply.status).toBe(200)
    const [, made] = settingsUpdates()
    expect(made).toMatchObject({
      UpdateExpression: 'SET #away = :away, updatedAt = :now, updatedBy = :actor ADD #version :one',
      ConditionExpression: 'attribute_not_exists(#away)',
      ExpressionAttributeValues: { ':away': { ravi: {} } },
    })
  })

  it('answers 409 and records nothing when the settings keep changing under both writes', async () => {
    document.on(UpdateCommand).rejects(faultError('conditional', 'dynamodb'))
    const reply = await put({ away: true })
    expect(reply.status).toBe(409)
    expect(settingsUpdates()).toHaveLength(4)
    expect(audits()).toEqual([])
  })

  it('clears only their own entry when they are back; a repeat writes and records nothing more', async () => {
    expect(await put({ away: false })).toMatchObject({ status: 200, body: { away: false } })
    expect(settingsUpdates()[0]).toMatchObject({
      UpdateExpression: 'REMOVE #away.#person SET updatedAt = :now, updatedBy = :actor ADD #version :one',
      ConditionExpression: 'attribute_exists(#away.#person)',
      ExpressionAttributeNames: { '#person': 'ravi' },
    })
    expect(audits()).toEqual([expect.objectContaining({ target: 'away: ravi', detail: 'back' })])
    document.reset()
    document.onAnyCommand().resolves({})
    document.on(UpdateCommand).rejects(faultError('conditional', 'dynamodb'))
    expect(await put({ away: false })).toMatchObject({ status: 200, body: { away: false } })
    expect(audits()).toEqual([])
  })

  it('refuses a body without a yes or no, and a role that may not work leads, writing nothing', async () => {
    expect(await put({ away: 'yes' })).toMatchObject({
      status: 400,
      body: { fields: { away: 'Send away: true (away now) or false (back)' } },
    })
    expect((await put({ away: true }, 'editor')).status).toBe(403)
    expect((await put({ away: true }, 'viewer')).status).toBe(403)
    expect(settingsUpdates()).toEqual([])
  })
})

describe('GET /api/admin/away', () => {
  const answer = (away: Record<string, unknown> | undefined) =>
    document.on(GetCommand, { Key: { pk: 'SETTINGS', sk: 'SALES' } }).resolves(away ? { Item: { away } } : {})

  it('reads only their own entry: away now when marked without dates', async () => {
    answer({ ravi: {} })
    expect(await get()).toMatchObject({ status: 200, body: { away: true, absence: {} } })
    const [read] = document
      .commandCalls(GetCommand)
      .filter(({ args: [command] }) => command.input.Key?.pk === 'SETTINGS')
    expect(read?.args[0].input).toMatchObject({
      ProjectionExpression: 'away.#person',
      ExpressionAttributeNames: { '#person': 'ravi' },
    })
  })

  it('tells leave an owner planned for later from away today, and not away at all', async () => {
    answer({ ravi: { from: '2999-01-01', until: '2999-01-05' } })
    expect((await get()).body).toEqual({ away: false, absence: { from: '2999-01-01', until: '2999-01-05' } })
    document.reset()
    document.onAnyCommand().resolves({})
    answer({ ravi: { from: '2020-01-01', until: businessToday() } })
    expect((await get()).body).toEqual({
      away: true,
      absence: { from: '2020-01-01', until: businessToday() },
    })
    document.reset()
    document.onAnyCommand().resolves({})
    answer(undefined)
    expect((await get()).body).toEqual({ away: false })
  })

  it('refuses a role that may not work leads', async () => {
    expect((await get('editor')).status).toBe(403)
  })
})
