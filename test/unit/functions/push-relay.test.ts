import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  type GetCommandInput,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb'
import type { SNSEvent, SNSEventRecord } from 'aws-lambda'
import { mockClient } from 'aws-sdk-client-mock'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler, recipientOf } from '../../../functions/alerts/push-relay'
import { leadPush } from '../../../functions/core/staff-alerts'
import { messageAttributes } from '../../../functions/lib/notify'
import { relays } from '../../../functions/relays'
import { type FakeDevice, type FakePushService, startFakePushService } from '../../support/fake-push-service'

/**
 * The push relay, on a mocked DynamoDB (the roster in the settings item, each person's devices in PUSH)
 * and a local fake push service: each SNS record about a lead reaches its recipient's devices (or every
 * owner's), encrypted, with a tap opening the lead and no name in it; a device whose service says it is
 * gone is deleted; a record it cannot use is logged and skipped, and the others still go.
 */
const dynamo = mockClient(DynamoDBDocumentClient)
let service: FakePushService
const devices = new Map<string, FakeDevice[]>()
let roster: Record<string, string> = {}

const quote = {
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  kind: 'quote' as const,
  createdAt: '2026-11-27T05:50:00.000Z',
  name: 'Ravi Kumar',
  category: 'residential' as const,
  capacityKw: 5,
  pincode: '500081',
}

/** An SNS record as the topic delivers it, with the attributes notify.ts publishes. */
function record(attributes: [string, string][], id = 'm-1'): SNSEventRecord {
  return {
    EventSource: 'aws:sns',
    Sns: {
      MessageId: id,
      Subject: 'New Residential quote request: Ravi Kumar',
      Message: 'Name: Ravi Kumar\nPhone: +91 98765 43210',
      MessageAttributes: Object.fromEntries(
        attributes.map(([name, value]) => [name, { Type: 'String', Value: value }]),
      ),
    },
  } as unknown as SNSEventRecord
}
const event = (...records: SNSEventRecord[]): SNSEvent => ({ Records: records })

