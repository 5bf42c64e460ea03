import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler } from '../../../functions/contacts/create-contact'
import { clockStart } from '../../../functions/core/business-clock'
import { defaultSalesSettings } from '../../../functions/core/sales-settings'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'

const dynamo = mockClient(DynamoDBDocumentClient)
const valid = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  subject: 'Rooftop solar',
  message: 'Please call me.',
  adult: true,
}

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  dynamo.on(PutCommand).resolves({})
  dynamo.on(UpdateCommand).resolves({})
  // No sales settings yet: the lead is stored unassigned.
  dynamo.on(BatchGetCommand).resolves({})
  // Nobody with this phone number or e-mail asked before.
  dynamo.on(QueryCommand).resolves({ Items: [] })
})
afterEach(() => {
  dynamo.reset()
  vi.restoreAllMocks()
})

const call = async (options: Parameters<typeof apiEvent>[1]) =>
  parseResult(await handler(apiEvent('create-contact', options), lambdaContext))

describe('POST /api/contacts', () => {
  it('stores a valid message with server time, counts it and answers 201', async () => {
    const reply = await call({ body: { ...valid, isAdmin: true } })
    expect(reply.status).toBe(201)
    expect(reply.body.id).toMatch(/^[0-9a-f-]{36}$/)
    const put = dynamo.commandCalls(PutCommand).filter((call) => call.args[0].input.Item?.pk === 'CONTACT')
    expect(put).toHaveLength(1)
    const item = put[0]!.args[0].input.Item!
    // The inbox finds it by its entries: newest first, by id, status, e-mail, phone, each name word, and (no
    // colleague could be chosen here) among the unassigned.
    const entries = dynamo
      .commandCalls(PutCommand)
      .map((call) => call.args[0].input.Item!)
      .filter((entry) => String(entry.pk).startsWith('INBOX'))
    // And its response clock, from its arrival (or the next opening): the sweep's waiting entry.
    const started = clockStart(new Date(reply.body.createdAt), defaultSalesSettings.calendar).toISOString()
    expect(entries.map((entry) => `${entry.pk} ${String(entry.sk).split('#')[0]}`).sort()).toEqual([
      `INBOX ${reply.body.createdAt}`,
      'INBOX#ASSIGNEE -',
      'INBOX#EMAIL asha@example.com',
      `INBOX#ID ${reply.body.id}`,
      'INBOX#NAME asha',
      'INBOX#NAME rao',
      'INBOX#PHONE 9876543210',
      `INBOX#REF ${reply.body.reference}`,
      // Open and untouched since it came: due for erasure after the retention period (retention.ts).
      'INBOX#RETAIN untouched',
      'INBOX#SOURCE form',
      'INBOX#STATUS new',
      `INBOX#WAITING ${started}`,
    ])
    // The visitor's reference: claimed once for this lead, stored on it, answered with its clock's start.
    expect(reply.body.reference).toMatch(/^SE-[2-9A-HJKMNP-Z]{5}$/)
    expect(reply.body.clockStartedAt).toBe(started)
    const claims = dynamo
      .commandCalls(PutCommand)
      .filter((call) => call.args[0].input.Item?.pk === 'REFERENCE')
    expect(claims.map((call) => call.args[0].input.Item)).toEqual([
      { pk: 'REFERENCE', sk: reply.body.reference, leadId: reply.body.id },
    ])
    expect(item.reference).toBe(reply.body.reference)
    expect(entries[0]).toMatchObject({ id: reply.body.id, kind: 'contact', status: 'new', version: 0 })
    // The retention index's entry finds the lead and holds nothing of the person.
    const retained = entries.find((entry) => entry.pk === 'INBOX#RETAIN')
    expect(retained).toEqual({
      pk: 'INBOX#RETAIN',
      sk: `untouched#${reply.body.createdAt}#${reply.body.createdAt}#${reply.body.id}`,
      id: reply.body.id,
      kind: 'contact',
      createdAt: reply.body.createdAt,
    })
    expect(item).toMatchObject({
      ...valid,
      pk: 'CONTACT',
      id: reply.body.id,
      createdAt: reply.body.createdAt,
    })
    expect(item.sk).toBe(`${reply.body.createdAt}#${reply.body.id}`)
    expect(item).not.toHaveProperty('isAdmin')
    expect(item.consent).toEqual({
      text: 'Sent the contact form to be contacted about this message',
      version: 'contact-form-2026-11',
      givenAt: reply.body.createdAt,
    })
    expect(Date.now() - Date.parse(item.createdAt)).toBeLessThan(5_000)
    const counter = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input
    expect(counter.Key).toEqual({ pk: 'COUNTER', sk: 'CONTACT' })
    expect(counter.UpdateExpression).toBe('ADD #count :by')
  })

  it('starts no response clock for a job application: the owners take it, outside the sales clock', async () => {
    const reply = await call({ body: { ...valid, subject: 'Application: Site engineer' } })
    expect(reply.status).toBe(201)
    const puts = dynamo.commandCalls(PutCommand).map((put) => put.args[0].input.Item!)
    expect(puts.filter((item) => item.pk === 'INBOX#WAITING')).toEqual([])
    expect(puts.find((item) => item.pk === 'CONTACT')).not.toHaveProperty('clockStartedAt')
  })

  it('answers 400 with a message per field and stores nothing for bad input', async () => {
    const reply = await call({ body: { ...valid, email: 'nope', subject: '' } })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({
      error: 'Please correct the highlighted fields.',
      fields: { email: 'Enter a valid email address', subject: 'Subject is required' },
    })
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('answers 400 naming the phone and the e-mail when neither is given, and stores nothing', async () => {
    const reply = await call({ body: { ...valid, email: '', phone: '' } })
    expect(reply.status).toBe(400)
    expect(reply.body.fields).toEqual({
      phone: 'Give a phone number or an e-mail address so we can answer',
      email: 'Give a phone number or an e-mail address so we can answer',
    })
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('answers 400 for a body that is not JSON', async () => {
    const reply = await call({ rawBody: '{"name":', headers: { 'content-type': 'application/json' } })
    expect(reply.status).toBe(400)
    expect(reply.body.error).toBe('The request body is not valid JSON.')
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('answers 415 for a form-encoded body', async () => {
    const reply = await call({
      rawBody: 'name=Asha',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(reply.status).toBe(415)
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('answers 413 for a body over 16 KB', async () => {
    const reply = await call({ body: { ...valid, message: 'x'.repeat(16 * 1024) } })
    expect(reply.status).toBe(413)
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('reads a base64-encoded body', async () => {
    const reply = await call({
      rawBody: Buffer.from(JSON.stringify(valid)).toString('base64'),
      isBase64Encoded: true,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    })
    expect(reply.status).toBe(201)
  })

  it('answers 503 with Retry-After when DynamoDB throttles, without a stack trace', async () => {
    const throttled = Object.assign(new Error('Rate exceeded'), {
      name: 'ProvisionedThroughputExceededException',
    })
    dynamo.on(PutCommand).rejects(throttled)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reply = await call({ body: valid })
    expect(reply.status).toBe(503)
    expect(reply.headers['retry-after']).toBe('1')
    expect(JSON.stringify(reply.body)).not.toMatch(/at |Rate exceeded/)
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
  })

  it('answers a plain 500 with a request id for any other DynamoDB failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    dynamo.on(PutCommand).rejects(new Error('internal detail: table xyz'))
    const reply = await call({ body: valid })
    expect(log).toHaveBeenCalledTimes(1)
    expect(JSON.parse(String(log.mock.calls[0]?.[0]))).toMatchObject({
      level: 'ERROR',
      requestId: 'aws-request-1',
      route: 'create-contact',
      error: { message: 'internal detail: table xyz' },
    })
    expect(reply.status).toBe(500)
    expect(reply.body).toEqual({
      error: 'Something went wrong on our side. Please try again.',
      requestId: 'aws-request-1',
    })
  })

  it('sets JSON, no-store and nosniff headers', async () => {
    const reply = await call({ body: valid })
    expect(reply.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
  })
})
