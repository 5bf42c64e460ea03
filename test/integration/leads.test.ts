import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { clockStart } from '../../functions/core/business-clock'
import { newsletterSignupMessages } from '../../functions/core/newsletter'
import { defaultSalesSettings } from '../../functions/core/sales-settings'
import { functionEnv, originSecretHeader, viewerIpHeader } from '../../functions/lib/store-definitions'
import { apiEvent, lambdaContext, parseResult } from '../support/events'
import { validContact, validQuote } from '../support/leads'
import { withTestEngines } from '../support/local-server'

const originSecret = 'integration-origin-secret'

// The real handlers on dynalite: item shapes, counters, the rate limit, idempotency and the honeypot.
let quotes: typeof import('../../functions/quotes/create-quote')
let contacts: typeof import('../../functions/contacts/create-contact')
let newsletter: typeof import('../../functions/newsletter/subscribe')
let limits: typeof import('../../functions/lib/db/rate-limits')
let clients: typeof import('../../functions/lib/clients')

withTestEngines()
beforeAll(async () => {
  process.env.LEAD_RATE_LIMIT = '3/10m'
  // As in the cloud: requests come through CloudFront, which names the viewer (trusted only with the secret).
  process.env[functionEnv.originSecret] = originSecret
  delete process.env.LEADS_TOPIC_ARN
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  quotes = await import('../../functions/quotes/create-quote')
  contacts = await import('../../functions/contacts/create-contact')
  newsletter = await import('../../functions/newsletter/subscribe')
  limits = await import('../../functions/lib/db/rate-limits')
  clients = await import('../../functions/lib/clients')
})
afterAll(async () => {
  vi.restoreAllMocks()
  delete process.env[functionEnv.originSecret]
})

/** Each test sends from its own address, so the per-IP limit of one does not spill into another. */
let nextAddress = 1
const fromNewAddress = () => ({
  [originSecretHeader]: originSecret,
  [viewerIpHeader]: `198.51.100.${nextAddress++}`,
})

const items = async (pk: string) =>
  (
    await clients.dynamo().send(
      new QueryCommand({
        TableName: 'leads',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
      }),
    )
  ).Items ?? []
const counter = async (kind: string) =>
  (await clients.dynamo().send(new GetCommand({ TableName: 'leads', Key: { pk: 'COUNTER', sk: kind } }))).Item
    ?.count ?? 0