beforeAll(async () => {
  service = await startFakePushService()
})
afterAll(async () => {
  await service?.close()
})
beforeEach(() => {
  dynamo.reset()
  service.received.length = 0
  devices.clear()
  roster = { 'staff#olga': 'owner', 'staff#omar': 'owner', 'staff#asha': 'sales', 'staff#eddie': 'editor' }
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  dynamo.on(GetCommand).callsFake(async (input: GetCommandInput) => {
    expect(input.Key).toEqual({ pk: 'SETTINGS', sk: 'SALES' })
    return { Item: { pk: 'SETTINGS', sk: 'SALES', ...roster } }
  })
  dynamo.on(QueryCommand).callsFake(async (input: QueryCommandInput) => {
    const values = input.ExpressionAttributeValues ?? {}
    expect(values[':kind']).toBe('PUSH')
    const username = String(values[':prefix']).replace(/#$/, '')
    return {
      Items: (devices.get(username) ?? []).map((device, index) => ({
        pk: 'PUSH',
        sk: `${username}#${index}`,
        endpoint: device.subscription.endpoint,
        keys: device.subscription.keys,
        createdAt: `2026-11-2${index}T00:00:00.000Z`,
      })),
    }
  })
  dynamo.on(DeleteCommand).resolves({})
})

const opted = (username: string, ...names: string[]) => {
  const made = names.map((name) => service.device(name))
  devices.set(username, made)
  return made
}
const pathsReceived = () => service.received.map((push) => push.path).sort()

describe('the push relay', () => {
  it("sends a message about a lead to its recipient's devices: what and where, the lead's link, no name", async () => {
    const [phone] = opted('asha', 'asha-phone')
    opted('ravi', 'ravi-phone')
    const push = leadPush('new', quote)

    const report = await handler(event(record(messageAttributes({ username: 'asha' }, push))))

    expect(report).toMatchObject({ relayed: 1, skipped: 0, failed: 0, devices: { sent: 1 } })
    expect(pathsReceived()).toEqual(['/push/asha-phone'])
    const shown = JSON.parse(service.decrypt(service.received[0]!, phone!))
    expect(shown).toEqual({
      title: 'New lead for you',
      body: 'Residential, 5 kW, PIN 500081 (Telangana)',
      url: `/admin/leads/${quote.id}`,
    })
    expect(JSON.stringify(shown)).not.toMatch(/Ravi|98765/)
    // Only the recipient's devices were read: never the roster for a message to one person.
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0)
  })

  it("sends a message for the owners to every owner's devices, read from the roster once", async () => {
    opted('olga', 'olga-phone', 'olga-desktop')
    opted('omar', 'omar-phone')
    opted('asha', 'asha-phone')
    const push = leadPush('escalated', quote)

    const report = await handler(
      event(
        record(messageAttributes('owners', push), 'm-1'),
        record(messageAttributes('owners', push), 'm-2'),
      ),
    )

    expect(report).toMatchObject({ relayed: 2, devices: { sent: 6, removed: 0, failed: 0 } })
    expect(pathsReceived()).toEqual([
      '/push/olga-desktop',
      '/push/olga-desktop',
      '/push/olga-phone',
      '/push/olga-phone',
      '/push/omar-phone',
      '/push/omar-phone',
    ])
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(1)
  })

  it('deletes a device whose push service says it is gone (404, 410), and still sends to the others', async () => {
    const [gone, expired, kept] = opted('asha', 'asha-old', 'asha-expired', 'asha-phone')
    service.answer(gone!, 410)
    service.answer(expired!, 404)

    const report = await handler(
      event(record(messageAttributes({ username: 'asha' }, leadPush('reminder', quote)))),
    )

    expect(report.devices).toEqual({ sent: 1, removed: 2, failed: 0 })
    const deleted = dynamo.commandCalls(DeleteCommand).map(({ args: [command] }) => command.input.Key?.sk)
    expect(deleted).toHaveLength(2)
    expect(deleted.every((key) => String(key).startsWith('asha#'))).toBe(true)
    expect(kept).toBeDefined()
  })

  it('logs and skips a record without a lead id or for an unknown recipient, and relays the others', async () => {
    opted('asha', 'asha-phone')
    const push = leadPush('callback', quote)
    const withoutLead = record([['recipient', 'user:asha']], 'no-lead')
    const unknown = record(
      messageAttributes({ username: 'asha' }, push).map(([name, value]) =>
        name === 'recipient' ? [name, 'team:everyone'] : [name, value],
      ),
      'unknown',
    )
    const bad = record(
      [
        ['recipient', 'user:asha'],
        ['leadId', '../../etc'],
      ],
      'bad-id',
    )
    const good = record(messageAttributes({ username: 'asha' }, push), 'good')

    const report = await handler(event(withoutLead, unknown, bad, good))

    expect(report).toMatchObject({ relayed: 1, skipped: 3, failed: 0, devices: { sent: 1 } })
    expect(pathsReceived()).toEqual(['/push/asha-phone'])
    const warned = vi.mocked(console.warn).mock.calls.map((call) => String(call[0]))
    expect(warned.filter((line) => line.includes('without a lead id'))).toHaveLength(2)
    expect(warned.filter((line) => line.includes('unknown recipient'))).toHaveLength(1)
  })

  it('never throws: a roster that cannot be read fails that record only', async () => {
    opted('asha', 'asha-phone')
    dynamo.on(GetCommand).rejects(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }))
    const push = leadPush('escalated', quote)

    const report = await handler(
      event(
        record(messageAttributes('owners', push), 'owners'),
        record(messageAttributes({ username: 'asha' }, push), 'asha'),
      ),
    )

    expect(report).toMatchObject({ relayed: 1, skipped: 0, failed: 1, devices: { sent: 1 } })
    expect(pathsReceived()).toEqual(['/push/asha-phone'])
  })

  it('reads a recipient as one person or the owners, and nothing else', () => {
    expect(recipientOf('owners')).toBe('owners')
    expect(recipientOf('user:asha')).toEqual({ username: 'asha' })
    for (const value of [undefined, '', 'user:', 'user:a#b', 'asha', 'user:none', 'team:sales']) {
      expect(recipientOf(value), String(value)).toBeUndefined()
    }
  })

  it('is delivered only the messages that carry a lead id (its subscription filter)', () => {
    expect(relays.find((relay) => relay.id === 'push-relay')?.requiredAttribute).toBe('leadId')
    expect(messageAttributes('owners').map(([name]) => name)).toEqual(['recipient'])
    expect(messageAttributes('owners', leadPush('new', quote)).map(([name]) => name)).toEqual([
      'recipient',
      'leadId',
      'push',
    ])
  })
})
