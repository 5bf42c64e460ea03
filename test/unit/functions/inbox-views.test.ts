import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { usernamePattern } from '@core/admin'
import { inboxQueryOf, inboxQuerySchema } from '@core/pipeline'
import { validate } from '@core/validation'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler } from '../../../functions/admin/list-leads'
import { entryKeys, leadSummary, listInbox } from '../../../functions/lib/db/inbox'
import { apiEvent, lambdaContext } from '../../support/events'
import { adminAuthorization } from '../../support/tokens'

const dynamo = mockClient(DynamoDBDocumentClient)
beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  dynamo.on(QueryCommand).resolves({ Items: [], ScannedCount: 0 })
})
afterEach(() => {
  dynamo.reset()
  vi.restoreAllMocks()
})

/** 27 Nov 2026, 10:30 in India: the day the due views count from. */
const now = new Date('2026-11-27T05:00:00.000Z')

/** The one Query a view of the inbox sends. */
async function queryOf(query: Record<string, string>) {
  const checked = validate(inboxQuerySchema, query)
  if (!checked.ok) throw new Error(JSON.stringify(checked.fields))
  await listInbox(checked.value, 25, now)
  const calls = dynamo.commandCalls(QueryCommand)
  expect(calls).toHaveLength(1)
  return calls[0]!.args[0].input
}

describe('the inbox query (core)', () => {
  it('takes me, none or a username as the assignee, today or overdue as due, and 1 as waiting', () => {
    for (const query of [
      { assignee: 'me' },
      { assignee: 'none' },
      { assignee: 'sunil.k' },
      { due: 'today' },
      { due: 'overdue', status: 'contacted' },
      { waiting: '1' },
      { waiting: '1', status: 'new', due: 'today' },
    ]) {
      expect(validate(inboxQuerySchema, query).ok, JSON.stringify(query)).toBe(true)
    }
  })

  it('refuses other values and views that cannot hold a lead, naming the filter', () => {
    for (const [query, field, message] of [
      [{ assignee: 'm' }, 'assignee', 'Choose a colleague, me or none'],
      [{ assignee: 'Not one!' }, 'assignee', 'Choose a colleague, me or none'],
      [{ due: 'tomorrow' }, 'due', 'Choose today or overdue'],
      [{ due: 'TODAY' }, 'due', 'Choose today or overdue'],
      [{ waiting: 'true' }, 'waiting', 'Waiting is 1, or left out'],
      [{ waiting: '1', status: 'contacted' }, 'waiting', 'Waiting leads are new'],
      [{ due: 'overdue', status: 'won' }, 'due', 'A closed lead has no follow-up due'],
    ] as const) {
      const result = validate(inboxQuerySchema, query)
      expect(result.ok, JSON.stringify(query)).toBe(false)
      if (!result.ok) expect(result.fields[field]).toContain(message)
    }
  })

  it('puts the signed-in user in the place of me, and leaves other views as they are', () => {
    expect(inboxQueryOf({ assignee: 'me', due: 'today' }, 'sunil')).toEqual({
      assignee: 'sunil',
      due: 'today',
    })
    expect(inboxQueryOf({ assignee: 'none' }, 'sunil')).toEqual({ assignee: 'none' })
    expect(inboxQueryOf({ status: 'new' }, 'sunil')).toEqual({ status: 'new' })
  })

  it('keeps none out of the usernames, so it never names a colleague', () => {
    expect(usernamePattern.test('none')).toBe(false)
    expect(usernamePattern.test('nonet')).toBe(true)
    expect(usernamePattern.test('anon')).toBe(true)
  })
})

