import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { retentionSortKey, type StoredSummary } from '../../../functions/lib/db/inbox'
import { retentionFigures } from '../../../functions/lib/db/retention-index'
import { sweepRetention } from '../../../functions/lib/retention-sweep'
import { faultError } from '../../support/aws-faults'
import { withVisitorOutbox } from '../../support/visitor-outbox'

const document = mockClient(DynamoDBDocumentClient)
const now = new Date('2027-06-01T03:30:00.000Z')

/** A lost quote closed (its last change) at `closedAt`. */
const lostQuote = (id: string, closedAt: string): StoredSummary =>
  ({
    id,
    kind: 'quote',
    createdAt: '2025-01-10T05:00:00.000Z',
    updatedAt: closedAt,
    name: 'Priya Sharma',
    phone: '+91 98765 43210',
    status: 'lost',
    version: 3,
    source: { kind: 'form' },
  }) as unknown as StoredSummary

// Lost leads are kept 12 months (the defaults): one closed 14 months ago, one 2 months ago.
const due = lostQuote('lead-due', '2026-04-01T10:00:00.000Z')
const kept = lostQuote('lead-kept', '2027-04-01T10:00:00.000Z')
const entryOf = (summary: StoredSummary) => ({
  ...summary,
  pk: 'INBOX#RETAIN',
  sk: retentionSortKey(summary),
})
const itemOf = (summary: StoredSummary) => ({
  ...summary,
  pk: 'QUOTE',
  sk: `${summary.createdAt}#${summary.id}`,
})

const deletes = () => document.commandCalls(DeleteCommand).map(({ args: [command] }) => command.input)
const audits = () =>
  document
    .commandCalls(PutCommand)
    .map(({ args: [command] }) => command.input.Item)
    .filter((item) => item?.pk === 'AUDIT')

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  document.onAnyCommand().resolves({})
  document.on(BatchGetCommand).resolves({ Responses: { content: [] } })
  document.on(QueryCommand).resolves({ Items: [] })
  // The index's key range of lost leads holds both (as a fake: the real range would stop before the kept one).
  document
    .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'INBOX#RETAIN', ':low': 'lost#' } })
    .resolves({ Items: [entryOf(due), entryOf(kept)] })
  document
    .on(GetCommand, { Key: { pk: 'QUOTE', sk: `${due.createdAt}#${due.id}` } })
    .resolves({ Item: itemOf(due) })
  document
    .on(GetCommand, { Key: { pk: 'QUOTE', sk: `${kept.createdAt}#${kept.id}` } })
    .resolves({ Item: itemOf(kept) })
})
afterEach(() => {
  document.reset()
  vi.restoreAllMocks()
})

