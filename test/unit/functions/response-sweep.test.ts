import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sweepResponseClock } from '../../../functions/lib/response-sweep'
import { tables } from '../../../functions/lib/store-definitions'
import { schedules } from '../../../functions/schedules'
import { handler } from '../../../functions/sweep/response-sweep'
import { fakeServiceForFile, startFakeSns } from '../../support/fake-aws'
import { conditionFailed, throttlingError } from '../../support/leads'

const dynamo = mockClient(DynamoDBDocumentClient)
const sns = fakeServiceForFile(startFakeSns)
const topicArn = 'arn:aws:sns:ap-south-1:123456789012:leads'

/** An instant given as a wall-clock time in India (+05:30). 2026-11-27 is a Friday. */
const ist = (local: string) => new Date(`${local}+05:30`)
const arrival = ist('2026-11-27T11:20')
const id = '0190c0de-0000-7000-8000-00000000000a'
const entry = {
  pk: 'INBOX#WAITING',
  sk: `${arrival.toISOString()}#${id}`,
  id,
  kind: 'quote',
  createdAt: arrival.toISOString(),
  clockStart: arrival.toISOString(),
  assignee: 'asha',
}
const leadItem = {
  pk: 'QUOTE',
  sk: `${arrival.toISOString()}#${id}`,
  id,
  createdAt: arrival.toISOString(),
  clockStartedAt: arrival.toISOString(),
  name: 'Ravi Kumar',
  whatsapp: '+91 98765 43210',
  pincode: '500081',
  category: 'residential',
  capacityKw: 5,
  serverEstimate: { estimatedCostInr: 300_840 },
  assignee: 'asha',
  history: [],
}
const settings = {
  pk: 'SETTINGS',
  sk: 'SALES',
  'staff#asha': 'sales',
  'staff#ravi': 'sales',
  'staff#owner1': 'owner',
}

/** The stored lead the sweep reads, with `change` applied. */
const answerLead = (change: Record<string, unknown> = {}) =>
  dynamo
    .on(GetCommand, { Key: { pk: 'QUOTE', sk: leadItem.sk } } as never)
    .resolves({ Item: { ...leadItem, ...change } })
const leadUpdates = () =>
  dynamo.commandCalls(UpdateCommand).filter((call) => call.args[0].input.Key?.pk === 'QUOTE')
const entryUpdates = () =>
  dynamo.commandCalls(UpdateCommand).filter((call) => call.args[0].input.Key?.pk === 'INBOX#WAITING')
const audits = () =>
  dynamo
    .commandCalls(PutCommand)
    .map((call) => call.args[0].input.Item!)
    .filter((item) => item.pk === 'AUDIT')

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.stubEnv('LEADS_TOPIC_ARN', topicArn)
  vi.stubEnv('SITE_URL', 'https://www.suryodaya.example')
  vi.stubEnv('AWS_ENDPOINT_URL_SNS', sns().url)
  sns().published.length = 0
  sns().answer = () => 'ok'
  dynamo.on(BatchGetCommand).resolves({ Responses: { content: [settings] } })
  dynamo.on(QueryCommand).resolves({ Items: [entry] })
  dynamo.on(PutCommand).resolves({})
  dynamo.on(DeleteCommand).resolves({})
  dynamo.on(UpdateCommand).resolves({})
  answerLead()
})
/** `table partition action` of every DynamoDB call the tests saw the sweep make. */
const used = new Set<string>()
const actionOf: Record<string, string> = {
  GetCommand: 'GetItem',
  BatchGetCommand: 'BatchGetItem',
  QueryCommand: 'Query',
  PutCommand: 'PutItem',
  UpdateCommand: 'UpdateItem',
  DeleteCommand: 'DeleteItem',
}
afterEach(() => {
  for (const call of dynamo.calls()) {
    const command = call.args[0] as { constructor: { name: string }; input: Record<string, any> }
    const action = actionOf[command.constructor.name]!
    const input = command.input
    const tableOf = (name: string) => (name === process.env[tables.leads.envVar] ? 'leads' : 'content')
    const partitions: [string, string][] =
      action === 'BatchGetItem'
        ? Object.entries(input.RequestItems).flatMap(([table, request]: [string, any]) =>
            request.Keys.map((key: any) => [tableOf(table), key.pk] as [string, string]),
          )
        : [
            [
              tableOf(input.TableName),
              action === 'Query'
                ? input.ExpressionAttributeValues[':kind']
                : action === 'PutItem'
                  ? input.Item.pk
                  : input.Key.pk,
            ],
          ]
    for (const [table, pk] of partitions) used.add(`${table} ${pk} ${action}`)
  }
  dynamo.reset()
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
})

