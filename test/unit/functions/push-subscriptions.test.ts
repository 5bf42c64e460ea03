import { DeleteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as addSubscription } from '../../../functions/admin/add-push-subscription'
import { handler as deleteSubscription } from '../../../functions/admin/delete-push-subscription'
import { handler as pushStatus } from '../../../functions/admin/push-status'
import { resetSessionCache } from '../../../functions/lib/auth/sessions'
import { vapidKeys } from '../../../functions/lib/secrets'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { validPushSubscription } from '../../support/fake-push-service'
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

type Role = 'owner' | 'sales' | 'editor' | 'viewer'
const as = async (role: Role) => ({ headers: await adminAuthorization('ravi', undefined, role) })
const pushWrites = () =>
  [...document.commandCalls(PutCommand), ...document.commandCalls(DeleteCommand)]
    .map(
      ({ args: [command] }) =>
        command.input as { Item?: Record<string, unknown>; Key?: Record<string, unknown> },
    )
    .filter((input) => (input.Item ?? input.Key)?.pk === 'PUSH')

describe('POST /api/admin/push-subscriptions', () => {
  it.each(['owner', 'sales', 'editor', 'viewer'] as const)(
    'stores the device for the signed-in %s themselves → 201',
    async (role) => {
      const subscription = validPushSubscription()
      const reply = parseResult(
        await addSubscription(
          apiEvent('admin-add-push-subscription', { ...(await as(role)), body: subscription }),
          lambdaContext,
        ),
      )
      expect(reply).toMatchObject({ status: 201 })
      const [put] = document.commandCalls(PutCommand).filter(({ args: [c] }) => c.input.Item?.pk === 'PUSH')
      expect(put?.args[0].input.Item).toMatchObject({
        pk: 'PUSH',
        sk: expect.stringMatching(/^ravi#[A-Za-z0-9_-]{32}$/),
        endpoint: subscription.endpoint,
        keys: subscription.keys,
      })
    },
  )

  it('refuses an endpoint that is not an https URL of a push service, writing nothing', async () => {
    for (const endpoint of ['http://push.example.com/x', 'https://10.0.0.1/x', 'https://localhost/x']) {
      const reply = parseResult(
        await addSubscription(
          apiEvent('admin-add-push-subscription', {
            ...(await as('sales')),
            body: { ...validPushSubscription(), endpoint },
          }),
          lambdaContext,
        ),
      )
      expect(reply.status, endpoint).toBe(400)
      expect(reply.body).toMatchObject({ fields: { endpoint: expect.any(String) } })
    }
    expect(pushWrites()).toEqual([])
  })

  it('drops the oldest device when a sixth subscribes', async () => {
    const stored = Array.from({ length: 6 }, (_, index) => ({
      pk: 'PUSH',
      sk: `ravi#device${index}`,
      ...validPushSubscription(`https://push.example.com/send/${index}`),
      createdAt: `2026-11-2${index}T10:00:00.000Z`,
    }))
    document.on(QueryCommand).resolves({ Items: stored })
    const reply = parseResult(
      await addSubscription(
        apiEvent('admin-add-push-subscription', { ...(await as('sales')), body: validPushSubscription() }),
        lambdaContext,
      ),
    )
    expect(reply).toMatchObject({ status: 201, body: { devices: 5 } })
    const deleted = document.commandCalls(DeleteCommand).map(({ args: [c] }) => c.input.Key)
    expect(deleted).toHaveLength(1)
    expect(deleted[0]).toMatchObject({ pk: 'PUSH', sk: expect.stringMatching(/^ravi#/) })
  })
})

describe('DELETE /api/admin/push-subscriptions', () => {
  it("deletes the caller's own device of that endpoint → 204", async () => {
    const reply = parseResult(
      await deleteSubscription(
        apiEvent('admin-delete-push-subscription', {
          ...(await as('viewer')),
          body: { endpoint: 'https://push.example.com/send/1' },
        }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(204)
    expect(pushWrites()).toEqual([
      { TableName: 'content', Key: { pk: 'PUSH', sk: expect.stringMatching(/^ravi#/) } },
    ])
  })
})

describe('GET /api/admin/push-subscriptions', () => {
  it("answers the VAPID public key and the caller's number of devices", async () => {
    document.on(QueryCommand).resolves({ Items: [{ pk: 'PUSH', sk: 'ravi#a', ...validPushSubscription() }] })
    const reply = parseResult(
      await pushStatus(apiEvent('admin-push-status', await as('editor')), lambdaContext),
    )
    expect(reply).toEqual({
      status: 200,
      headers: expect.anything(),
      body: { publicKey: (await vapidKeys()).publicKey, devices: 1 },
    })
    const [query] = document.commandCalls(QueryCommand).map(({ args: [c] }) => c.input)
    expect(query?.ExpressionAttributeValues).toEqual({ ':kind': 'PUSH', ':prefix': 'ravi#' })
  })
})
