import { randomInt } from 'node:crypto'
import { GetCommand } from '@aws-sdk/lib-dynamodb'
import type { FieldDeclarations } from '@core/field-declarations'
import { inboxKindLabels } from '@core/inbox-search'
import { leadFieldsOfKind } from '@core/lead-fields'
import type { PersonLead } from '@core/lead-views'
import { normaliseEmail } from '@core/newsletter'
import {
  byPrivacyDue,
  type PrivacyCase,
  type PrivacyDecision,
  type PrivacyIdentity,
  type PrivacyRequestKind,
  type PrivacySummary,
} from '@core/privacy-requests'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import { ledgerEntriesOf, standingOf } from './consent-ledger'
import { partitionOfKind } from './inbox'
import type { Partition } from './partition-access'
import { putIfAbsent, queryPartition, setAndRemove, updateIf, withoutKey } from './partition-io'
import { leadsOfPerson } from './person-leads'

/**
 * The rights desk's cases (core/privacy-requests.ts): one item per request in the PRIVACY partition of the
 * content table, keyed by its reference, which starts with the time it arrived, so one Query lists them in
 * the order they fall due (never a Scan). A case holds the person's contact and words until an erasure it
 * asked for is done and answered: then only the kind, the dates, the decision and the count of records
 * erased remain, the proof that the request was honoured.
 */
export const privacyPartition = 'PRIVACY' satisfies Partition<'content'>

const { partitionKey, sortKey } = tables.content
const contentTable = (): string => tableName('content')
const caseKey = (id: string) => ({ [partitionKey]: privacyPartition, [sortKey]: id })

/** The fields that name the person: removed once an erasure case is answered. */
const personalCaseFields = ['email', 'phone', 'name', 'details', 'nominee', 'reply'] as const

const referenceLetters = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A new reference: `PR-yymmdd-hhmmss-XXXX` (UTC), sorting by arrival. */
export function newCaseReference(now: Date): string {
  const [date = '', time = ''] = now.toISOString().slice(2, 19).split('T')
  const suffix = Array.from({ length: 4 }, () => referenceLetters[randomInt(referenceLetters.length)]).join(
    '',
  )
  return `PR-${date.replaceAll('-', '')}-${time.replaceAll(':', '')}-${suffix}`
}

/** What a new case says about the person and the request. */
export interface NewPrivacyCase {
  readonly kind: PrivacyRequestKind
  readonly identity: PrivacyIdentity
  readonly email?: string | undefined
  readonly phone?: string | undefined
  readonly name?: string | undefined
  readonly details?: string | undefined
  readonly nominee?: string | undefined
  readonly openedBy?: string | undefined
}

/** Stores a new open case and answers it (a new reference should one clash). */
export async function openPrivacyCase(input: NewPrivacyCase, now = new Date()): Promise<PrivacyCase> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const id = newCaseReference(now)
    const stored = Object.fromEntries(
      Object.entries({
        ...input,
        id,
        receivedAt: now.toISOString(),
        status: 'open',
        version: 1,
      }).filter(([, value]) => value !== undefined),
    ) as unknown as PrivacyCase
    if (await putIfAbsent('content', { ...caseKey(id), ...stored })) return stored
  }
  throw new Error('No free case reference after three tries')
}

/** The cases, open ones first by due date, then the closed ones, newest first. */
export async function listPrivacyCases(): Promise<PrivacyCase[]> {
  const cases: PrivacyCase[] = []
  for await (const items of queryPartition('content', privacyPartition)) {
    cases.push(...items.map((item) => withoutKey('content', item) as unknown as PrivacyCase))
  }
  return cases.sort(byPrivacyDue)
}

/** One case, or undefined. */
export async function readPrivacyCase(id: string): Promise<PrivacyCase | undefined> {
  const reply = await dynamo().send(
    new GetCommand({ TableName: contentTable(), Key: caseKey(id), ConsistentRead: true }),
  )
  return reply.Item ? (withoutKey('content', reply.Item) as unknown as PrivacyCase) : undefined
}

/** The labels of the personal data a lead of this kind holds (its declarations' personal-data flags). */
function personalLabels(kind: PersonLead['kind']): string[] {
  const partition = partitionOfKind[kind] as keyof typeof leadFieldsOfKind | undefined
  const fields: FieldDeclarations = partition ? leadFieldsOfKind[partition] : {}
  return Object.values(fields).flatMap((field) => (field.personal ? [field.label] : []))
}

/**
 * What the product holds about the person of a case: their leads (by phone and e-mail, the inbox's person
 * entries), each with the personal data its form takes, their newsletter signup, and the consent ledger.
 */