describe('the retention sweep', () => {
  it('erases a lost lead past its period (under a condition on its last change) and logs it, keeping one not yet due', async () => {
    const report = await sweepRetention({ now })
    expect(report).toEqual({ read: 1, erased: 1, asked: 0, noticed: 0, held: 0, cleared: 0, failed: 0 })
    const leadDeletes = deletes().filter((input) => input.Key?.pk === 'QUOTE')
    expect(leadDeletes).toEqual([
      expect.objectContaining({
        Key: { pk: 'QUOTE', sk: `${due.createdAt}#${due.id}` },
        ConditionExpression: 'updatedAt = :lastChange',
        ExpressionAttributeValues: { ':lastChange': due.updatedAt },
      }),
    ])
    // Its entries, which hold its summary (the name), go at once: the retention entry, the inbox's, the name search's.
    const entryDeletes = deletes().map((input) => `${input.Key?.pk} ${input.Key?.sk}`)
    expect(entryDeletes).toContain(`INBOX#RETAIN ${retentionSortKey(due)}`)
    expect(entryDeletes).toContain('INBOX#ID lead-due')
    expect(entryDeletes).toContain(`INBOX ${due.createdAt}#${due.id}`)
    expect(entryDeletes).toContain(`INBOX#NAME priya#${due.createdAt}#${due.id}`)
    expect(entryDeletes.some((key) => key.includes('lead-kept'))).toBe(false)
    expect(audits()).toEqual([
      expect.objectContaining({
        actor: 'Retention sweep',
        action: 'retention-erasure',
        target: 'lead-due',
        detail: 'lost, due 2027-04-01',
      }),
    ])
  })

  it('keeps a lead worked since its entry was read (the conditional delete fails) and logs nothing', async () => {
    document
      .on(DeleteCommand, { Key: { pk: 'QUOTE', sk: `${due.createdAt}#${due.id}` } })
      .rejects(faultError('conditional', 'dynamodb'))
    const report = await sweepRetention({ now })
    expect(report).toMatchObject({ erased: 0, failed: 0 })
    expect(audits()).toEqual([])
  })

  it('leaves a lead for the next run when DynamoDB throttles its erasure, and logs the failure', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    document
      .on(GetCommand, { Key: { pk: 'QUOTE', sk: `${due.createdAt}#${due.id}` } })
      .rejects(faultError('throttling', 'dynamodb'))
    const report = await sweepRetention({ now })
    expect(report).toEqual({ read: 1, erased: 0, asked: 0, noticed: 0, held: 0, cleared: 0, failed: 1 })
    expect(
      deletes().filter((input) => input.Key?.pk === 'QUOTE' || input.Key?.pk === 'INBOX#RETAIN'),
    ).toEqual([])
    expect(audits()).toEqual([])
    expect(errors.mock.calls.flat().join(' ')).toContain('A retention step failed; the next run tries again')
  })

  it('clears the stale entry of a lead erased already, without logging an erasure', async () => {
    document.on(GetCommand, { Key: { pk: 'QUOTE', sk: `${due.createdAt}#${due.id}` } }).resolves({})
    expect(await sweepRetention({ now })).toMatchObject({ erased: 0, cleared: 1 })
    expect(deletes().map((input) => input.Key)).toEqual([{ pk: 'INBOX#RETAIN', sk: retentionSortKey(due) }])
    expect(audits()).toEqual([])
  })
})