describe('lead handlers on dynalite', () => {
  it('stores a quote with the spec fields, both estimates, consent and server time, and counts it', async () => {
    const reply = parseResult(
      await quotes.handler(
        apiEvent('create-quote', { body: validQuote, headers: fromNewAddress() }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(201)
    expect(reply.body.reference).toMatch(/^SE-[2-9A-HJKMNP-Z]{5}$/)
    const [item] = await items('QUOTE')
    expect(item).toEqual({
      ...validQuote,
      pk: 'QUOTE',
      sk: `${reply.body.createdAt}#${reply.body.id}`,
      id: reply.body.id,
      createdAt: reply.body.createdAt,
      // Its response clock: from arrival, or the next opening (no settings saved: the default hours).
      clockStartedAt: clockStart(new Date(reply.body.createdAt), defaultSalesSettings.calendar).toISOString(),
      // The visitor's reference, as the reply gave it.
      reference: reply.body.reference,
      serverEstimate: { displayedPriceInr: 332_000, estimatedCostInr: 332_000, estimatedCost: '₹3,32,000' },
      consent: {
        text: 'I agree to the terms of service',
        version: 'quote-terms-2026-11-27',
        givenAt: reply.body.createdAt,
      },
      // Where it came from: the quote form (no page or UTM values were sent).
      source: { kind: 'form', form: 'quote' },
      // The WhatsApp updates box was not ticked: stored as not given.
      whatsappUpdates: false,
    })
    expect(await counter('QUOTE')).toBe(1)
  })

  it('stores one contact for a double click and a retry with the same idempotency key', async () => {
    const headers = { ...fromNewAddress(), 'Idempotency-Key': 'contact-fill-0001' }
    const send = async () =>
      parseResult(
        await contacts.handler(apiEvent('create-contact', { body: validContact, headers }), lambdaContext),
      )
    const [first, second] = await Promise.all([send(), send()])
    const retry = await send()
    expect([first.status, second.status].sort()).toEqual([200, 201])
    expect(retry.status).toBe(200)
    expect(second.body.id).toBe(first.body.id)
    expect(retry.body.id).toBe(first.body.id)
    const stored = await items('CONTACT')
    expect(stored).toHaveLength(1)
    expect(stored[0]?.consent.version).toBe('contact-form-2026-11')
    expect(await counter('CONTACT')).toBe(1)

    const other = parseResult(
      await contacts.handler(
        apiEvent('create-contact', {
          body: validContact,
          headers: { ...fromNewAddress(), 'Idempotency-Key': 'contact-fill-0002' },
        }),
        lambdaContext,
      ),
    )
    expect(other.status).toBe(201)
    expect(await items('CONTACT')).toHaveLength(2)
  })

  it('stores an address once however it is spelt, and answers success each time', async () => {
    const send = async (email: string) =>
      parseResult(
        await newsletter.handler(
          apiEvent('subscribe-newsletter', { body: { email, adult: true }, headers: fromNewAddress() }),
          lambdaContext,
        ),
      )
    const first = await send('Meera@Example.com')
    const again = await send('  meera@example.COM ')
    // the same reply both times: a signup does not tell whether the address was already there
    expect([first.status, again.status]).toEqual([200, 200])
    expect(again.body).toEqual(first.body)
    // Double opt-in: the reply asks to confirm by e-mail (the stand-in's outbox keeps the message).
    expect(again.body).toEqual({
      subscribed: true,
      confirmation: 'sent',
      message: newsletterSignupMessages.sent,
    })
    const stored = await items('NEWSLETTER')
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ sk: 'meera@example.com', email: 'meera@example.com' })
    expect(await counter('NEWSLETTER')).toBe(1)
  })

  it('stores nothing and counts nothing when the honeypot is filled', async () => {
    const before = (await items('QUOTE')).length
    const reply = parseResult(
      await quotes.handler(
        apiEvent('create-quote', { body: { ...validQuote, website: 'spam' }, headers: fromNewAddress() }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(200)
    expect(await items('QUOTE')).toHaveLength(before)
    expect(await counter('QUOTE')).toBe(1)
  })

  it('answers 429 after 3 posts from one address in the window, per route and per address', async () => {
    const headers = fromNewAddress()
    const post = async (body: unknown, routeHeaders = headers) =>
      parseResult(
        await quotes.handler(apiEvent('create-quote', { body, headers: routeHeaders }), lambdaContext),
      )
    // invalid bodies count too: the limit comes before validation
    expect((await post({})).status).toBe(400)
    expect((await post(validQuote)).status).toBe(201)
    expect((await post(validQuote)).status).toBe(201)
    const refused = await post(validQuote)
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatch(/Too many submissions/)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590)
    expect((await post(validQuote, fromNewAddress())).status).toBe(201)
    const contact = parseResult(
      await contacts.handler(apiEvent('create-contact', { body: validContact, headers }), lambdaContext),
    )
    expect(contact.status).toBe(201)
  })

  it('opens a new window once the stored one has ended, though the record is still there', async () => {
    const limit = { max: 1, windowSeconds: 60 }
    const start = new Date('2026-11-22T10:00:00.000Z')
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000)
    expect(await limits.consumeRateLimit('test', '192.0.2.1', limit, at(0))).toEqual({ allowed: true })
    expect(await limits.consumeRateLimit('test', '192.0.2.1', limit, at(30))).toEqual({
      allowed: false,
      retryAfterSeconds: 30,
    })
    expect(await limits.consumeRateLimit('test', '192.0.2.1', limit, at(60))).toEqual({ allowed: true })
    const record = await clients
      .dynamo()
      .send(new GetCommand({ TableName: 'content', Key: { pk: 'RATE_LIMIT', sk: 'test#192.0.2.1' } }))
    expect(record.Item).toMatchObject({ count: 1, expiresAt: Math.ceil(at(120).getTime() / 1000) })
  })
})
