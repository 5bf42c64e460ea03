import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as mergeLeads } from '../../../functions/admin/merge-leads'
import { resetSessionCache } from '../../../functions/lib/auth/sessions'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { conditionFailed } from '../../support/leads'
import { adminAuthorization } from '../../support/tokens'
import {
  entryOf,
  otherLeadId,
  storedContactItem,
  storedLeadId,
  storedQuoteItem,
} from '../../support/workspace'

/**
 * POST /api/admin/leads/{id}/merge on a mocked store: the stored quote survives, a contact of the same person
 * (another id) joins it. The two deciding writes are conditional: a change on either lead meanwhile answers
 * 409, and a claim whose survivor could not be written is released, with nothing else written.
 */
const document = mockClient(DynamoDBDocumentClient)
const contactItem = {
  ...storedContactItem,
  id: otherLeadId,
  sk: `${storedContactItem.createdAt}#${otherLeadId}`,
  history: [
    { at: '2026-11-22T11:05:00.000Z', by: 'asha', type: 'attempt', channel: 'call', outcome: 'no-answer' },
  ],
}
const quoteKey = { pk: 'QUOTE', sk: storedQuoteItem.sk }
const contactKey = { pk: 'CONTACT', sk: contactItem.sk }

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  document.onAnyCommand().resolves({})
  document
    .on(GetCommand, { Key: { pk: 'INBOX#ID', sk: storedLeadId } })
    .resolves({ Item: entryOf(storedQuoteItem) })
  document
    .on(GetCommand, { Key: { pk: 'INBOX#ID', sk: otherLeadId } })
    .resolves({ Item: entryOf(contactItem) })
  document.on(GetCommand, { Key: quoteKey }).resolves({ Item: storedQuoteItem })
  document.on(GetCommand, { Key: contactKey }).resolves({ Item: contactItem })
})
afterEach(() => {
  document.reset()
  resetSessionCache()
  vi.restoreAllMocks()
})

const post = async (body: unknown, id = storedLeadId) =>
  parseResult(
    await mergeLeads(
      apiEvent('admin-merge-leads', {
        headers: await adminAuthorization('sunil', undefined, 'sales'),
        pathParameters: { id },
        body,
      }),
      lambdaContext,
    ),
  )
const updates = (key: Record<string, string>) =>
  document.commandCalls(UpdateCommand, { Key: key }).map(({ args: [command] }) => command.input)
const puts = () =>
  document
    .commandCalls(PutCommand)
    .map(({ args: [command] }) => command.input.Item as Record<string, unknown>)

describe('POST /api/admin/leads/{id}/merge', () => {
  it('claims the other lead on its version and history read, then writes the survivor on its version', async () => {
    document
      .on(UpdateCommand, { Key: contactKey })
      .resolves({ Attributes: { ...contactItem, mergedInto: storedLeadId } })
    document.on(UpdateCommand, { Key: quoteKey }).callsFake((input) => ({
      Attributes: { ...storedQuoteItem, version: 2, history: input.ExpressionAttributeValues[':joined'] },
    }))
    const reply = await post({ from: otherLeadId })
    expect(reply.status).toBe(200)
    const [claim] = updates(contactKey)
    expect(claim?.ConditionExpression).toBe(
      'attribute_exists(#pk) AND attribute_not_exists(mergedInto) AND (attribute_not_exists(#version) OR #version = :current) AND size(#history) = :events',
    )
    expect(claim?.ExpressionAttributeValues).toMatchObject({
      ':into': storedLeadId,
      ':events': 1,
      ':next': 1,
      ':closing': [expect.objectContaining({ type: 'merge', to: storedLeadId, by: 'sunil' })],
    })
    const [survivor] = updates(quoteKey)
    expect(survivor?.ConditionExpression).toBe(
      'attribute_exists(#pk) AND attribute_not_exists(mergedInto) AND #version = :current',
    )
    expect(survivor?.ExpressionAttributeValues?.[':current']).toBe(1)
    // The contact's attempt joins, marked, before the merge itself; the quote takes the e-mail it lacked.
    expect(survivor?.ExpressionAttributeValues?.[':joined']).toEqual([
      { ...contactItem.history[0], fromLead: otherLeadId },
      expect.objectContaining({ type: 'merge', by: 'sunil', from: otherLeadId }),
    ])
    expect(Object.values(survivor?.ExpressionAttributeNames ?? {})).toEqual(
      expect.arrayContaining(['email', 'subject', 'message']),
    )
    expect(puts().filter((item) => item.pk === 'AUDIT')).toEqual([
      expect.objectContaining({ action: 'lead-merge', detail: `merged in lead ${otherLeadId}` }),
    ])
  })

  it('answers 409 and writes nothing more when the other lead changed since it was read', async () => {
    document.on(UpdateCommand, { Key: contactKey }).rejects(conditionFailed())
    const reply = await post({ from: otherLeadId })
    expect(reply.status).toBe(409)
    expect(updates(quoteKey)).toEqual([])
    expect(puts().filter((item) => item.pk !== 'RATE_LIMIT')).toEqual([])
  })

  it('releases the claim and answers 409 when the survivor changed since it was read', async () => {
    document
      .on(UpdateCommand, { Key: contactKey })
      .resolves({ Attributes: { ...contactItem, mergedInto: storedLeadId } })
    document.on(UpdateCommand, { Key: quoteKey }).rejects(conditionFailed())
    const reply = await post({ from: otherLeadId })
    expect(reply.status).toBe(409)
    expect(reply.body.error).toMatch(/^Someone else changed this lead/)
    const [, release, ...more] = updates(contactKey)
    expect(more).toEqual([])
    // The closing event the claim appended after the contact's one event goes with it.
    expect(release?.UpdateExpression).toBe(
      'SET #version = :next, updatedAt = :now REMOVE mergedInto, mergedAt, mergedBy, #history[1]',
    )
    expect(release?.ConditionExpression).toBe('mergedInto = :into')
    expect(release?.ExpressionAttributeValues?.[':next']).toBe(2)
    // No note copied, no entry rewritten, nothing audited.
    expect(puts().filter((item) => item.pk !== 'RATE_LIMIT')).toEqual([])
  })

  it('refuses a lead with itself before reading anything (400)', async () => {
    const reply = await post({ from: storedLeadId })
    expect(reply.status).toBe(400)
    expect(reply.body.error).toBe('A lead cannot be merged with itself.')
    expect(
      document.commandCalls(GetCommand).filter(({ args: [command] }) => command.input.Key?.pk !== 'ADMIN'),
    ).toEqual([])
  })
})