describe('the inbox entries of an unassigned lead', () => {
  it('file it under - in INBOX#ASSIGNEE, and under the username once assigned', () => {
    const item = { id: 'a1', createdAt: '2026-11-27T04:00:00.000Z', name: 'Ravi' }
    const assigneeKeys = (fields: Record<string, unknown>) =>
      entryKeys(leadSummary('QUOTE', { ...item, ...fields }))
        .filter((key) => key.pk === 'INBOX#ASSIGNEE')
        .map((key) => key.sk)
    expect(assigneeKeys({})).toEqual(['-#2026-11-27T04:00:00.000Z#a1'])
    expect(assigneeKeys({ assignee: 'asha' })).toEqual(['asha#2026-11-27T04:00:00.000Z#a1'])
  })

  it('file an open follow-up by its day, then its time (a whole-day one first), and a closed lead not at all', () => {
    const item = { id: 'a1', createdAt: '2026-11-27T04:00:00.000Z', followUpOn: '2026-11-28' }
    const followUpKeys = (fields: Record<string, unknown>) =>
      entryKeys(leadSummary('QUOTE', { ...item, ...fields }))
        .filter((key) => key.pk === 'INBOX#FOLLOWUP')
        .map((key) => key.sk)
    expect(followUpKeys({})).toEqual(['2026-11-28##2026-11-27T04:00:00.000Z#a1'])
    expect(followUpKeys({ followUpAt: '2026-11-28T04:30:00.000Z' })).toEqual([
      '2026-11-28#2026-11-28T04:30:00.000Z#2026-11-27T04:00:00.000Z#a1',
    ])
    expect(followUpKeys({ status: 'won' })).toEqual([])
    expect(followUpKeys({ followUpOn: undefined })).toEqual([])
  })

  it('carry the first contact and the follow-up’s time in the summary', () => {
    const summary = leadSummary('CONTACT', {
      id: 'c1',
      createdAt: '2026-11-27T04:00:00.000Z',
      firstContactAt: '2026-11-27T04:03:00.000Z',
      followUpOn: '2026-11-28',
      followUpAt: '2026-11-28T04:30:00.000Z',
    })
    expect(summary).toMatchObject({
      createdAt: '2026-11-27T04:00:00.000Z',
      firstContactAt: '2026-11-27T04:03:00.000Z',
      followUpAt: '2026-11-28T04:30:00.000Z',
    })
  })

  it('carry a quote’s capacity for the row’s first WhatsApp message, and nothing for a contact', () => {
    const quote = (capacityKw: unknown) =>
      leadSummary('QUOTE', { id: 'q1', createdAt: '2026-11-27T04:00:00.000Z', capacityKw })
    expect(quote(3).capacityKw).toBe(3)
    expect(quote('5').capacityKw).toBe(5)
    expect('capacityKw' in quote(undefined)).toBe(false)
    expect('capacityKw' in quote('')).toBe(false)
    expect('capacityKw' in quote('many')).toBe(false)
    const contact = leadSummary('CONTACT', { id: 'c1', createdAt: '2026-11-27T04:00:00.000Z', capacityKw: 3 })
    expect('capacityKw' in contact).toBe(false)
  })
})

describe('the views of the day, each one Query of one partition', () => {
  it('reads the unassigned leads under -, newest first', async () => {
    const input = await queryOf({ assignee: 'none', kind: 'quote' })
    expect(input).toMatchObject({
      ExpressionAttributeValues: {
        ':pk': 'INBOX#ASSIGNEE',
        ':low': '-#0',
        ':high': '-#9~',
        ':kind': 'quote',
      },
      ScanIndexForward: false,
    })
  })

  it('reads the waiting leads from the new status oldest first, without a first contact', async () => {
    const input = await queryOf({ waiting: '1' })
    expect(input).toMatchObject({
      ExpressionAttributeValues: { ':pk': 'INBOX#STATUS', ':low': 'new#0', ':high': 'new#9~' },
      FilterExpression: 'attribute_not_exists(firstContactAt)',
      ScanIndexForward: true,
    })
  })

  it('reads a colleague’s waiting leads from their partition, filtered to new and not contacted', async () => {
    const input = await queryOf({ waiting: '1', assignee: 'sunil' })
    expect(input).toMatchObject({
      ExpressionAttributeValues: { ':pk': 'INBOX#ASSIGNEE', ':low': 'sunil#0', ':status': 'new' },
      FilterExpression: '#status = :status AND attribute_not_exists(firstContactAt)',
      ScanIndexForward: true,
    })
  })

  it('reads today’s follow-ups by today’s day in India, and the overdue ones from every day before it', async () => {
    expect(await queryOf({ due: 'today' })).toMatchObject({
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :low AND :high',
      ExpressionAttributeValues: { ':pk': 'INBOX#FOLLOWUP', ':low': '2026-11-27#', ':high': '2026-11-27#~' },
      ScanIndexForward: true,
    })
    dynamo.resetHistory()
    const overdue = await queryOf({ due: 'overdue', assignee: 'none', from: '2026-11-01' })
    expect(overdue).toMatchObject({
      ExpressionAttributeValues: {
        ':pk': 'INBOX#FOLLOWUP',
        ':low': '0',
        ':high': '2026-11-27',
        ':from': '2026-10-31T18:30:00.000Z',
      },
      FilterExpression: 'createdAt >= :from AND attribute_not_exists(#assignee)',
    })
  })

  it('filters a search to the open leads due, when the search’s partition is read', async () => {
    const input = await queryOf({ due: 'overdue', q: 'ravi' })
    expect(input.ExpressionAttributeValues).toMatchObject({
      ':pk': 'INBOX#NAME',
      ':today': '2026-11-27',
      ':closed0': 'won',
      ':closed1': 'lost',
    })
    expect(input.FilterExpression).toBe('followUpOn < :today AND NOT (#status IN (:closed0, :closed1))')
  })
})

