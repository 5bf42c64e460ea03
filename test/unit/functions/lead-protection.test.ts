import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseRateLimit } from '../../../functions/lib/config'
import { json } from '../../../functions/lib/http'
import { honeypotFilled, leadHandler } from '../../../functions/lib/lead-http'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { conditionFailed, throttlingError } from '../../support/leads'

const dynamo = mockClient(DynamoDBDocumentClient)
afterEach(() => {
  dynamo.reset()
  vi.restoreAllMocks()
})

describe('parseRateLimit', () => {
  it('reads count per window in seconds, minutes or hours, and off', () => {
    expect(parseRateLimit('5/10m')).toEqual({ max: 5, windowSeconds: 600 })
    expect(parseRateLimit(' 20 / 1h ')).toEqual({ max: 20, windowSeconds: 3600 })
    expect(parseRateLimit('3/30s')).toEqual({ max: 3, windowSeconds: 30 })
    expect(parseRateLimit('OFF')).toBe('off')
  })

  it.each(['5', '0/10m', '5/0m', '5/10d', 'five/10m', ''])('refuses %j, naming the setting', (text) => {
    expect(() => parseRateLimit(text, 'LEAD_RATE_LIMIT')).toThrow(/LEAD_RATE_LIMIT must look like 5\/10m/)
  })
})

describe('honeypotFilled', () => {
  it('sees a honeypot only when the hidden field holds something', () => {
    expect(honeypotFilled({ website: 'x' })).toBe(true)
    expect(honeypotFilled({ website: '' })).toBe(false)
    expect(honeypotFilled({ name: 'x' })).toBe(false)
    expect(honeypotFilled(null)).toBe(false)
  })
})

describe('the per-IP rate limit of a lead route', () => {
  const handled = vi.fn(async () => json(201, { ok: true }))
  const limited = leadHandler('create-quote', handled, { rateLimit: { max: 5, windowSeconds: 600 } })
  const call = async () => parseResult(await limited(apiEvent('create-quote', { body: {} }), lambdaContext))

  beforeEach(() => handled.mockClear())

  it('starts a window for a new client, keyed by route and IP, with an expiry the condition checks', async () => {
    dynamo.on(UpdateCommand).resolves({})
    const reply = await call()
    expect(reply.status).toBe(201)
    const input = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input
    expect(input.TableName).toBe('content')
    expect(input.Key).toEqual({ pk: 'RATE_LIMIT', sk: 'create-quote#203.0.113.7' })
    expect(input.ConditionExpression).toBe('attribute_not_exists(#pk) OR #windowEndsAt <= :now')
    const values = input.ExpressionAttributeValues!
    expect(values[':end'] - values[':now']).toBe(600_000)
    expect(values[':ttl']).toBe(Math.ceil(values[':end'] / 1000))
  })

  it('keys an IPv6 client by its /64, whatever address of it and however written', async () => {
    dynamo.on(UpdateCommand).resolves({})
    for (const address of ['2001:db8:aa:bb::1', '2001:0DB8:00AA:00BB:ffff:1:2:3', '::ffff:203.0.113.7']) {
      const event = apiEvent('create-quote', { body: {} })
      event.requestContext.http.sourceIp = address
      await limited(event, lambdaContext)
    }
    expect(dynamo.commandCalls(UpdateCommand).map((update) => update.args[0].input.Key!.sk)).toEqual([
      'create-quote#2001:db8:aa:bb::/64',
      'create-quote#2001:db8:aa:bb::/64',
      'create-quote#203.0.113.7',
    ])
  })

  it('adds to an open window below the limit', async () => {
    dynamo.on(UpdateCommand).rejectsOnce(conditionFailed()).resolves({})
    const reply = await call()
    expect(reply.status).toBe(201)
    const second = dynamo.commandCalls(UpdateCommand)[1]!.args[0].input
    expect(second.ConditionExpression).toBe('#windowEndsAt > :now AND #count < :max')
    expect(second.ExpressionAttributeValues![':max']).toBe(5)
  })

  it('answers 429 with the message and Retry-After when the window is full, without calling the handler', async () => {
    const endsAt = Date.now() + 120_000
    dynamo.on(UpdateCommand).rejects(conditionFailed())
    dynamo.on(GetCommand).resolves({ Item: { count: 5, windowEndsAt: endsAt } })
    const reply = await call()
    expect(reply.status).toBe(429)
    expect(reply.body.error).toBe(
      'Too many submissions from your network. Please wait a few minutes and try again.',
    )
    expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(119)
    expect(Number(reply.headers['retry-after'])).toBeLessThanOrEqual(120)
    expect(handled).not.toHaveBeenCalled()
  })

  it('answers 503 when DynamoDB throttles the limit check', async () => {
    dynamo.on(UpdateCommand).rejects(throttlingError())
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reply = await call()
    expect(reply.status).toBe(503)
    expect(handled).not.toHaveBeenCalled()
  })

  it('does not touch DynamoDB when the limit is off', async () => {
    const open = leadHandler('create-quote', handled, { rateLimit: 'off' })
    const reply = parseResult(await open(apiEvent('create-quote', { body: {} }), lambdaContext))
    expect(reply.status).toBe(201)
    expect(dynamo.calls()).toHaveLength(0)
  })
})