export async function privacySummary(person: Pick<PrivacyCase, 'email' | 'phone'>): Promise<PrivacySummary> {
  const contacts = { email: person.email, phone: person.phone }
  const [leads, entries, signup] = await Promise.all([
    leadsOfPerson(contacts),
    ledgerEntriesOf(contacts),
    person.email
      ? dynamo().send(
          new GetCommand({
            TableName: tableName('leads'),
            Key: {
              [tables.leads.partitionKey]: 'NEWSLETTER',
              [tables.leads.sortKey]: normaliseEmail(person.email),
            },
          }),
        )
      : undefined,
  ])
  const newsletter = signup?.Item
  return {
    leads: leads.map((lead) => ({
      id: lead.id,
      kind: lead.kind,
      createdAt: lead.createdAt,
      status: lead.status,
      fields: personalLabels(lead.kind),
    })),
    ...(newsletter
      ? {
          newsletter: {
            createdAt: String(newsletter.createdAt ?? ''),
            confirmed: typeof newsletter.confirmedAt === 'string',
            withdrawn: typeof newsletter.withdrawnAt === 'string',
          },
        }
      : {}),
    consents: standingOf(entries).map(({ purpose, given, at }) => ({
      purpose,
      given,
      ...(at ? { at } : {}),
    })),
    ledgerEntries: entries.length,
  }
}

/** What erasing the person's data ends: their open leads, in words (the confirmation the owner gives). */
export function openLeadsLost(leads: readonly PersonLead[], open: readonly PersonLead[]): string {
  const listed = open.map((lead) => `${inboxKindLabels[lead.kind]} of ${lead.createdAt.slice(0, 10)}`)
  return `This person has ${open.length === 1 ? 'an open lead' : `${open.length} open leads`} (${listed.join(', ')}) of ${leads.length} in all. Erasing deletes every one with its notes, follow-ups and visits: the sale in progress is lost. Confirm to erase anyway.`
}

/** Records the erasure done for an open case; false when it is closed, erased already or changed meanwhile. */
export async function recordCaseErasure(
  current: PrivacyCase,
  erasure: { readonly at: string; readonly by: string; readonly records: number },
): Promise<boolean> {
  const updated = await updateIf({
    TableName: contentTable(),
    Key: caseKey(current.id),
    UpdateExpression: 'SET erasure = :erasure, version = :next',
    ConditionExpression: '#status = :open AND version = :version AND attribute_not_exists(erasure)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':erasure': erasure,
      ':next': current.version + 1,
      ':open': 'open',
      ':version': current.version,
    },
  })
  return updated !== undefined
}

/**
 * Closes an open case with the owner's decision and reply; a case whose erasure is done forgets the person
 * (contact, words, the reply's text) as it closes. False when it was closed or changed meanwhile.
 */
export async function closePrivacyCase(
  current: PrivacyCase,
  answer: {
    readonly decision: PrivacyDecision
    readonly reason?: string | undefined
    readonly reply: string
    readonly replyVia: NonNullable<PrivacyCase['replyVia']>
    readonly by: string
    readonly at: string
  },
): Promise<PrivacyCase | undefined> {
  const forget = current.erasure !== undefined
  const values: Record<string, unknown> = {
    ':decision': answer.decision,
    ':via': answer.replyVia,
    ':by': answer.by,
    ':at': answer.at,
    ':closed': 'closed',
    ':open': 'open',
    ':version': current.version,
    ':next': current.version + 1,
    ...(answer.reason ? { ':reason': answer.reason } : {}),
    ...(forget ? {} : { ':reply': answer.reply }),
  }
  const sets = [
    'decision = :decision',
    'replyVia = :via',
    'closedBy = :by',
    'closedAt = :at',
    '#status = :closed',
    'version = :next',
    ...(answer.reason ? ['reason = :reason'] : []),
    ...(forget ? [] : ['reply = :reply']),
  ]
  const removes = forget ? personalCaseFields : []
  const updated = await updateIf({
    TableName: contentTable(),
    Key: caseKey(current.id),
    // Named (#name): `name` is one of DynamoDB's reserved words.
    UpdateExpression: setAndRemove(
      sets,
      removes.map((field) => `#${field}`),
    ),
    ConditionExpression: '#status = :open AND version = :version',
    ExpressionAttributeNames: {
      '#status': 'status',
      ...Object.fromEntries(removes.map((field) => [`#${field}`, field])),
    },
    ExpressionAttributeValues: values,
    ReturnValues: 'ALL_NEW',
  })
  return updated?.Attributes
    ? (withoutKey('content', updated.Attributes) as unknown as PrivacyCase)
    : undefined
}
