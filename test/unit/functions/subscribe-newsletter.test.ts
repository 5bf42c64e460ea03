import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { newsletterSignupMessages } from '@core/newsletter'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { functionEnv } from '../../../functions/lib/store-definitions'
import { handler } from '../../../functions/newsletter/subscribe'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { conditionFailed, throttlingError } from '../../support/leads'
import { withVisitorOutbox } from '../../support/visitor-outbox'

const dynamo = mockClient(DynamoDBDocumentClient)
/** The messages the stand-in kept, oldest first. */
const kept = withVisitorOutbox('each')

beforeEach(() => {
  dynamo.on(PutCommand).resolves({})
  dynamo.on(UpdateCommand).resolves({})
})
afterEach(() => {
  dynamo.reset()
  vi.restoreAllMocks()
})

/** The reply of every signup: check your e-mail (the same for a new, a pending and a confirmed address). */
const sentReply = { subscribed: true, confirmation: 'sent', message: newsletterSignupMessages.sent }

const call = async (options: Parameters<typeof apiEvent>[1]) =>
  parseResult(await handler(apiEvent('subscribe-newsletter', options), lambdaContext))

describe('POST /api/newsletter', () => {
  it('stores the address as a pending signup keyed by its normalised form, with its double opt-in consent, only if absent; counts it; e-mails the confirmation link', async () => {
    const reply = await call({ body: { email: ' Asha@Example.com ', adult: true } })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual(sentReply)
    const put = dynamo.commandCalls(PutCommand)[0]!.args[0].input
    expect(put.ConditionExpression).toBe('attribute_not_exists(#pk)')
    expect(put.Item).toMatchObject({
      pk: 'NEWSLETTER',
      sk: 'asha@example.com',
      email: 'asha@example.com',
    })
    // Pending: no confirmation yet, so not a subscriber.
    expect(put.Item?.confirmedAt).toBeUndefined()
    // The record says what consent it has: a double opt-in, its wording and version, and when.
    expect(put.Item?.consent).toEqual({
      type: 'double-opt-in',
      text: 'Subscribed to the newsletter with this e-mail address',
      version: 'newsletter-2026-11',
      givenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    })
    expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input.Key).toEqual({
      pk: 'COUNTER',
      sk: 'NEWSLETTER',
    })
    const [mail, ...more] = await kept()
    expect(more).toEqual([])
    expect(mail).toMatchObject({ kind: 'newsletter-confirm', to: 'asha@example.com' })
    expect(mail?.text).toMatch(/\/newsletter\/confirm\?t=[^\s]+/)
  })

  it('answers success for a second signup of the same address without counting it', async () => {
    dynamo
      .on(PutCommand)
      .rejects(conditionFailed())
      .on(GetCommand)
      .resolves({ Item: { pk: 'NEWSLETTER', sk: 'asha@example.com', email: 'asha@example.com' } })
    const reply = await call({ body: { email: 'ASHA@example.com', adult: true } })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual(sentReply)
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
    // Still pending: the confirmation goes again.
    expect((await kept()).map((mail) => mail.kind)).toEqual(['newsletter-confirm'])
  })

  it('answers a confirmed address the same, without a second row or a second confirmation', async () => {
    dynamo
      .on(PutCommand)
      .rejects(conditionFailed())
      .on(GetCommand)
      .resolves({
        Item: {
          pk: 'NEWSLETTER',
          sk: 'asha@example.com',
          email: 'asha@example.com',
          confirmedAt: '2026-11-20T10:00:00.000Z',
        },
      })
    const reply = await call({ body: { email: 'asha@example.com', adult: true } })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual(sentReply)
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
    expect(await kept()).toEqual([])
  })

  it('says so when no confirmation can be sent here (no sender set); the signup stays pending', async () => {
    delete process.env[functionEnv.visitorOutbox]
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const reply = await call({ body: { email: 'asha@example.com', adult: true } })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ subscribed: true, confirmation: 'not-configured' })
    expect((reply.body as { message: string }).message).toMatch(/could not send the confirmation e-mail/)
    expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input.Item?.confirmedAt).toBeUndefined()
  })

  it('answers 400 for an address that is not one', async () => {
    const reply = await call({ body: { email: 'nope', adult: true } })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({
      error: 'Please enter a valid email address.',
      fields: { email: 'Enter a valid email address' },
    })
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('answers the same success body and stores nothing when the honeypot is filled', async () => {
    const reply = await call({ body: { email: 'bot@example.com', website: 'http://spam.example' } })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual(sentReply)
    expect(dynamo.calls()).toHaveLength(0)
    expect(await kept()).toEqual([])
  })

  it('answers 503 when DynamoDB throttles', async () => {
    dynamo.on(PutCommand).rejects(throttlingError())
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reply = await call({ body: { email: 'asha@example.com', adult: true } })
    expect(reply.status).toBe(503)
  })
})