describe('the response sweep', () => {
  it('reads the waiting entries whose clock could be due, one Query of a key range (never a Scan)', async () => {
    await sweepResponseClock({ now: ist('2026-11-27T11:22') })
    const [query] = dynamo.commandCalls(QueryCommand)
    expect(query?.args[0].input).toMatchObject({
      KeyConditionExpression: '#pk = :kind AND #sk < :before',
      ExpressionAttributeValues: {
        ':kind': 'INBOX#WAITING',
        ':before': `${ist('2026-11-27T11:17').toISOString()}~`,
      },
    })
    // Not due yet (2 business minutes): the lead is not even read.
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0)
  })

  it('reminds the assignee at 5 business minutes: timeline, activity log, alert with the link, entry marked', async () => {
    const now = ist('2026-11-27T11:25')
    const report = await sweepResponseClock({ now })
    expect(report).toMatchObject({ idle: false, read: 1, reminded: 1, escalated: 0, failed: 0 })
    const [update] = leadUpdates()
    expect(update?.args[0].input).toMatchObject({
      Key: { pk: 'QUOTE', sk: leadItem.sk },
      UpdateExpression:
        'SET remindedAt = :at, #history = list_append(if_not_exists(#history, :none), :events)',
      ExpressionAttributeValues: {
        ':at': now.toISOString(),
        ':events': [
          {
            at: now.toISOString(),
            by: 'Response clock',
            type: 'note',
            text: 'No first contact 5 business minutes after arrival: reminded asha.',
          },
        ],
      },
    })
    // Only while unanswered and not reminded: the write is the step's claim.
    expect(update?.args[0].input.ConditionExpression).toContain('attribute_not_exists(firstContactAt)')
    expect(update?.args[0].input.ConditionExpression).toContain('attribute_not_exists(remindedAt)')
    expect(audits()).toEqual([
      expect.objectContaining({
        actor: 'Response clock',
        action: 'lead-reminder',
        target: id,
        detail: 'asha',
      }),
    ])
    expect(sns().published).toHaveLength(1)
    expect(sns().published[0]?.Subject).toBe('Reminder: Ravi Kumar is waiting for a first contact')
    // To the assignee alone (their subscription's filter policy), not the whole team.
    expect(sns().published[0]?.Recipient).toBe('user:asha')
    expect(sns().published[0]?.Message).toContain(`Open it: https://www.suryodaya.example/admin/leads/${id}`)
    expect(sns().published[0]?.Message).not.toContain('98765')
    // Its push travels with it, for the topic's push relay: the lead's id, and what and where, no name.
    expect(sns().published[0]?.LeadId).toBe(id)
    expect(JSON.parse(sns().published[0]?.Push ?? '{}')).toEqual({
      title: 'Reminder: a lead is waiting for a first contact',
      body: expect.stringContaining('Residential'),
    })
    expect(sns().published[0]?.Push).not.toContain('Ravi')
    expect(entryUpdates().map((call) => call.args[0].input.ExpressionAttributeNames?.['#step'])).toEqual([
      'remindedAt',
    ])
  })

  it("keeps the owners' own steps from the settings: 10 minutes to a reminder, none at 5", async () => {
    const clock = { reminderMinutes: 10, escalationMinutes: 30 }
    dynamo.on(BatchGetCommand).resolves({ Responses: { content: [{ ...settings, clock }] } })
    expect(await sweepResponseClock({ now: ist('2026-11-27T11:25') })).toMatchObject({
      reminded: 0,
      escalated: 0,
    })
    expect(leadUpdates()).toHaveLength(0)
    const later = await sweepResponseClock({ now: ist('2026-11-27T11:30') })
    expect(later).toMatchObject({ reminded: 1, escalated: 0 })
    expect(leadUpdates()[0]?.args[0].input.ExpressionAttributeValues?.[':events']).toEqual([
      expect.objectContaining({ text: 'No first contact 10 business minutes after arrival: reminded asha.' }),
    ])
  })

  it('retries a throttled step on the next run and alerts exactly once', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    dynamo
      .on(UpdateCommand, { Key: { pk: 'QUOTE', sk: leadItem.sk } } as never)
      .rejectsOnce(throttlingError())
      .resolves({})
    const first = await sweepResponseClock({ now: ist('2026-11-27T11:25') })
    expect(first).toMatchObject({ reminded: 0, failed: 1 })
    expect(sns().published).toHaveLength(0)
    expect(audits()).toHaveLength(0)
    expect(log.mock.calls.map((line) => String(line[0]))).toContainEqual(
      expect.stringContaining('the next run tries again'),
    )

    const second = await sweepResponseClock({ now: ist('2026-11-27T11:26') })
    expect(second).toMatchObject({ reminded: 1, failed: 0 })
    expect(sns().published).toHaveLength(1)

    // The entry's mark was lost (say): the next run finds the reminder on the lead, marks it, sends nothing.
    answerLead({ remindedAt: ist('2026-11-27T11:26').toISOString() })
    const third = await sweepResponseClock({ now: ist('2026-11-27T11:27') })
    expect(third).toMatchObject({ reminded: 0, failed: 0 })
    expect(sns().published).toHaveLength(1)
    expect(leadUpdates()).toHaveLength(2)
  })

  it('sends nothing when the step was taken meanwhile (its condition fails)', async () => {
    dynamo.on(UpdateCommand, { Key: { pk: 'QUOTE', sk: leadItem.sk } } as never).rejects(conditionFailed())
    expect(await sweepResponseClock({ now: ist('2026-11-27T11:25') })).toMatchObject({
      reminded: 0,
      failed: 0,
    })
    expect(sns().published).toHaveLength(0)
    expect(audits()).toHaveLength(0)
  })

  it.each([
    ['its first contact is logged', { firstContactAt: '2026-11-27T05:52:00.000Z' }],
    ['it has left new', { status: 'contacted' }],
    ['it is closed', { status: 'lost' }],
  ])('takes a lead off the waiting list when %s, without a word', async (_name, change) => {
    answerLead(change)
    expect(await sweepResponseClock({ now: ist('2026-11-27T11:40') })).toMatchObject({ cleared: 1 })
    expect(dynamo.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key)).toEqual([
      { pk: 'INBOX#WAITING', sk: entry.sk },
    ])
    expect(leadUpdates()).toHaveLength(0)
    expect(sns().published).toHaveLength(0)
  })

  it('takes an erased lead off the waiting list', async () => {
    dynamo.on(GetCommand).resolves({})
    expect(await sweepResponseClock({ now: ist('2026-11-27T11:40') })).toMatchObject({ cleared: 1 })
    expect(sns().published).toHaveLength(0)
  })

  it('escalates at 15 business minutes: alerts the owners and reassigns once to the next person by the rules', async () => {
    const now = ist('2026-11-27T11:35')
    dynamo
      .on(QueryCommand)
      .resolves({ Items: [{ ...entry, remindedAt: ist('2026-11-27T11:25').toISOString() }] })
    dynamo
      .on(UpdateCommand, { Key: { pk: 'QUOTE', sk: leadItem.sk } } as never)
      .resolves({ Attributes: { ...leadItem, assignee: 'ravi', version: 1, escalatedAt: now.toISOString() } })
    const report = await sweepResponseClock({ now })
    expect(report).toMatchObject({ escalated: 1, reminded: 0, failed: 0 })
    const [update] = leadUpdates()
    expect(update?.args[0].input.UpdateExpression).toContain('assignee = :to')
    expect(update?.args[0].input.ConditionExpression).toContain('assignee = :from')
    expect(update?.args[0].input.ConditionExpression).toContain('attribute_not_exists(escalatedAt)')
    expect(update?.args[0].input.ExpressionAttributeValues).toMatchObject({
      ':from': 'asha',
      ':to': 'ravi',
      ':events': [
        expect.objectContaining({ type: 'note', by: 'Response clock' }),
        {
          at: now.toISOString(),
          by: 'Response clock',
          type: 'assignee',
          from: 'asha',
          to: 'ravi',
          text: 'unanswered: round robin',
        },
      ],
    })
    // The inbox files it under ravi now, no longer under asha; the round robin moves on.
    const puts = dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item!)
    expect(puts).toContainEqual(
      expect.objectContaining({ pk: 'INBOX#ASSIGNEE', sk: expect.stringMatching(/^ravi#/) }),
    )
    expect(dynamo.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key)).toContainEqual({
      pk: 'INBOX#ASSIGNEE',
      sk: `asha#${leadItem.sk}`,
    })
    expect(
      dynamo.commandCalls(UpdateCommand).find((call) => call.args[0].input.Key?.pk === 'ROTATION')?.args[0]
        .input.ExpressionAttributeValues,
    ).toEqual({ ':username': 'ravi' })
    expect(audits()).toEqual([
      expect.objectContaining({ action: 'lead-escalation', target: id, detail: 'asha → ravi' }),
    ])
    // The owners hear of it; the person it moved to is told it is theirs now.
    expect(sns().published.map((message) => [message.Recipient, message.Subject])).toEqual([
      ['owners', 'Late: Ravi Kumar has no first contact after 15 minutes'],
      ['user:ravi', 'Yours now: Ravi Kumar has waited 15 minutes for a first contact'],
    ])
    expect(sns().published[0]?.Message).toContain('It is reassigned from asha to ravi.')
    expect(sns().published[1]?.Message).toContain('it is moved from asha to you')
    expect(
      sns().published.map((message) => [message.LeadId, JSON.parse(message.Push ?? '{}').title]),
    ).toEqual([
      [id, 'Late: a lead has no first contact'],
      [id, 'Yours now: a late lead has no first contact'],
    ])
    expect(entryUpdates()[0]?.args[0].input).toMatchObject({
      ExpressionAttributeNames: { '#step': 'escalatedAt' },
      ExpressionAttributeValues: { ':assignee': 'ravi' },
    })
  })

  it('sends at most 10 alerts a run and one digest for the rest, recording every step', async () => {
    const entries = Array.from({ length: 12 }, (_, index) => {
      const leadId = `${id.slice(0, -2)}${String(index).padStart(2, '0')}`
      return { ...entry, id: leadId, sk: `${arrival.toISOString()}#${leadId}` }
    })
    dynamo.on(QueryCommand).resolves({ Items: entries })
    dynamo.on(GetCommand).callsFake((input: { Key: { sk: string } }) => ({
      Item: { ...leadItem, sk: input.Key.sk, id: input.Key.sk.split('#')[1] },
    }))
    const report = await sweepResponseClock({ now: ist('2026-11-27T11:25') })
    expect(report).toMatchObject({ reminded: 12, failed: 0 })
    expect(leadUpdates()).toHaveLength(12)
    expect(audits()).toHaveLength(12)
    const subjects = sns().published.map((message) => message.Subject)
    expect(subjects.filter((subject) => subject?.startsWith('Reminder:'))).toHaveLength(10)
    expect(subjects.at(-1)).toBe('2 more leads are waiting for a first contact')
    // The digest is about no one lead: nothing for the push relay.
    expect(sns().published.at(-1)?.LeadId).toBeUndefined()
    expect(sns().published.at(-1)?.Message).toContain('https://www.suryodaya.example/admin/leads')
    // The next run has nothing left to send: the held alerts are not sent again.
    dynamo.on(QueryCommand).resolves({
      Items: entries.map((item) => ({ ...item, remindedAt: ist('2026-11-27T11:25').toISOString() })),
    })
    await sweepResponseClock({ now: ist('2026-11-27T11:26') })
    expect(sns().published).toHaveLength(11)
  })

  it('does nothing more once a lead is escalated', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ ...entry, remindedAt: 'x', escalatedAt: 'y' }] })
    expect(await sweepResponseClock({ now: ist('2026-11-27T15:00') })).toMatchObject({
      read: 1,
      escalated: 0,
    })
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0)
    expect(sns().published).toHaveLength(0)
  })

  it('rests at night: reads the settings, no waiting entry', async () => {
    const report = await sweepResponseClock({ now: ist('2026-11-27T23:00') })
    expect(report).toMatchObject({ idle: true, read: 0 })
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0)
  })

  it("runs on the schedule's time from the EventBridge event", async () => {
    const report = await handler({ time: ist('2026-11-27T11:25').toISOString() }, undefined)
    expect(report).toMatchObject({ reminded: 1 })
    expect(leadUpdates()[0]?.args[0].input.ExpressionAttributeValues?.[':at']).toBe(
      ist('2026-11-27T11:25').toISOString(),
    )
  })

  it('calls only what its schedule declares (functions/schedules.ts): the stack grants nothing more', () => {
    const sweep = schedules.find((schedule) => schedule.id === 'response-sweep')!
    const declared = new Set<string>()
    for (const table of ['leads', 'content'] as const) {
      for (const [pk, actions] of Object.entries(sweep.access[table] ?? {})) {
        for (const action of actions as readonly string[]) declared.add(`${table} ${pk} ${action}`)
      }
    }
    expect(used.size).toBeGreaterThan(10)
    expect([...used].filter((call) => !declared.has(call))).toEqual([])
  })
})
