import { createHash, createHmac } from 'node:crypto'
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { clockStart } from '@core/business-clock'
import { referenceOf } from '@core/lead-reference'
import { noticeText, privacyNotice, privacyNoticeVersion } from '@core/privacy-notice'
import { defaultSalesSettings } from '@core/sales-settings'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler } from '../../../functions/quotes/create-quote'
import { testConsentKey } from '../../support/env'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { fakeServiceForFile, startFakeSns } from '../../support/fake-aws'
import { conditionFailed, throttlingError, validQuote } from '../../support/leads'

const dynamo = mockClient(DynamoDBDocumentClient)
/** SNS over loopback HTTP: Publish is one signed request (functions/lib/aws-request.ts), not an SDK client. */
const sns = fakeServiceForFile(startFakeSns)
const topicArn = 'arn:aws:sns:ap-south-1:123456789012:leads'

beforeEach(() => {
  dynamo.on(PutCommand).resolves({})
  dynamo.on(UpdateCommand).resolves({})
  // No sales settings yet: the lead is stored unassigned.
  dynamo.on(BatchGetCommand).resolves({})
  // Nobody with this phone number or e-mail asked before.
  dynamo.on(QueryCommand).resolves({ Items: [] })
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

const call = async (options: Parameters<typeof apiEvent>[1]) =>
  parseResult(await handler(apiEvent('create-quote', options), lambdaContext))

/** Writes of the quote's own item (its inbox entries are written beside it, in INBOX partitions). */
const leadPuts = () => dynamo.commandCalls(PutCommand).filter((put) => put.args[0].input.Item?.pk === 'QUOTE')

describe('POST /api/quotes', () => {
  it('stores the request as sent, with the server estimate, the consent and server time; counts it', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const reply = await call({ body: { ...validQuote, estimatedCost: '₹1', extra: 'dropped' } })
    expect(reply.status).toBe(201)
    const item = leadPuts()[0]!.args[0].input.Item!
    expect(item).toMatchObject({
      ...validQuote,
      estimatedCost: '₹1',
      pk: 'QUOTE',
      sk: `${reply.body.createdAt}#${reply.body.id}`,
      id: reply.body.id,
      // 5 kW at previous GST: the page displays base + 5000, and that one price is stored
      serverEstimate: { displayedPriceInr: 332_000, estimatedCostInr: 332_000, estimatedCost: '₹3,32,000' },
      consent: {
        text: 'I agree to the terms of service',
        version: 'quote-terms-2026-11-27',
        givenAt: reply.body.createdAt,
      },
    })
    expect(item).not.toHaveProperty('extra')
    const counter = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input
    expect(counter.Key).toEqual({ pk: 'COUNTER', sk: 'QUOTE' })
  })

  it('appends one ledger entry per purpose, keyed by the HMAC of the number, with the notice version and hash', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const reply = await call({
      body: { ...validQuote, whatsapp: '098765-43210', whatsappUpdates: true },
      headers: { 'x-viewer-ip': '203.0.113.9' },
    })
    expect(reply.status).toBe(201)
    const ledger = dynamo
      .commandCalls(PutCommand)
      .map((put) => put.args[0].input)
      .filter((input) => input.Item?.pk === 'CONSENT')
    const subject = createHmac('sha256', testConsentKey).update('phone:+91 98765 43210').digest('base64url')
    const hash = createHash('sha256')
      .update(noticeText(privacyNotice('en')))
      .digest('hex')
    const common = {
      subject,
      form: 'quote',
      noticeVersion: privacyNoticeVersion,
      noticeHash: hash,
      language: 'en',
      at: reply.body.createdAt,
      leadId: reply.body.id,
    }
    expect(ledger.map((input) => input.Item)).toEqual([
      expect.objectContaining({
        ...common,
        sk: `${subject}#${reply.body.createdAt}#${reply.body.id}#reply`,
        purpose: 'reply',
        basis: 'legitimate-use',
        given: true,
        shown: 'We use these details to answer this request, by phone, WhatsApp or e-mail as you gave them.',
      }),
      expect.objectContaining({
        ...common,
        sk: `${subject}#${reply.body.createdAt}#${reply.body.id}#whatsapp-updates`,
        purpose: 'whatsapp-updates',
        basis: 'consent',
        given: true,
        shown: 'Send me updates and offers on WhatsApp',
      }),
    ])
    // Appended only: each Put on the condition that nothing is there; the ledger holds no contact.
    for (const input of ledger) expect(input.ConditionExpression).toBe('attribute_not_exists(#pk)')
    expect(JSON.stringify(ledger)).not.toMatch(/98765|Ravi/)
    expect(ledger[0]!.Item!.network).toMatch(/^[0-9a-f:.]+$|^unknown$/)
  })

  it('records an unticked WhatsApp box as not given', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    await call({ body: validQuote })
    const ledger = () =>
      dynamo
        .commandCalls(PutCommand)
        .map((put) => put.args[0].input.Item)
        .filter((item) => item?.pk === 'CONSENT')
    expect(ledger().map((item) => [item!.purpose, item!.given])).toEqual([
      ['reply', true],
      ['whatsapp-updates', false],
    ])
  })

  it('stores every way of typing the WhatsApp number the same way, and a preferred survey slot', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const body = { ...validQuote, whatsapp: '098765-43210', surveyDate: tomorrow, surveySlot: 'morning' }
    expect((await call({ body })).status).toBe(201)
    expect(leadPuts()[0]!.args[0].input.Item).toMatchObject({
      whatsapp: '+91 98765 43210',
      surveyDate: tomorrow,
      surveySlot: 'morning',
    })
  })

  it('answers 400 naming the survey date or slot outside their rules, and stores nothing', async () => {
    const past = await call({ body: { ...validQuote, surveyDate: '2020-01-06' } })
    expect(past.status).toBe(400)
    expect(past.body.fields).toEqual({ surveyDate: 'Choose today or a later day' })
    const far = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10)
    expect((await call({ body: { ...validQuote, surveyDate: far } })).body.fields).toEqual({
      surveyDate: 'Choose a day within the next 60 days',
    })
    expect((await call({ body: { ...validQuote, surveySlot: 'night' } })).body.fields).toEqual({
      surveySlot: 'Choose Morning (9–12) or Afternoon (12–5)',
    })
    expect(dynamo.calls()).toHaveLength(0)
  })

  it("gives the lead another reference when its first is another lead's", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    let refused = 0
    dynamo.on(PutCommand).callsFake((input: { Item?: Record<string, unknown> }) => {
      if (input.Item?.pk === 'REFERENCE' && refused === 0) {
        refused += 1
        throw conditionFailed()
      }
      return {}
    })
    const reply = await call({ body: validQuote })
    expect(reply.status).toBe(201)
    expect(reply.body.reference).toBe(referenceOf(reply.body.id, 1))
    expect(leadPuts()[0]!.args[0].input.Item!.reference).toBe(reply.body.reference)
  })

  it('stores no server estimate when no capacity was chosen', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const reply = await call({ body: { ...validQuote, capacityKw: null, estimatedCost: '' } })
    expect(reply.status).toBe(201)
    expect(leadPuts()[0]!.args[0].input.Item).not.toHaveProperty('serverEstimate')
  })

  it('stores the solar report it was sent from, with the figures the server recomputes from its inputs', async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', topicArn)
    const report = { category: 'residential', bill: '2,500', pincode: '781001', roofSqft: '', netCostInr: 1 }
    const reply = await call({ body: { ...validQuote, capacityKw: 3, report } })
    expect(reply.status).toBe(201)
    const item = leadPuts()[0]!.args[0].input.Item!
    // The inputs as checked (numbers; empty and unknown fields dropped), not the client's figures.
    expect(item.report).toEqual({ category: 'residential', bill: 2_500, pincode: '781001' })
    // ₹2,500 less the ₹150 fixed part at ₹8 a unit → 3 kW; a PIN code in Assam → the special-category ₹85,800;
    // the saving is the energy part (₹2,350), never the whole bill
    expect(item.solarReport).toMatchObject({
      capacityKw: 3,
      state: 'Assam',
      stateBasis: 'pincode',
      systemPriceInr: 205_000,
      subsidyInr: 85_800,
      netCostInr: 119_200,
      billBeforeInr: 2_500,
      billAfterInr: 150,
      monthlySavingInr: 2_350,
      paybackMonths: 51,
      payback: '4 years 3 months',
    })
    const message = sns().published[0]!.Message
    expect(message).toContain('Solar report net cost after subsidy: ₹1,19,200')
    expect(message).toContain('Solar report payback: 4 years 3 months')
  })

  it('answers 400 under report and stores nothing when the report inputs are not valid', async () => {
    const reply = await call({ body: { ...validQuote, report: { bill: '2500', pincode: '50008' } } })
    expect(reply.status).toBe(400)
    expect(reply.body.fields).toEqual({ report: expect.stringContaining('pincode') })
    expect(dynamo.calls()).toHaveLength(0)
  })

  it.each([
    [
      'houses',
      'Enter the number of houses in the society (the scheme counts 3 kW per house)',
      { category: 'housing', bill: '5000', pincode: '500081' },
    ],
    [
      'houses',
      'Enter the number of houses, 1 to 10,000',
      { category: 'housing', bill: '5000', pincode: '500081', houses: 0 },
    ],
    [
      'houses',
      'Enter the number of houses, 1 to 10,000',
      { category: 'housing', bill: '5000', pincode: '500081', houses: 10_001 },
    ],
    [
      'houses',
      'Enter the number of houses, 1 to 10,000',
      { category: 'housing', bill: '5000', pincode: '500081', houses: 'twelve' },
    ],
    [
      'state',
      'Choose a state from the list',
      { category: 'residential', bill: '2500', pincode: '500081', state: 'Atlantis' },
    ],
  ])('answers 400 under report naming its %s and stores nothing (%s)', async (field, message, report) => {
    const reply = await call({ body: { ...validQuote, report } })
    expect(reply.status).toBe(400)
    expect(reply.body.fields).toEqual({ report: `The calculator's ${field} is not valid: ${message}` })
    expect(dynamo.calls()).toHaveLength(0)
  })

  it("stores a society's report with its houses and a state chosen over the PIN code", async () => {
    const report = {
      category: 'housing',
      bill: '5000',
      pincode: '262308',
      houses: '12',
      state: 'Uttarakhand',
    }
    const reply = await call({ body: { ...validQuote, report } })
    expect(reply.status).toBe(201)
    expect(leadPuts()[0]!.args[0].input.Item).toMatchObject({
      report: { category: 'housing', bill: 5000, pincode: '262308', houses: 12, state: 'Uttarakhand' },
      solarReport: { state: 'Uttarakhand', stateBasis: 'chosen' },
    })
  })

  it('stores no report and tells no report figures for a quote sent without one', async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', topicArn)
    const reply = await call({ body: { ...validQuote, report: null } })
    expect(reply.status).toBe(201)
    expect(leadPuts()[0]!.args[0].input.Item).not.toHaveProperty('report')
    expect(leadPuts()[0]!.args[0].input.Item).not.toHaveProperty('solarReport')
    expect(sns().published[0]!.Message).not.toContain('Solar report')
  })

  it.each(['2,500', '₹2,500', 'Rs. 2500', '2500/-'])(
    'stores a bill written %s, as the calculator reads it',
    async (bill) => {
      const reply = await call({ body: { ...validQuote, bill } })
      expect(reply.status).toBe(201)
      expect(leadPuts()[0]!.args[0].input.Item).toMatchObject({ bill })
    },
  )

  it.each(['0x10', '1e3', '-2500', '2500 rupees'])(
    'answers 400 naming the bill written %s, and stores nothing',
    async (bill) => {
      const reply = await call({ body: { ...validQuote, bill } })
      expect(reply.status).toBe(400)
      expect(reply.body.fields).toEqual({ bill: 'Enter the bill in rupees' })
      expect(dynamo.calls()).toHaveLength(0)
    },
  )

  it('answers 400 per field and stores nothing for an invalid request', async () => {
    const reply = await call({ body: { ...validQuote, pincode: '123', agree: false } })
    expect(reply.status).toBe(400)
    expect(Object.keys(reply.body.fields).sort()).toEqual(['agree', 'pincode'])
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('stores its source (the form and page) and the landing UTM values as sent, trimmed, and names them in one Source line', async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', topicArn)
    const origin = {
      page: '/get-quote',
      utmSource: ' google ',
      utmMedium: 'cpc',
      utmCampaign: 'rooftop',
      utmTerm: 'solar panels',
    }
    const reply = await call({ body: { ...validQuote, ...origin } })
    expect(reply.status).toBe(201)
    const item = leadPuts()[0]!.args[0].input.Item!
    expect(item).toMatchObject({
      source: { kind: 'form', form: 'quote', page: '/get-quote' },
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'rooftop',
      utmTerm: 'solar panels',
    })
    // The page is kept only as the source's.
    expect(item).not.toHaveProperty('page')
    expect(item).not.toHaveProperty('utmContent')
    const source = dynamo
      .commandCalls(PutCommand)
      .map((put) => put.args[0].input.Item!)
      .filter((entry) => entry.pk === 'INBOX#SOURCE')
      .map((entry) => String(entry.sk).split('#')[0])
    expect(source.sort()).toEqual(['form', 'utm:google'])
    const message = sns().published[0]!.Message
    expect(message).toContain('Source: Quote form, /get-quote · google / cpc / rooftop')
    // One line: no UTM field of its own in the e-mail.
    expect(message).not.toContain('UTM')
  })

  it('stores a quote sent without a page or UTM values as from the quote form', async () => {
    const reply = await call({ body: validQuote })
    expect(reply.status).toBe(201)
    const item = leadPuts()[0]!.args[0].input.Item!
    expect(item.source).toEqual({ kind: 'form', form: 'quote' })
    expect(Object.keys(item).filter((key) => key.startsWith('utm'))).toEqual([])
  })

  it('answers 400 with a clear message and stores nothing for a bad UTM value or page', async () => {
    const reply = await call({
      body: {
        ...validQuote,
        utmSource: '<script>',
        utmCampaign: 'x'.repeat(101),
        page: 'https://evil.example/',
      },
    })
    expect(reply.status).toBe(400)
    expect(reply.body.fields).toEqual({
      utmSource: 'UTM source: Use letters, digits, spaces and . _ ~ + - : / | @ ( ) % only',
      utmCampaign: 'UTM campaign must be at most 100 characters',
      page: 'Sent from page: The page is a path of the site, such as /get-quote',
    })
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('assigns the quote on arrival by territory, says why in its timeline and files it under the assignee', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        content: [
          {
            pk: 'SETTINGS',
            sk: 'SALES',
            territories: [{ prefix: '500', username: 'ravi' }],
            'staff#ravi': 'sales',
            'staff#asha': 'sales',
          },
        ],
      },
    })
    const reply = await call({ body: validQuote })
    expect(reply.status).toBe(201)
    const [put] = leadPuts()
    expect(put?.args[0].input.Item).toMatchObject({
      assignee: 'ravi',
      history: [
        {
          by: 'Assignment rules',
          type: 'assignee',
          from: null,
          to: 'ravi',
          text: 'territory 500',
          at: put?.args[0].input.Item?.createdAt,
        },
      ],
    })
    const entries = dynamo.commandCalls(PutCommand).map((entry) => entry.args[0].input.Item)
    expect(entries).toContainEqual(
      expect.objectContaining({ pk: 'INBOX#ASSIGNEE', sk: expect.stringMatching(/^ravi#/) }),
    )
    // A territory is no round robin: its pointer stays.
    expect(dynamo.commandCalls(UpdateCommand).map((update) => update.args[0].input.Key?.pk)).not.toContain(
      'ROTATION',
    )
  })

  it('takes the next sales user in turn with no territory, and moves the pointer once the lead is stored', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        content: [
          {
            pk: 'SETTINGS',
            sk: 'SALES',
            'staff#ravi': 'sales',
            'staff#asha': 'sales',
            'staff#edith': undefined,
          },
          { pk: 'ROTATION', sk: 'SALES', 'rotation#sales': 'asha' },
        ],
      },
    })
    expect((await call({ body: validQuote })).status).toBe(201)
    expect(leadPuts()[0]?.args[0].input.Item).toMatchObject({
      assignee: 'ravi',
      history: [expect.objectContaining({ text: 'round robin' })],
    })
    const rotation = dynamo
      .commandCalls(UpdateCommand)
      .find((update) => update.args[0].input.Key?.pk === 'ROTATION')
    expect(rotation?.args[0].input).toMatchObject({
      UpdateExpression: 'SET #pointer = :username',
      ExpressionAttributeNames: { '#pointer': 'rotation#sales' },
      ExpressionAttributeValues: { ':username': 'ravi' },
    })
  })

  it('keeps a person with the assignee of their open lead (same phone number, in any format), before the territory', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        content: [
          {
            pk: 'SETTINGS',
            sk: 'SALES',
            territories: [{ prefix: '500', username: 'ravi' }],
            'staff#ravi': 'sales',
            'staff#sunil': 'sales',
          },
        ],
      },
    })
    const phone = validQuote.whatsapp.replace(/\D/g, '').slice(-10)
    dynamo.on(QueryCommand).resolves({
      Items: [
        // The newest is closed: the open one before it decides.
        {
          pk: 'INBOX#PHONE',
          id: 'q-won',
          kind: 'quote',
          createdAt: '2026-11-20T05:00:00.000Z',
          status: 'won',
          assignee: 'ravi',
        },
        {
          pk: 'INBOX#PHONE',
          id: 'c-1',
          kind: 'contact',
          createdAt: '2026-11-12T05:00:00.000Z',
          status: 'contacted',
          assignee: 'sunil',
        },
      ],
    })
    expect((await call({ body: validQuote })).status).toBe(201)
    expect(leadPuts()[0]?.args[0].input.Item).toMatchObject({
      assignee: 'sunil',
      history: [
        expect.objectContaining({ to: 'sunil', text: 'same person as their contact of 12 Nov 2026' }),
      ],
    })
    const query = dynamo.commandCalls(QueryCommand)[0]?.args[0].input
    expect(query?.ExpressionAttributeValues).toMatchObject({ ':kind': 'INBOX#PHONE', ':prefix': `${phone}#` })
  })

  it("assigns by the rules, answers 201 and logs it when the person's other leads cannot be read", async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        content: [
          {
            pk: 'SETTINGS',
            sk: 'SALES',
            territories: [{ prefix: '500', username: 'ravi' }],
            'staff#ravi': 'sales',
          },
        ],
      },
    })
    dynamo.on(QueryCommand).rejects(throttlingError())
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect((await call({ body: validQuote })).status).toBe(201)
    expect(leadPuts()[0]?.args[0].input.Item).toMatchObject({ assignee: 'ravi' })
    expect(log.mock.calls.map((line) => String(line[0]))).toContainEqual(
      expect.stringContaining("A new lead was not matched with the person's other leads"),
    )
  })

  it('starts the response clock at the next opening when the quote arrives after hours, with a waiting entry for the sweep', async () => {
    // Sunday 29 November 2026, 10:00 in India: closed; the clock starts on Monday at 9:00 (03:30 UTC).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-29T04:30:00.000Z') })
    dynamo.on(BatchGetCommand).resolves({
      Responses: { content: [{ pk: 'SETTINGS', sk: 'SALES', 'staff#ravi': 'sales' }] },
    })
    try {
      const reply = await call({ body: validQuote })
      expect(reply.status).toBe(201)
      expect(leadPuts()[0]?.args[0].input.Item).toMatchObject({
        createdAt: '2026-11-29T04:30:00.000Z',
        clockStartedAt: '2026-11-30T03:30:00.000Z',
      })
      const waiting = dynamo
        .commandCalls(PutCommand)
        .map((put) => put.args[0].input.Item)
        .filter((item) => item?.pk === 'INBOX#WAITING')
      expect(waiting).toEqual([
        {
          pk: 'INBOX#WAITING',
          sk: `2026-11-30T03:30:00.000Z#${reply.body.id}`,
          id: reply.body.id,
          kind: 'quote',
          createdAt: '2026-11-29T04:30:00.000Z',
          clockStart: '2026-11-30T03:30:00.000Z',
          assignee: 'ravi',
        },
      ])
    } finally {
      vi.useRealTimers()
    }
  })

  it('still answers 201 and logs for an alarm when the waiting entry cannot be written', async () => {
    dynamo.on(PutCommand, { Item: { pk: 'INBOX#WAITING' } } as never).rejects(throttlingError())
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reply = await call({ body: validQuote })
    expect(reply.status).toBe(201)
    expect(leadPuts()).toHaveLength(1)
    expect(log.mock.calls.map((line) => String(line[0]))).toContainEqual(
      expect.stringContaining('its response clock not watched'),
    )
  })

  it('stores the quote unassigned, answers 201 and logs it when the settings cannot be read', async () => {
    dynamo.on(BatchGetCommand).rejects(throttlingError())
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reply = await call({ body: validQuote })
    expect(reply.status).toBe(201)
    const item = leadPuts()[0]?.args[0].input.Item
    expect(item?.name).toBe(validQuote.name)
    expect(item?.assignee).toBeUndefined()
    expect(item?.history).toBeUndefined()
    expect(log.mock.calls.map((line) => String(line[0]))).toContainEqual(
      expect.stringContaining('A new lead could not be assigned'),
    )
  })

  it('answers 503 when DynamoDB throttles, counts nothing and notifies nobody', async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', topicArn)
    dynamo.on(PutCommand).rejects(throttlingError())
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reply = await call({ body: validQuote })
    expect(reply.status).toBe(503)
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
    expect(sns().published).toHaveLength(0)
  })

  it('publishes the new quote to the staff topic after storing it, for the owners when nobody is assigned', async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', topicArn)
    vi.stubEnv('SITE_URL', 'https://www.suryodaya.example')
    const reply = await call({ body: validQuote })
    expect(reply.status).toBe(201)
    const publish = sns().published
    expect(publish).toHaveLength(1)
    const input = publish[0]!
    expect(input.TopicArn).toBe(topicArn)
    expect(input.Recipient).toBe('owners')
    expect(input.Subject).toBe('New Residential quote request: Ravi Kumar')
    const lines = input.Message!.split('\n')
    expect(lines[0]).toBe('Nobody is assigned: the owners decide who calls.')
    expect(lines[1]).toBe(`Open it: https://www.suryodaya.example/admin/leads/${reply.body.id}`)
    // India's time, not UTC.
    expect(lines[2]).toMatch(/^Arrived: \d{1,2} [A-Z][a-z]{2} 20\d\d, \d{1,2}:\d\d [ap]m IST$/)
    expect(lines).toContain(`Area: Telangana`)
    // The lines name each field as the form does (lead-fields.ts), a choice by its option's label.
    expect(input.Message).toContain('Category: Residential')
    expect(input.Message).toContain(`PIN Code: ${validQuote.pincode}`)
    expect(input.Message).toContain('Server estimate: ₹3,32,000')
    expect(input.Message).toContain(`Id: ${reply.body.id}`)
    // No more of the person than the staff need to decide who acts: the number is one tap away, on the lead.
    expect(input.Message).not.toContain('98765')
    expect(input.Message).not.toContain('WhatsApp')
  })

  it("sends an assigned quote's message to its assignee alone, saying why it is theirs", async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', topicArn)
    // Without the site's origin the link is the workspace's path.
    vi.stubEnv('SITE_URL', '')
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        content: [
          {
            pk: 'SETTINGS',
            sk: 'SALES',
            territories: [{ prefix: '500', username: 'ravi' }],
            'staff#ravi': 'sales',
          },
        ],
      },
    })
    const reply = await call({ body: validQuote })
    const [input] = sns().published
    expect(input?.Recipient).toBe('user:ravi')
    expect(input?.Message?.split('\n').slice(0, 2)).toEqual([
      'For ravi (territory 500).',
      `Open it: /admin/leads/${reply.body.id}`,
    ])
  })

  it('still answers 201 and keeps the lead when the SNS publish fails, logging the failure', async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', topicArn)
    sns().answer = () => ({ error: 'InternalError', status: 500, message: 'SNS down' })
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reply = await call({ body: validQuote })
    expect(reply.status).toBe(201)
    expect(leadPuts()).toHaveLength(1)
    expect(log).toHaveBeenCalledWith(expect.stringContaining('staff notification failed'))
    expect(log).toHaveBeenCalledWith(expect.stringContaining('SNS down'))
    // Nothing of the person in the log: not the name (the subject carries it), the number or the PIN code.
    const logged = log.mock.calls.map((args) => String(args[0])).join('\n')
    for (const personal of [validQuote.name, validQuote.whatsapp, validQuote.pincode]) {
      expect(logged).not.toContain(personal)
    }
  })

  it('still stores, answers 201 and notifies when the notification counter is throttled', async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', topicArn)
    dynamo.on(UpdateCommand, { Key: { pk: 'NOTIFY' } }).rejects(throttlingError())
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reply = await call({ body: validQuote })
    expect(reply.status).toBe(201)
    expect(leadPuts()).toHaveLength(1)
    expect(sns().published).toHaveLength(1)
    expect(log).toHaveBeenCalledWith(expect.stringContaining('notification count not recorded'))
  })

  it('sends nothing for a lead past the digest of its minute, and still stores it', async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', topicArn)
    dynamo.on(UpdateCommand, { Key: { pk: 'NOTIFY' } }).resolves({ Attributes: { count: 12 } })
    const reply = await call({ body: validQuote })
    expect(reply.status).toBe(201)
    expect(leadPuts()).toHaveLength(1)
    expect(sns().published).toHaveLength(0)
  })

  it('logs the message instead of publishing when no topic is configured', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined)
    await call({ body: validQuote })
    expect(sns().published).toHaveLength(0)
    expect(info).toHaveBeenCalledWith(expect.stringContaining('staff notification (no topic configured)'))
  })

  it('stores a retry of the same form fill once: same id, 200, not counted or notified again', async () => {
    vi.stubEnv('LEADS_TOPIC_ARN', topicArn)
    const first = { id: '5f0c1d5e-7f6a-4a57-9b9c-1a2b3c4d5e6f', createdAt: '2026-11-22T10:00:00.000Z' }
    dynamo
      .on(PutCommand, { TableName: 'content' })
      .rejects(conditionFailed())
      .on(GetCommand, { TableName: 'content' })
      .resolves({ Item: { leadId: first.id, leadCreatedAt: first.createdAt } })
      .on(PutCommand, { TableName: 'leads' })
      .rejects(conditionFailed())
    const reply = await call({ body: validQuote, headers: { 'Idempotency-Key': 'fill-1234-abcd' } })
    expect(reply.status).toBe(200)
    // Every write to the leads table is refused here, the reference's claim too (each of its tries): the
    // receipt names none rather than one the store does not hold.
    const started = clockStart(new Date(first.createdAt), defaultSalesSettings.calendar).toISOString()
    expect(reply.body).toEqual({ ...first, clockStartedAt: started })
    const claims = dynamo.commandCalls(PutCommand).filter((put) => put.args[0].input.Item?.pk === 'REFERENCE')
    expect(claims.map((put) => put.args[0].input.Item?.sk)).toEqual(
      [0, 1, 2, 3, 4].map((attempt) => referenceOf(first.id, attempt)),
    )
    expect(leadPuts()[0]!.args[0].input.Item!.sk).toBe(`${first.createdAt}#${first.id}`)
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
    expect(sns().published).toHaveLength(0)
  })

  it('writes the lead of a key whose first attempt failed after claiming it', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const first = { id: '5f0c1d5e-7f6a-4a57-9b9c-1a2b3c4d5e6f', createdAt: '2026-11-22T10:00:00.000Z' }
    dynamo
      .on(PutCommand, { TableName: 'content' })
      .rejects(conditionFailed())
      .on(GetCommand, { TableName: 'content' })
      .resolves({ Item: { leadId: first.id, leadCreatedAt: first.createdAt } })
    const reply = await call({ body: validQuote, headers: { 'idempotency-key': 'fill-1234-abcd' } })
    expect(reply.status).toBe(201)
    // The reference follows from the id the key holds: the one the first attempt would have given.
    const started = clockStart(new Date(first.createdAt), defaultSalesSettings.calendar).toISOString()
    expect(reply.body).toEqual({ ...first, reference: referenceOf(first.id), clockStartedAt: started })
    const counters = dynamo
      .commandCalls(UpdateCommand)
      .filter(
        (update) => update.args[0].input.Key?.pk === 'COUNTER' && update.args[0].input.Key?.sk === 'QUOTE',
      )
    expect(counters).toHaveLength(1)
  })

  it('answers 400 for a malformed idempotency key', async () => {
    const reply = await call({ body: validQuote, headers: { 'Idempotency-Key': 'bad key!' } })
    expect(reply.status).toBe(400)
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('answers 200 and stores nothing when the honeypot is filled', async () => {
    const reply = await call({ body: { ...validQuote, website: 'http://spam.example' } })
    expect(reply.status).toBe(200)
    expect(reply.body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(dynamo.calls()).toHaveLength(0)
    expect(sns().published).toHaveLength(0)
  })

  it('answers 413 over 16 KB and 415 for a body that is not JSON', async () => {
    const big = await call({ body: { ...validQuote, name: 'x'.repeat(16 * 1024) } })
    expect(big.status).toBe(413)
    const form = await call({ rawBody: 'name=x', headers: { 'content-type': 'text/plain' } })
    expect(form.status).toBe(415)
    expect(dynamo.calls()).toHaveLength(0)
  })
})