describe('GET /api/admin/leads?assignee=me', () => {
  it('reads the signed-in user’s own partition', async () => {
    const reply = await handler(
      apiEvent('admin-list-leads', {
        headers: await adminAuthorization('sunil', undefined, 'sales'),
        query: { assignee: 'me' },
      }),
      lambdaContext,
    )
    expect(reply).toMatchObject({ statusCode: 200 })
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({
      ':pk': 'INBOX#ASSIGNEE',
      ':low': 'sunil#0',
    })
  })
})

describe('the source view, one Query of one partition', () => {
  it('files a lead under its source kind and its UTM source, and one stored before sources under form', () => {
    const item = { id: 'a1', createdAt: '2026-11-27T04:00:00.000Z', name: 'Ravi' }
    const sourceKeys = (fields: Record<string, unknown>) =>
      entryKeys(leadSummary('QUOTE', { ...item, ...fields }))
        .filter((key) => key.pk === 'INBOX#SOURCE')
        .map((key) => key.sk)
    const suffix = '2026-11-27T04:00:00.000Z#a1'
    expect(sourceKeys({})).toEqual([`form#${suffix}`])
    expect(
      sourceKeys({ source: { kind: 'form', form: 'quote', page: '/get-quote' }, utmSource: 'google' }),
    ).toEqual([`form#${suffix}`, `utm:google#${suffix}`])
    // A `#` could not come from the API, but a key part is escaped whatever it holds.
    expect(sourceKeys({ source: { kind: 'manual', channel: 'phone' }, utmSource: 'a#b' })).toEqual([
      `manual#${suffix}`,
      `utm:a%23b#${suffix}`,
    ])
  })

  it('reads form, manual or a UTM source from INBOX#SOURCE, newest first', async () => {
    expect(await queryOf({ source: 'manual' })).toMatchObject({
      ExpressionAttributeValues: { ':pk': 'INBOX#SOURCE', ':low': 'manual#0', ':high': 'manual#9~' },
      ScanIndexForward: false,
    })
    dynamo.resetHistory()
    expect(await queryOf({ source: 'google', kind: 'quote' })).toMatchObject({
      ExpressionAttributeValues: { ':pk': 'INBOX#SOURCE', ':low': 'utm:google#0', ':kind': 'quote' },
    })
  })

  it('filters another partition’s view by the source kind or the UTM source', async () => {
    expect(await queryOf({ assignee: 'sunil', source: 'manual' })).toMatchObject({
      ExpressionAttributeValues: { ':pk': 'INBOX#ASSIGNEE', ':source': 'manual' },
      ExpressionAttributeNames: { '#source': 'source', '#sourceKind': 'kind' },
      FilterExpression: '#source.#sourceKind = :source',
    })
    dynamo.resetHistory()
    expect(await queryOf({ assignee: 'sunil', source: 'google' })).toMatchObject({
      ExpressionAttributeValues: { ':source': 'google' },
      FilterExpression: '#utmSource = :source',
    })
  })

  it('refuses a source with characters no UTM value has, or too long', () => {
    for (const source of ['<x>', 'a"b', 'x'.repeat(101)]) {
      const checked = validate(inboxQuerySchema, { source })
      expect(checked.ok).toBe(false)
      if (!checked.ok)
        expect(checked.fields.source).toBe('Choose form, manual or a UTM source (at most 100 characters)')
    }
  })
})
