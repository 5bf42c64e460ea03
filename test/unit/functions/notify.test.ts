import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { contactFields } from '../../../functions/core/contact-fields'
import { quoteFields } from '../../../functions/core/quote-fields'
import { awsClientConfig } from '../../../functions/lib/aws-config'
import { notificationCountPartition } from '../../../functions/lib/db/notification-counts'
import {
  digestNotification,
  maxLeadNotificationsPerMinute,
  notificationFor,
  notifyAssignee,
  notifyNewLead,
  notifyOwners,
  notifyStaff,
  type OutboxMessage,
  standInRelayKey,
} from '../../../functions/lib/notify'
import { fakeServiceForFile, startFakeSns } from '../../support/fake-aws'
import { throttlingError, validQuote } from '../../support/leads'
import { loggedFields } from '../../support/logs'

const dynamo = mockClient(DynamoDBDocumentClient)
/** SNS over loopback HTTP: Publish is one signed request (functions/lib/aws-request.ts), not an SDK client. */
const sns = fakeServiceForFile(startFakeSns)
const topicArn = 'arn:aws:sns:ap-south-1:123456789012:leads'

/** A lead message that names a person, as the quote and contact routes send. */
const lead = (index: number) => ({
  subject: `New contact message: Asha Verma ${index}`,
  body: `Name: Asha Verma ${index}\nEmail: asha${index}@example.com\nPhone: +91 98765 43210`,
})

/** The content table's counters as DynamoDB keeps them: one atomic count per key. */
function fakeCounters(): Map<string, number> {
  const counts = new Map<string, number>()
  dynamo.on(UpdateCommand).callsFake(async (input: { Key: { pk: string; sk: string } }) => {
    // Answer later, as a network would, so parallel calls interleave.
    await new Promise((resolve) => setImmediate(resolve))
    const key = `${input.Key.pk}|${input.Key.sk}`
    const count = (counts.get(key) ?? 0) + 1
    counts.set(key, count)
    return { Attributes: { count } }
  })
  return counts
}

const published = () => sns().published

beforeEach(() => {
  vi.stubEnv('LEADS_TOPIC_ARN', topicArn)
  sns().published.length = 0
  sns().headers.length = 0
  sns().answer = () => 'ok'
  vi.stubEnv('AWS_ENDPOINT_URL_SNS', sns().url)
})
afterEach(() => {
  dynamo.reset()
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
})

describe('notificationFor', () => {
  it('sends each lead up to the limit, one digest after it, then nothing', () => {
    expect(maxLeadNotificationsPerMinute).toBe(10)
    expect([1, 2, 10].map(notificationFor)).toEqual(['lead', 'lead', 'lead'])
    expect(notificationFor(11)).toBe('digest')
    expect([12, 13, 500].map(notificationFor)).toEqual(['none', 'none', 'none'])
  })

  it("sends the lead's own message when the count is unknown", () => {
    expect([Number.NaN, 0, -1, 2.5].map(notificationFor)).toEqual(['lead', 'lead', 'lead', 'lead'])
  })
})

