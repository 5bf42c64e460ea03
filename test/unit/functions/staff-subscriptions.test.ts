import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  alertFilterPolicy,
  dropAlertSubscription,
  syncAlertSubscription,
} from '../../../functions/lib/staff-subscriptions'
import { fakeServiceForFile, startFakeSns } from '../../support/fake-aws'

const dynamo = mockClient(DynamoDBDocumentClient)
const sns = fakeServiceForFile(startFakeSns)
const topicArn = 'arn:aws:sns:ap-south-1:123456789012:leads'

/** The user record as the content table holds it (the projection the sync reads). */
function userRecord(item: Record<string, unknown> | undefined): void {
  dynamo.on(GetCommand).resolves(item ? { Item: item } : {})
}
const calls = () => sns().subscriptionCalls
const storedSubscription = () =>
  dynamo
    .commandCalls(UpdateCommand)
    .map((call) => call.args[0].input.ExpressionAttributeValues?.[':subscription'])

beforeEach(() => {
  vi.stubEnv('LEADS_TOPIC_ARN', topicArn)
  vi.stubEnv('AWS_ENDPOINT_URL_SNS', sns().url)
  calls().length = 0
  sns().answerSubscription = () => 'ok'
  dynamo.on(UpdateCommand).resolves({})
})
afterEach(() => {
  dynamo.reset()
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
})

describe('alertFilterPolicy', () => {
  it("lets through a person's own messages, and an owner's the owners' too", () => {
    expect(JSON.parse(alertFilterPolicy('ravi', 'sales'))).toEqual({ recipient: ['user:ravi'] })
    expect(JSON.parse(alertFilterPolicy('meera', 'owner'))).toEqual({ recipient: ['user:meera', 'owners'] })
    expect(JSON.parse(alertFilterPolicy('old', undefined))).toEqual({ recipient: ['user:old'] })
    // A disabled account keeps its subscription and receives nothing until enabled.
    expect(JSON.parse(alertFilterPolicy('meera', 'owner', true))).toEqual({ recipient: ['nobody'] })
  })
})

describe('syncAlertSubscription', () => {
  it("subscribes a new user's e-mail with their filter policy and records the subscription", async () => {
    userRecord({ email: 'ravi@suryodaya.example', role: 'sales' })
    await syncAlertSubscription('ravi', 'req-1')
    expect(calls()).toEqual([
      {
        action: 'Subscribe',
        params: {
          TopicArn: topicArn,
          Protocol: 'email',
          Endpoint: 'ravi@suryodaya.example',
          ReturnSubscriptionArn: 'true',
          'Attributes.entry.1.key': 'FilterPolicy',
          'Attributes.entry.1.value': '{"recipient":["user:ravi"]}',
        },
      },
    ])
    expect(storedSubscription()).toEqual([{ arn: `${topicArn}:sub-1`, email: 'ravi@suryodaya.example' }])
    // Only the projection is read: never the password hash or an MFA secret.
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input.ProjectionExpression).toBe(
      'email, #role, alertSubscription, disabled',
    )
  })

  it('sets the filter policy of the subscription there when only the role changed', async () => {
    const arn = `${topicArn}:existing`
    userRecord({
      email: 'ravi@suryodaya.example',
      role: 'owner',
      alertSubscription: { arn, email: 'ravi@suryodaya.example' },
    })
    await syncAlertSubscription('ravi', 'req-1')
    expect(calls()).toEqual([
      {
        action: 'SetSubscriptionAttributes',
        params: {
          SubscriptionArn: arn,
          AttributeName: 'FilterPolicy',
          AttributeValue: '{"recipient":["user:ravi","owners"]}',
        },
      },
    ])
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
  })

  it('moves the subscription to a changed e-mail: the old one removed, the new one recorded', async () => {
    const arn = `${topicArn}:old`
    userRecord({
      email: 'ravi.k@suryodaya.example',
      role: 'sales',
      alertSubscription: { arn, email: 'ravi@suryodaya.example' },
    })
    await syncAlertSubscription('ravi', 'req-1')
    expect(calls().map((call) => call.action)).toEqual(['Unsubscribe', 'Subscribe'])
    expect(calls()[0]?.params).toEqual({ SubscriptionArn: arn })
    expect(calls()[1]?.params.Endpoint).toBe('ravi.k@suryodaya.example')
    expect(storedSubscription()).toEqual([{ arn: `${topicArn}:sub-2`, email: 'ravi.k@suryodaya.example' }])
  })

  it('does nothing without a topic (the stand-in) or for a user who is gone', async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', '')
    userRecord({ email: 'ravi@suryodaya.example', role: 'sales' })
    await syncAlertSubscription('ravi', 'req-1')
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0)
    vi.stubEnv('LEADS_TOPIC_ARN', topicArn)
    userRecord(undefined)
    await syncAlertSubscription('ravi', 'req-2')
    expect(calls()).toHaveLength(0)
  })

  it('logs a failed Subscribe without the address and never throws; nothing is recorded', async () => {
    userRecord({ email: 'ravi@suryodaya.example', role: 'sales' })
    sns().answerSubscription = () => ({ error: 'InvalidParameter', status: 400 })
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(syncAlertSubscription('ravi', 'req-1')).resolves.toBeUndefined()
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
    const logged = log.mock.calls.map((args) => String(args[0])).join('\n')
    expect(logged).toContain('subscription not brought in step')
    expect(logged).toContain('InvalidParameterException')
    expect(logged).not.toContain('ravi@suryodaya.example')
  })
})

describe('dropAlertSubscription', () => {
  it("removes a deleted user's subscription; one already gone is no failure", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await dropAlertSubscription({ arn: `${topicArn}:a`, email: 'x@suryodaya.example' }, 'req-1')
    sns().answerSubscription = () => ({ error: 'NotFound', status: 404 })
    await dropAlertSubscription({ arn: `${topicArn}:b`, email: 'y@suryodaya.example' }, 'req-2')
    await dropAlertSubscription(undefined, 'req-3')
    expect(calls().map((call) => call.params.SubscriptionArn)).toEqual([`${topicArn}:a`, `${topicArn}:b`])
    expect(log).not.toHaveBeenCalled()
  })
})
