import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as addAttempt } from '../../../functions/admin/add-lead-attempt'
import { resetSessionCache } from '../../../functions/lib/auth/sessions'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { conditionFailed } from '../../support/leads'
import { adminAuthorization } from '../../support/tokens'
import { entryOf, storedLeadId, storedQuoteItem } from '../../support/workspace'

/**
 * POST /api/admin/leads/{id}/attempts on a mocked store: the stored quote (contacted, version 1, assigned to
 * asha, follow-up 30 Nov) takes an attempt and its next step in one conditional update, audited; a refused
 * body or an unknown lead writes nothing.
 */
const document = mockClient(DynamoDBDocumentClient)
const now = new Date('2026-11-26T06:30:00.000Z') // 12:00 in India
const quoteKey = { pk: 'QUOTE', sk: storedQuoteItem.sk }

/** The stored quote after the update: what it held, with `after` written over it. */
function answerUpdate(after: Record<string, unknown>) {
  document.on(UpdateCommand, { Key: quoteKey }).callsFake((input) => ({
    Attributes: {
      ...storedQuoteItem,
      ...after,
      history: input.ExpressionAttributeValues[':events'],
      firstContactAt: after.firstContactAt ?? input.ExpressionAttributeValues[':now'],
    },
  }))
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now)
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  document.onAnyCommand().resolves({})
  document
    .on(GetCommand, { Key: { pk: 'INBOX#ID', sk: storedLeadId } })
    .resolves({ Item: entryOf(storedQuoteItem) })
  document.on(GetCommand, { Key: quoteKey }).resolves({ Item: storedQuoteItem })
})
afterEach(() => {
  document.reset()
  resetSessionCache()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const post = async (body: unknown, id = storedLeadId) =>
  parseResult(
    await addAttempt(
      apiEvent('admin-add-lead-attempt', {
        headers: await adminAuthorization('sunil', undefined, 'sales'),
        pathParameters: { id },
        body,
      }),
      lambdaContext,
    ),
  )
const leadUpdates = () =>
  document.commandCalls(UpdateCommand, { Key: quoteKey }).map(({ args: [command] }) => command.input)
const audits = () =>
  document
    .commandCalls(PutCommand)
    .map(({ args: [command] }) => command.input.Item as Record<string, unknown>)
    .filter((item) => item.pk === 'AUDIT')
const writes = () =>
  document
    .commandCalls(PutCommand)
    .concat(document.commandCalls(UpdateCommand) as never, document.commandCalls(DeleteCommand) as never)
    .map(({ args: [command] }) => command.input as { Item?: { pk?: unknown }; Key?: { pk?: unknown } })
    .map((input) => String(input.Item?.pk ?? input.Key?.pk))
    // A refusal may count and record itself, nothing else.
    .filter((pk) => pk !== 'AUDIT' && pk !== 'RATE_LIMIT')

describe('POST /api/admin/leads/{id}/attempts', () => {
  it('logs a WhatsApp message in the history, stamps the first contact once, keeps the version, and audits it without the note', async () => {
    answerUpdate({})
    const reply = await post({ channel: 'whatsapp', outcome: 'sent', note: 'Sent the brochure.' })
    expect(reply.status).toBe(201)
    const attempt = {
      at: now.toISOString(),
      by: 'sunil',
      type: 'attempt',
      channel: 'whatsapp',
      outcome: 'sent',
      text: 'Sent the brochure.',
    }
    expect(reply.body).toMatchObject({
      attempt,
      firstContactAt: now.toISOString(),
      lead: { id: storedLeadId },
    })
    expect(reply.body.lead.firstContactAt).toBe(now.toISOString())
    const [update, ...more] = leadUpdates()
    expect(more).toEqual([])
    expect(update?.UpdateExpression).toBe(
      'SET #history = list_append(if_not_exists(#history, :none), :events), firstContactAt = if_not_exists(firstContactAt, :now), updatedAt = :now',
    )
    // No status or follow-up moved: no condition on the version, which stays; never on a merged lead.
    expect(update?.ConditionExpression).toBe('attribute_exists(#pk) AND attribute_not_exists(mergedInto)')
    expect(update?.ExpressionAttributeValues).toEqual({
      ':none': [],
      ':now': now.toISOString(),
      ':events': [attempt],
    })
    const [audit, ...moreAudits] = audits()
    expect(moreAudits).toEqual([])
    expect(audit).toMatchObject({
      actor: 'sunil',
      action: 'lead-attempt',
      target: `quote ${storedLeadId}`,
      detail: 'WhatsApp: Sent',
    })
    expect(JSON.stringify(audit)).not.toContain('brochure')
  })

  it('answers the first contact already stamped, not this attempt’s time', async () => {
    answerUpdate({ firstContactAt: '2026-11-25T05:00:00.000Z' })
    const reply = await post({ channel: 'call', outcome: 'no-answer' })
    expect(reply.status).toBe(201)
    expect(reply.body.firstContactAt).toBe('2026-11-25T05:00:00.000Z')
  })

  it('applies the status and a follow-up with its time on the version read, and moves their inbox entries', async () => {
    answerUpdate({
      status: 'site-visit',
      version: 2,
      followUpOn: '2026-11-28',
      followUpAt: '2026-11-28T04:30:00.000Z',
    })
    const reply = await post({
      channel: 'call',
      outcome: 'connected',
      status: 'site-visit',
      followUpAt: '2026-11-28T10:00+05:30',
    })
    expect(reply.status).toBe(201)
    const [update] = leadUpdates()
    expect(update?.ConditionExpression).toBe(
      'attribute_exists(#pk) AND #version = :current AND attribute_not_exists(mergedInto)',
    )
    expect(update?.ExpressionAttributeValues).toMatchObject({
      ':current': 1,
      ':next': 2,
      ':status': 'site-visit',
      ':followUpOn': '2026-11-28',
      ':followUpAt': '2026-11-28T04:30:00.000Z',
    })
    expect(
      update?.ExpressionAttributeValues?.[':events'].map((event: { type: string }) => event.type),
    ).toEqual(['attempt', 'status', 'follow-up'])
    expect(update?.ExpressionAttributeValues?.[':events'][2]).toMatchObject({
      from: '2026-11-30',
      to: '2026-11-28',
      followUpAt: '2026-11-28T04:30:00.000Z',
    })
    const deleted = document.commandCalls(DeleteCommand).map(({ args: [command] }) => command.input.Key)
    expect(deleted).toEqual(
      expect.arrayContaining([
        { pk: 'INBOX#STATUS', sk: `contacted#${storedQuoteItem.sk}` },
        // A whole-day follow-up's entry has no time between its date and the lead.
        { pk: 'INBOX#FOLLOWUP', sk: `2026-11-30##${storedQuoteItem.sk}` },
      ]),
    )
    const followUpEntry = document
      .commandCalls(PutCommand)
      .map(({ args: [command] }) => command.input.Item as Record<string, unknown>)
      .find((item) => item.pk === 'INBOX#FOLLOWUP')
    expect(followUpEntry).toMatchObject({
      sk: `2026-11-28#2026-11-28T04:30:00.000Z#${storedQuoteItem.sk}`,
      followUpAt: '2026-11-28T04:30:00.000Z',
      firstContactAt: now.toISOString(),
    })
    expect(audits()[0]?.detail).toBe('Call: Connected, status Site visit, follow-up 2026-11-28T04:30:00.000Z')
  })

  it('makes a promised call-back the follow-up', async () => {
    answerUpdate({ version: 2, followUpOn: '2026-11-26', followUpAt: '2026-11-26T11:30:00.000Z' })
    const reply = await post({ channel: 'call', outcome: 'callback', callbackAt: '2026-11-26T17:00+05:30' })
    expect(reply.status).toBe(201)
    expect(reply.body.attempt.callbackAt).toBe('2026-11-26T11:30:00.000Z')
    expect(leadUpdates()[0]?.ExpressionAttributeValues).toMatchObject({
      ':followUpOn': '2026-11-26',
      ':followUpAt': '2026-11-26T11:30:00.000Z',
    })
  })

  it('tries again on the fresh copy when a colleague changed the lead meanwhile, and answers 409 after three', async () => {
    let tries = 0
    document.on(UpdateCommand, { Key: quoteKey }).callsFake((input) => {
      tries += 1
      if (tries === 1) throw conditionFailed()
      return {
        Attributes: {
          ...storedQuoteItem,
          status: 'proposal',
          version: 2,
          history: input.ExpressionAttributeValues[':events'],
        },
      }
    })
    const reply = await post({ channel: 'call', outcome: 'connected', status: 'proposal' })
    expect(reply.status).toBe(201)
    expect(leadUpdates()).toHaveLength(2)

    document.on(UpdateCommand, { Key: quoteKey }).rejects(conditionFailed())
    const refused = await post({ channel: 'call', outcome: 'connected', status: 'proposal' })
    expect(refused.status).toBe(409)
    expect(leadUpdates()).toHaveLength(5)
  })

  it('refuses a bad body, a time in the past and Lost, naming the field, and writes nothing', async () => {
    const refusals: [unknown, Record<string, string>][] = [
      [{ channel: 'call', outcome: 'callback' }, { callbackAt: 'Choose when to call back' }],
      [{ channel: 'fax', outcome: 'sent' }, { channel: 'Choose call, WhatsApp or e-mail' }],
      [
        { channel: 'email', outcome: 'sent', followUpAt: '2026-11-25T10:00+05:30' },
        { followUpAt: 'The follow-up is in the past' },
      ],
      [
        { channel: 'call', outcome: 'wrong-number', status: 'lost' },
        { status: 'Move a lead to Lost with its reason, in the pipeline' },
      ],
    ]
    for (const [body, fields] of refusals) {
      const reply = await post(body)
      expect(reply.status, JSON.stringify(body)).toBe(400)
      expect(reply.body.fields).toEqual(fields)
    }
    expect(writes()).toEqual([])
    expect(audits()).toEqual([])
  })

  it('refuses a move the pipeline does not allow from the stored status (a won lead to New), writing nothing', async () => {
    const won = { ...storedQuoteItem, status: 'won' }
    document.on(GetCommand, { Key: { pk: 'INBOX#ID', sk: storedLeadId } }).resolves({ Item: entryOf(won) })
    document.on(GetCommand, { Key: quoteKey }).resolves({ Item: won })
    const reply = await post({ channel: 'call', outcome: 'connected', status: 'new' })
    expect(reply.status).toBe(400)
    expect(reply.body.fields).toEqual({ status: 'A Won lead cannot move to New' })
    expect(writes()).toEqual([])
  })

  it('answers 404 for a lead it does not know, and writes nothing', async () => {
    const reply = await post(
      { channel: 'call', outcome: 'connected' },
      '0190c0de-0000-7000-8000-0000000000ff',
    )
    expect(reply.status).toBe(404)
    expect(writes()).toEqual([])
  })
})

describe('WhatsApp updates and offers need the person’s consent', () => {
  const templates = [
    { name: 'First reply', text: 'Namaste {name}, this is {me}.', kind: 'reply' },
    { name: 'Diwali offer', text: 'Namaste {name}: 10% off this month.', kind: 'offer' },
    // Saved before templates had a kind: a reply.
    { name: 'Old one', text: 'Namaste {name}.' },
  ]
  beforeEach(() => {
    document.on(GetCommand, { Key: { pk: 'SETTINGS', sk: 'SALES' } }).resolves({ Item: { templates } })
  })
  const withConsent = (whatsappUpdates: unknown) =>
    document.on(GetCommand, { Key: quoteKey }).resolves({ Item: { ...storedQuoteItem, whatsappUpdates } })

  it('refuses an offer to a person who did not tick the box, or withdrew it, with 409, audited, writing nothing', async () => {
    for (const [consent, index] of [
      [undefined, 0],
      [false, 1],
    ] as const) {
      withConsent(consent)
      const reply = await post({ channel: 'whatsapp', outcome: 'sent', template: 'Diwali offer' })
      expect(reply.status).toBe(409)
      expect(reply.body.error).toBe(
        'They have not agreed to WhatsApp updates and offers: send only the reply to their request.',
      )
      expect(leadUpdates()).toEqual([])
      expect(writes()).toEqual([])
      expect(audits()[index]).toMatchObject({
        action: 'lead-attempt',
        target: `quote ${storedLeadId}`,
        detail: 'refused: an offer without WhatsApp consent',
      })
    }
  })

  it('logs an offer to a person who agreed, with its template, and a reply to anyone', async () => {
    answerUpdate({})
    withConsent(true)
    const offer = await post({ channel: 'whatsapp', outcome: 'sent', template: 'Diwali offer' })
    expect(offer.status).toBe(201)
    expect(offer.body.attempt).toMatchObject({ channel: 'whatsapp', template: 'Diwali offer' })
    withConsent(false)
    for (const template of ['First reply', 'Old one', 'A template since removed']) {
      const reply = await post({ channel: 'whatsapp', outcome: 'sent', template })
      expect(reply.status).toBe(201)
    }
    expect(leadUpdates()).toHaveLength(4)
  })
})