describe('notifyStaff', () => {
  it('counts each lead in its minute with one atomic ADD that expires', async () => {
    fakeCounters()
    const now = new Date('2026-11-23T19:28:41.123Z')
    await notifyStaff(lead(1), 'req-1', now)
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input
    expect(update).toMatchObject({
      TableName: 'content',
      Key: { pk: notificationCountPartition, sk: '2026-11-23T19:28' },
      ReturnValues: 'UPDATED_NEW',
    })
    expect(update.UpdateExpression).toMatch(/ADD #count :one/)
    // Kept an hour past the end of its minute, then removed by TTL.
    expect(update.ExpressionAttributeValues?.[':ttl']).toBe(Date.parse('2026-11-23T19:29:00Z') / 1000 + 3600)
    expect(published()).toEqual([
      { TopicArn: topicArn, Subject: lead(1).subject, Message: lead(1).body, Recipient: 'owners' },
    ])
  })

  it('publishes the first 10 leads of a minute, one digest for the 11th and nothing for the rest', async () => {
    fakeCounters()
    const now = new Date('2026-11-23T19:28:00.000Z')
    for (let index = 1; index <= 40; index += 1) await notifyStaff(lead(index), `req-${index}`, now)
    const subjects = published().map((input) => input.Subject)
    expect(subjects).toHaveLength(11)
    expect(subjects.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => lead(i + 1).subject))
    expect(published()[10]).toEqual({
      TopicArn: topicArn,
      Subject: digestNotification.subject,
      Message: digestNotification.body,
      Recipient: 'owners',
    })
    expect(digestNotification.subject).toBe('More than 10 new leads in a minute')
    expect(digestNotification.body).toContain('see the dashboard')
    expect(digestNotification.body).not.toMatch(/Asha|example\.com/)
  })

  it('holds to the limit under a parallel burst: 10 messages and one digest for 50 leads at once', async () => {
    fakeCounters()
    const now = new Date('2026-11-23T19:28:30.000Z')
    await Promise.all(Array.from({ length: 50 }, (_, index) => notifyStaff(lead(index), `req-${index}`, now)))
    const subjects = published().map((input) => input.Subject)
    expect(subjects).toHaveLength(11)
    expect(subjects.filter((subject) => subject === digestNotification.subject)).toHaveLength(1)
  })

  it('sends each lead again in the next minute', async () => {
    fakeCounters()
    for (let index = 1; index <= 12; index += 1) {
      await notifyStaff(lead(index), `req-${index}`, new Date('2026-11-23T19:28:59.000Z'))
    }
    await notifyStaff(lead(13), 'req-13', new Date('2026-11-23T19:29:00.000Z'))
    expect(published().at(-1)?.Subject).toBe(lead(13).subject)
    expect(published()).toHaveLength(12)
  })

  it("sends the lead's own message, logs and never throws when the counter is throttled", async () => {
    dynamo.on(UpdateCommand).rejects(throttlingError())
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(notifyStaff(lead(1), 'req-1')).resolves.toBeUndefined()
    expect(published().map((input) => input.Subject)).toEqual([lead(1).subject])
    const line = String(log.mock.calls[0]?.[0])
    expect(JSON.parse(line)).toMatchObject({
      level: 'ERROR',
      requestId: 'req-1',
      message: expect.stringContaining('notification count not recorded'),
      error: { name: 'ProvisionedThroughputExceededException' },
    })
    expect(line).not.toMatch(/Asha|example\.com|98765/)
  })

  it('logs a failed publish without the subject, the body or anything else that names the person', async () => {
    fakeCounters()
    // SNS's awsQuery error reply on every attempt (the first and its retries).
    sns().answer = () => ({ error: 'InternalError', status: 500, message: 'Internal error' })
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(notifyStaff(lead(7), 'req-7')).resolves.toBeUndefined()
    expect(log).toHaveBeenCalledTimes(1)
    const line = String(log.mock.calls[0]?.[0])
    expect(loggedFields(line)).toEqual({
      level: 'ERROR',
      requestId: 'req-7',
      message: 'staff notification failed; the lead is stored',
      notification: 'lead',
      error: { name: 'InternalErrorException', message: 'Internal error', status: 500 },
    })
    expect(line).not.toMatch(/Asha|Verma|example\.com|98765|contact message/)
  })

  it('names a throttled publish as the SDK does, after its retries, and still never throws', async () => {
    fakeCounters()
    sns().answer = () => ({ error: 'Throttled', status: 400, message: 'Rate exceeded' })
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(notifyStaff(lead(8), 'req-8')).resolves.toBeUndefined()
    expect(sns().published).toHaveLength(awsClientConfig.maxAttempts)
    expect(loggedFields(String(log.mock.calls[0]?.[0]))).toMatchObject({
      error: { name: 'ThrottledException', message: 'Rate exceeded', status: 400 },
    })
  })

  it('logs the message instead when no topic is configured, within the same limit', async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', '')
    fakeCounters()
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const now = new Date('2026-11-23T19:28:00.000Z')
    for (let index = 1; index <= 15; index += 1) await notifyStaff(lead(index), `req-${index}`, now)
    expect(sns().published).toHaveLength(0)
    expect(info).toHaveBeenCalledTimes(11)
    expect(String(info.mock.calls[10]?.[0])).toContain(digestNotification.subject)
  })
})

describe('messages for one person', () => {
  it("sends a lead's own message to its assignee, the digest of a busy minute to the owners", async () => {
    fakeCounters()
    const now = new Date('2026-11-23T19:30:00.000Z')
    for (let index = 1; index <= 11; index += 1) {
      await notifyStaff(lead(index), `req-${index}`, now, { username: 'asha' })
    }
    const recipients = published().map((input) => input.Recipient)
    expect(recipients.slice(0, 10)).toEqual(Array(10).fill('user:asha'))
    expect(recipients[10]).toBe('owners')
  })

  it('sends a reminder to its person, or to the owners when nobody has the lead', async () => {
    await notifyAssignee('ravi', { subject: 'Reminder', body: 'A lead waits' }, 'req-1')
    await notifyAssignee(undefined, { subject: 'Reminder', body: 'A lead waits' }, 'req-2')
    await notifyOwners({ subject: 'Locked', body: 'An account locked' }, 'req-3')
    expect(published().map((input) => input.Recipient)).toEqual(['user:ravi', 'owners', 'owners'])
  })
})

