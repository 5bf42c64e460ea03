import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler } from '../../../functions/newsletter/subscribe'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { conditionFailed, throttlingError } from '../../support/leads'

const dynamo = mockClient(DynamoDBDocumentClient)

beforeEach(() => {
  dynamo.on(PutCommand).resolves({})
  dynamo.on(UpdateCommand).resolves({})
})
afterEach(() => {
  dynamo.reset()
  vi.restoreAllMocks()
})

const call = async (options: Parameters<typeof apiEvent>[1]) =>
  parseResult(await handler(apiEvent('subscribe-newsletter', options), lambdaContext))

describe('POST /api/newsletter', () => {
  it('stores the address keyed by its normalised form, with its single opt-in consent, only if absent; counts it', async () => {
    const reply = await call({ body: { email: ' Asha@Example.com ', adult: true } })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ subscribed: true })
    const put = dynamo.commandCalls(PutCommand)[0]!.args[0].input
    expect(put.ConditionExpression).toBe('attribute_not_exists(#pk)')
    expect(put.Item).toMatchObject({
      pk: 'NEWSLETTER',
      sk: 'asha@example.com',
      email: 'asha@example.com',
    })
    // The record says what consent it has: a single opt-in, its wording and version, and when.
    expect(put.Item?.consent).toEqual({
      type: 'single-opt-in',
      text: 'Subscribed to the newsletter with this e-mail address',
      version: 'newsletter-2026-11',
      givenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    })
    expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input.Key).toEqual({
      pk: 'COUNTER',
      sk: 'NEWSLETTER',
    })
  })

  it('answers success for a second signup of the same address without counting it', async () => {
    dynamo
      .on(PutCommand)
      .rejects(conditionFailed())
      .on(GetCommand)
      .resolves({ Item: { pk: 'NEWSLETTER', sk: 'asha@example.com', email: 'asha@example.com' } })
    const reply = await call({ body: { email: 'ASHA@example.com', adult: true } })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ subscribed: true })
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
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
    expect(reply.body).toEqual({ subscribed: true })
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('answers 503 when DynamoDB throttles', async () => {
    dynamo.on(PutCommand).rejects(throttlingError())
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reply = await call({ body: { email: 'asha@example.com', adult: true } })
    expect(reply.status).toBe(503)
  })
})
