import { BatchGetCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { referenceOf } from '@core/lead-reference'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler } from '../../../functions/admin/create-lead'
import { resetSessionCache } from '../../../functions/lib/auth/sessions'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { conditionFailed, validManualLead } from '../../support/leads'
import { adminAuthorization } from '../../support/tokens'

/**
 * POST /api/admin/leads on a mocked store: a lead staff add by hand is stored like a form's (its item, its
 * entries, its figures) under its manual source, theirs and contacted by default, or through the rules and
 * onto the response clock when nobody has called yet; audited; a refused body writes nothing.
 */
const document = mockClient(DynamoDBDocumentClient)
const now = new Date('2026-11-26T06:30:00.000Z') // 12:00 in India, a Thursday: business hours

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now)
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  document.onAnyCommand().resolves({})
  document.on(QueryCommand).resolves({ Items: [] })
})
afterEach(() => {
  document.reset()
  resetSessionCache()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const post = async (body: unknown) =>
  parseResult(
    await handler(
      apiEvent('admin-create-lead', { headers: await adminAuthorization('sunil', undefined, 'sales'), body }),
      lambdaContext,
    ),
  )
const puts = () =>
  document
    .commandCalls(PutCommand)
    .map(({ args: [command] }) => command.input.Item as Record<string, unknown>)
const entryKeys = () =>
  puts()
    .filter((item) => String(item.pk).startsWith('INBOX'))
    .map((item) => `${String(item.pk)} ${String(item.sk).split('#')[0]}`)
    .sort()

describe('POST /api/admin/leads', () => {
  it('stores a phone-in quote as the caller’s own, contacted and off the clock, under its manual source; audited', async () => {
    const reply = await post(validManualLead)
    expect(reply.status).toBe(201)
    // A reference like a form's, for staff to give the person: claimed, stored on the lead, returned.
    expect(reply.body).toMatchObject({ id: expect.any(String), assignee: 'sunil' })
    expect(reply.body.reference).toBe(referenceOf(reply.body.id))
    expect(puts().filter((item) => item.pk === 'REFERENCE')).toEqual([
      { pk: 'REFERENCE', sk: reply.body.reference, leadId: reply.body.id },
    ])
    const lead = puts().find((item) => item.pk === 'QUOTE')!
    expect(lead).toMatchObject({
      id: reply.body.id,
      name: 'Meena Iyer',
      whatsapp: '+91 98765 12345',
      pincode: '560034',
      category: 'residential',
      capacityKw: 3,
      source: { kind: 'manual', channel: 'phone' },
      addedBy: 'sunil',
      assignee: 'sunil',
      reference: reply.body.reference,
      status: 'contacted',
      firstContactAt: now.toISOString(),
      latestNote: validManualLead.note,
      serverEstimate: { estimatedCost: expect.stringMatching(/^₹/) },
    })
    expect(lead).not.toHaveProperty('clockStartedAt')
    expect(lead).not.toHaveProperty('consent')
    expect(lead.history).toEqual([
      expect.objectContaining({
        by: 'sunil',
        type: 'assignee',
        to: 'sunil',
        text: 'Added by hand: Phone-in',
      }),
      expect.objectContaining({ by: 'sunil', type: 'status', from: 'new', to: 'contacted' }),
      expect.objectContaining({ by: 'sunil', type: 'note', text: validManualLead.note }),
    ])
    // Found under its source, its assignee and its status, and never waiting for a first contact.
    expect(entryKeys()).toEqual(
      [
        `INBOX ${reply.body.createdAt}`,
        'INBOX#ASSIGNEE sunil',
        `INBOX#ID ${reply.body.id}`,
        'INBOX#NAME meena',
        'INBOX#NAME iyer',
        'INBOX#PHONE 9876512345',
        'INBOX#PIN 560034',
        `INBOX#REF ${reply.body.reference}`,
        'INBOX#RETAIN untouched',
        'INBOX#SEGMENT residential',
        'INBOX#SOURCE manual',
        'INBOX#STATUS contacted',
      ].sort(),
    )
    // The rules and the person's other leads are not read: the caller has the lead.
    expect(document.commandCalls(BatchGetCommand)).toHaveLength(0)
    const audit = puts().filter((item) => item.pk === 'AUDIT')
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'lead-create',
        actor: 'sunil',
        target: `quote ${reply.body.id}`,
        detail: 'Added by hand: Phone-in',
      }),
    ])
  })

  it('puts an enquiry nobody has called yet through the rules and onto the response clock', async () => {
    const reply = await post({
      kind: 'contact',
      channel: 'indiamart',
      name: 'Kiran Shah',
      phone: '080 4123 4567',
      contacted: false,
    })
    expect(reply.status).toBe(201)
    const lead = puts().find((item) => item.pk === 'CONTACT')!
    expect(lead).toMatchObject({
      source: { kind: 'manual', channel: 'indiamart' },
      clockStartedAt: now.toISOString(),
    })
    expect(lead).not.toHaveProperty('status')
    expect(lead).not.toHaveProperty('firstContactAt')
    // No sales settings stored: nobody to assign, so it waits under Unassigned, on the clock.
    expect(entryKeys()).toContain('INBOX#ASSIGNEE -')
    expect(entryKeys()).toContain(`INBOX#WAITING ${now.toISOString()}`)
    expect(entryKeys()).toContain('INBOX#SOURCE manual')
    expect(document.commandCalls(BatchGetCommand).length).toBeGreaterThan(0)
  })

  it("gives the lead another reference when its first is another lead's, as the forms do", async () => {
    let refused = 0
    document.on(PutCommand).callsFake((input: { Item?: Record<string, unknown> }) => {
      if (input.Item?.pk === 'REFERENCE' && refused === 0) {
        refused += 1
        throw conditionFailed()
      }
      return {}
    })
    const reply = await post({ ...validManualLead, contacted: false })
    expect(reply.status).toBe(201)
    expect(refused).toBe(1)
    expect(reply.body.reference).toBe(referenceOf(reply.body.id, 1))
    expect(puts().find((item) => item.pk === 'QUOTE')!.reference).toBe(reply.body.reference)
    expect(entryKeys()).toContain(`INBOX#REF ${reply.body.reference}`)
  })

  it('answers 400 with the fields and writes nothing for a bad channel, a missing phone or an unknown kind', async () => {
    const refused = [
      [{ ...validManualLead, channel: 'fax' }, 'channel'],
      [{ ...validManualLead, whatsapp: '' }, 'whatsapp'],
      [{ ...validManualLead, whatsapp: '+1 555 0100' }, 'whatsapp'],
      [{ ...validManualLead, kind: 'newsletter' }, 'kind'],
      [{ ...validManualLead, note: 'x'.repeat(2001) }, 'note'],
    ] as const
    for (const [body, field] of refused) {
      const reply = await post(body)
      expect(reply.status, field).toBe(400)
      expect(Object.keys(reply.body.fields), field).toContain(field)
    }
    expect(puts().filter((item) => item.pk !== 'AUDIT' && !String(item.pk).startsWith('RATE'))).toEqual([])
  })
})