describe('the push of a message about one lead', () => {
  const stored = (assignee?: string) => ({
    id: '6f1c2d3e-0000-4000-8000-000000000002',
    createdAt: '2026-11-27T05:50:00.000Z',
    ...(assignee ? { assignee, history: [{ type: 'assignee', text: 'round robin' }] } : {}),
  })

  it("carries a new quote's id and its push (what and where, no name) for the push relay", async () => {
    fakeCounters()
    await notifyNewLead('New quote: Ravi Kumar', quoteFields, validQuote, stored('asha'), [], 'req-1')
    await notifyNewLead('New quote: Ravi Kumar', quoteFields, validQuote, stored(), [], 'req-2')
    expect(published().map(({ Recipient, LeadId }) => [Recipient, LeadId])).toEqual([
      ['user:asha', stored().id],
      ['owners', stored().id],
    ])
    expect(published().map((input) => JSON.parse(input.Push ?? '{}'))).toEqual([
      { title: 'New lead for you', body: 'Residential, 5 kW, PIN 500081 (Telangana)' },
      { title: 'New lead: nobody is assigned', body: 'Residential, 5 kW, PIN 500081 (Telangana)' },
    ])
    expect(published()[0]?.Push).not.toMatch(/Ravi|98765/)
  })

  it('says a contact message is one, and leaves the digest and the plain alerts without a lead', async () => {
    fakeCounters()
    const contact = { name: 'Asha Verma', email: 'asha@example.com', subject: 'Rooftop', message: 'Hello' }
    await notifyNewLead('New contact message: Rooftop', contactFields, contact, stored('ravi'), [], 'req-1')
    expect(JSON.parse(published()[0]?.Push ?? '{}')).toEqual({
      title: 'New lead for you',
      body: 'Contact message',
    })
    await notifyOwners({ subject: 'Locked', body: 'An account locked' }, 'req-2')
    expect(published()[1]?.LeadId).toBeUndefined()
    expect(published()[1]?.Push).toBeUndefined()
  })
})

describe("the stand-in's outbox", () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })
  const kept = async (file: string): Promise<OutboxMessage[]> =>
    (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as OutboxMessage)

  it('keeps each message with its recipient when no topic is configured', async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', '')
    const file = join(dir, 'outbox.jsonl')
    vi.stubEnv('STAFF_OUTBOX_FILE', file)
    fakeCounters()
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    await notifyStaff(lead(1), 'req-1', new Date(), { username: 'asha' })
    await notifyAssignee(
      'ravi',
      { subject: 'Reminder: a lead waits', body: 'Open it: /admin/leads/x' },
      'req-2',
    )
    const messages = await kept(file)
    expect(messages.map(({ to, subject }) => ({ to, subject }))).toEqual([
      { to: 'user:asha', subject: lead(1).subject },
      { to: 'user:ravi', subject: 'Reminder: a lead waits' },
    ])
    expect(messages[1]?.body).toBe('Open it: /admin/leads/x')
    expect(Number.isNaN(Date.parse(messages[0]?.at ?? ''))).toBe(false)
    expect(sns().published).toHaveLength(0)
  })

  it("keeps a message's lead and push, and hands it to the stand-in's relay without waiting for it", async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', '')
    const file = join(dir, 'outbox.jsonl')
    vi.stubEnv('STAFF_OUTBOX_FILE', file)
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const handed: OutboxMessage[] = []
    let finish: () => void = () => undefined
    // A relay that never ends until told: the caller must not wait for it.
    const relay = vi.fn((message: OutboxMessage) => {
      handed.push(message)
      return new Promise<void>((resolve) => {
        finish = resolve
      })
    })
    vi.stubGlobal(standInRelayKey, relay)
    const push = {
      title: 'Call-back due now',
      body: 'Residential',
      url: '/admin/leads/lead-7',
      leadId: 'lead-7',
    }
    await notifyAssignee('ravi', { subject: 'Call back now', body: 'Open it', push }, 'req-1')
    await notifyOwners({ subject: 'Locked', body: 'x' }, 'req-2')
    finish()
    const [withLead, without] = await kept(file)
    expect(withLead).toMatchObject({
      to: 'user:ravi',
      leadId: 'lead-7',
      push: { title: 'Call-back due now', body: 'Residential' },
    })
    expect(without?.leadId).toBeUndefined()
    // Only the message about a lead goes to the relay.
    expect(handed).toEqual([withLead])
  })

  it('logs a failed write and never throws', async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', '')
    // A directory where the file should be: appending fails.
    vi.stubEnv('STAFF_OUTBOX_FILE', dir)
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(notifyOwners({ subject: 'Locked', body: 'x' }, 'req-1')).resolves.toBeUndefined()
    expect(log).toHaveBeenCalledWith(expect.stringContaining('not kept in the outbox'))
  })
})