describe('the ask of an untouched open lead', () => {
  /** A contact nobody has touched since it arrived, 13 months before `now`. */
  const untouched = {
    id: 'lead-open',
    kind: 'contact',
    createdAt: '2026-05-01T05:00:00.000Z',
    name: 'Asha Rao',
    email: 'asha@example.in',
    phone: '+91 98765 43210',
    status: 'new',
    version: 0,
    source: { kind: 'form' },
  } as unknown as StoredSummary
  const contactItem = { ...untouched, pk: 'CONTACT', sk: `${untouched.createdAt}#${untouched.id}` }
  const sent = withVisitorOutbox('each')

  beforeEach(() => {
    document
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'INBOX#RETAIN', ':low': 'lost#' } })
      .resolves({ Items: [] })
    document
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'INBOX#RETAIN', ':low': 'untouched#' } })
      .resolves({ Items: [entryOf(untouched)] })
    document.on(GetCommand, { Key: { pk: 'CONTACT', sk: contactItem.sk } }).resolves({ Item: contactItem })
  })

  it('stamps the ask under a condition on the last change before it mails, and erases nothing', async () => {
    const askedAt = now.toISOString()
    document
      .on(UpdateCommand, { Key: { pk: 'CONTACT', sk: contactItem.sk } })
      .resolves({ Attributes: { ...contactItem, retentionAskedAt: askedAt } })
    expect(await sweepRetention({ now })).toMatchObject({ read: 1, asked: 1, erased: 0, failed: 0 })
    const [stamp] = document.commandCalls(UpdateCommand).map(({ args: [command] }) => command.input)
    expect(stamp).toMatchObject({
      UpdateExpression: 'SET #stamp = :now',
      ConditionExpression:
        'attribute_not_exists(updatedAt) AND (attribute_not_exists(#stamp) OR #stamp < :since)',
      ExpressionAttributeNames: { '#stamp': 'retentionAskedAt' },
    })
    expect(await sent()).toEqual([expect.objectContaining({ kind: 'retention-ask', to: 'asha@example.in' })])
    expect(deletes().filter((input) => input.Key?.pk === 'CONTACT')).toEqual([])
    // Its retention entry moves to the ask.
    const puts = document.commandCalls(PutCommand).map(({ args: [command] }) => command.input.Item)
    expect(puts).toContainEqual(
      expect.objectContaining({
        pk: 'INBOX#RETAIN',
        sk: `asked#${askedAt}#${untouched.createdAt}#lead-open`,
      }),
    )
    expect(audits()).toEqual([expect.objectContaining({ action: 'retention-ask', target: 'lead-open' })])
  })

  it('sends nothing when the stamp is there already (a second run) or the lead changed', async () => {
    document
      .on(UpdateCommand, { Key: { pk: 'CONTACT', sk: contactItem.sk } })
      .rejects(faultError('conditional', 'dynamodb'))
    expect(await sweepRetention({ now })).toMatchObject({ asked: 0, erased: 0, failed: 0 })
    expect(await sent()).toEqual([])
    expect(audits()).toEqual([])
  })

  it('leaves the lead for the next run when DynamoDB throttles the stamp: no mail, no erasure', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    document
      .on(UpdateCommand, { Key: { pk: 'CONTACT', sk: contactItem.sk } })
      .rejects(faultError('throttling', 'dynamodb'))
    expect(await sweepRetention({ now })).toMatchObject({ read: 1, asked: 0, erased: 0, failed: 1 })
    expect(await sent()).toEqual([])
    expect(deletes()).toEqual([])
    expect(errors.mock.calls.flat().join(' ')).toContain('A retention step failed; the next run tries again')
  })

  it('erases a lead without an address at its date, saying why no ask went out', async () => {
    const phoneOnly = { ...contactItem, email: undefined }
    document.on(GetCommand, { Key: { pk: 'CONTACT', sk: contactItem.sk } }).resolves({ Item: phoneOnly })
    expect(await sweepRetention({ now })).toMatchObject({ asked: 0, erased: 1 })
    expect(await sent()).toEqual([])
    expect(audits()).toEqual([
      expect.objectContaining({
        action: 'retention-erasure',
        detail: 'untouched, due 2027-05-01, not asked (no e-mail to ask)',
      }),
    ])
  })
})

describe('the 48-hour notice before an erasure (a setting, off by default)', () => {
  // A lost contact closed 12 months and a day before now less a day: due tomorrow.
  const lostContact = {
    id: 'lead-lost',
    kind: 'contact',
    createdAt: '2026-04-01T05:00:00.000Z',
    updatedAt: '2026-06-02T03:30:00.000Z',
    name: 'Asha Rao',
    email: 'asha@example.in',
    status: 'lost',
    version: 3,
    source: { kind: 'form' },
  } as unknown as StoredSummary
  const item = { ...lostContact, pk: 'CONTACT', sk: `${lostContact.createdAt}#${lostContact.id}` }
  const sent = withVisitorOutbox('each')
  const settings = (notice: boolean) =>
    document.on(BatchGetCommand).resolves({
      Responses: { content: [{ pk: 'SETTINGS', sk: 'SALES', retentionNotice: notice }] },
    })

  beforeEach(() => {
    document
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'INBOX#RETAIN', ':low': 'lost#' } })
      .resolves({ Items: [entryOf(lostContact)] })
    document.on(GetCommand, { Key: { pk: 'CONTACT', sk: item.sk } }).resolves({ Item: item })
  })

  it('is off by default: a lead due tomorrow is not read, nobody is told', async () => {
    expect(await sweepRetention({ now })).toMatchObject({ read: 0, noticed: 0 })
    expect(await sent()).toEqual([])
  })

  it('when on, tells the person once within the 48 hours and erases nothing yet', async () => {
    settings(true)
    document
      .on(UpdateCommand, { Key: { pk: 'CONTACT', sk: item.sk } })
      .resolves({ Attributes: { ...item, retentionNoticeAt: now.toISOString() } })
    expect(await sweepRetention({ now })).toMatchObject({ read: 1, noticed: 1, erased: 0 })
    expect(await sent()).toEqual([
      expect.objectContaining({
        kind: 'retention-notice',
        to: 'asha@example.in',
        subject: 'Your details will be erased on 3 Jun 2027',
      }),
    ])
    expect(audits()).toEqual([expect.objectContaining({ action: 'retention-notice', target: 'lead-lost' })])
    expect(deletes()).toEqual([])
  })

  it('when on, erases at the due date once the notice is 48 hours old, and holds it before', async () => {
    settings(true)
    const noticed = { ...item, retentionNoticeAt: now.toISOString() }
    document.on(GetCommand, { Key: { pk: 'CONTACT', sk: item.sk } }).resolves({ Item: noticed })
    const dueDay = new Date('2027-06-02T04:00:00.000Z')
    expect(await sweepRetention({ now: dueDay })).toMatchObject({ held: 1, erased: 0 })
    expect(await sent()).toEqual([])
    const twoDaysOn = new Date(now.getTime() + 48 * 60 * 60 * 1000)
    expect(await sweepRetention({ now: twoDaysOn })).toMatchObject({ erased: 1 })
    expect(await sent()).toEqual([])
  })
})

describe('the retention index', () => {
  it('counts due and overdue entries by key range (Select COUNT), reading only the band at the date', async () => {
    const soon = lostQuote('lead-soon', '2026-06-20T10:00:00.000Z')
    // Closed on the day a year before the horizon (1 July 2027, 03:30): one before its time of day, one after.
    const bandEarly = lostQuote('lead-band-early', '2026-07-01T01:00:00.000Z')
    const bandLate = lostQuote('lead-band-late', '2026-07-01T05:00:00.000Z')
    const index = [due, soon, bandEarly, bandLate, kept].map(entryOf)
    // The index on a fake of DynamoDB's key conditions: a COUNT answers a number, a read the keys.
    document.on(QueryCommand).callsFake((input) => {
      const values = input.ExpressionAttributeValues ?? {}
      if (values[':kind'] !== 'INBOX#RETAIN') return { Items: [] }
      const inRange = index.filter((entry) => entry.sk >= values[':first'] && entry.sk <= values[':last'])
      return input.Select === 'COUNT'
        ? { Count: inRange.length }
        : { Items: inRange.map((entry) => ({ pk: entry.pk, sk: entry.sk })) }
    })
    const defaults = { lostMonths: 12, wonMonths: 96, untouchedMonths: 12, activityLogMonths: 12 }
    expect(await retentionFigures(now, defaults)).toEqual({ due: 2, overdue: 1 })

    const calls = document.commandCalls(QueryCommand).map(({ args: [command] }) => command.input)
    expect(
      calls.every((input) => input.KeyConditionExpression === '#pk = :kind AND #sk BETWEEN :first AND :last'),
    ).toBe(true)
    // Read, not counted: only the band's keys, and only their keys.
    const read = calls.filter((input) => input.Select !== 'COUNT')
    expect(
      read.map((input) => [
        input.ExpressionAttributeValues?.[':first'],
        input.ExpressionAttributeValues?.[':last'],
      ]),
    ).toEqual(expect.arrayContaining([['lost#2026-07-01T00:00:00.000Z', 'lost#2026-07-02T00:00:00.000Z']]))
    expect(read.every((input) => input.ProjectionExpression === '#sk')).toBe(true)
    // Counted: up to the day before now less the grace (overdue), then on to the band (due), per reason.
    const counted = calls
      .filter(
        (input) =>
          input.Select === 'COUNT' && String(input.ExpressionAttributeValues?.[':first']).startsWith('lost#'),
      )
      .map((input) => [
        input.ExpressionAttributeValues?.[':first'],
        input.ExpressionAttributeValues?.[':last'],
      ])
    expect(counted).toEqual([
      ['lost#', 'lost#2026-05-31T00:00:00.000Z'],
      ['lost#2026-05-31T00:00:00.000Z', 'lost#2026-07-01T00:00:00.000Z'],
    ])
  })
})
