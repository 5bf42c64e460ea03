import { createHmac } from 'node:crypto'
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { exportKinds } from '@core/exports'
import { idempotencyKeyHeader } from '@core/lead-protection'
import { maxPushSubscriptionsPerUser } from '@core/push-subscription'
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda'
import { mockClient } from 'aws-sdk-client-mock'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetRefusalAuditMemory } from '../../../functions/lib/audit-http'
import { hashPassword, setDecoyScryptParamsForTests } from '../../../functions/lib/auth/passwords'
import { resetSessionCache } from '../../../functions/lib/auth/sessions'
import { newTotpSecret, totpCode } from '../../../functions/lib/auth/totp'
import { awsRequest } from '../../../functions/lib/aws-request'
import { adminPartition } from '../../../functions/lib/db/admin-users'
import { auditPartition } from '../../../functions/lib/db/audit'
import { counterPartition } from '../../../functions/lib/db/counters'
import { idempotencyPartition } from '../../../functions/lib/db/idempotency'
import {
  type DynamoAction,
  type PartitionTable,
  tablePartitions,
} from '../../../functions/lib/db/partition-access'
import { rateLimitPartition } from '../../../functions/lib/db/rate-limits'
import { currentDerivedKey, type DerivedKey } from '../../../functions/lib/privacy/keys'
import { signPrivacyLink } from '../../../functions/lib/privacy/links'
import { functionEnv, type TableName, tables } from '../../../functions/lib/store-definitions'
import { type ApiRoute, type RouteId, routes } from '../../../functions/routes'
import { faultError } from '../../support/aws-faults'
import { apiEvent, lambdaContext } from '../../support/events'
import { validPushSubscription } from '../../support/fake-push-service'
import { storedCodeItem } from '../../support/one-time-code'
import { routeHandler } from '../../support/route-calls'
import { validCall } from '../../support/route-fixtures'
import { s3StandIn, s3ThenReal } from '../../support/s3-requests'
import { adminAuthorization } from '../../support/tokens'
import {
  entryOf,
  storedContactItem,
  storedPrivacyCaseItem,
  storedQuoteItem,
  storedVisit,
  validVisitBooking,
} from '../../support/workspace'

/**
 * S3's calls are signed requests (functions/lib/bucket-request.ts): answered in place of awsRequest, an
 * erasure's listing with an empty exports bucket. The other services' signed requests are sent as they are.
 */
vi.mock('../../../functions/lib/aws-request', async (original) => ({
  ...(await original<typeof import('../../../functions/lib/aws-request')>()),
  awsRequest: vi.fn(),
}))
const s3 = s3StandIn()
const awsRequestOrS3 = await s3ThenReal(s3)

/**
 * Least privilege per partition: each handler runs on a fake DynamoDB that records every command it sends,
 * along every path a failed condition opens (a retried lead, a full rate-limit window, a subscribed
 * address); then what it did (table, partition of every key, IAM action) must be exactly what its route
 * declares in functions/routes.ts `access`. A call outside the declaration is a grant missing in the cloud
 * (AccessDenied there, never seen locally); a declared action no path uses is an excess grant.
 */
type Handler = (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>

const password = 'a long test password'
let passwordHash: string
/** The key the stored one-time codes are hashed with (functions/lib/db/one-time-codes.ts). */
let codeKey: DerivedKey
let authorization: Record<string, string>

interface Scenario {
  readonly name: string
  readonly body?: unknown
  readonly headers?: Record<string, string>
  readonly pathParameters?: Record<string, string>
  readonly query?: Record<string, string>
  /** The sign-in records say the username is locked out. */
  readonly locked?: boolean
  /** No such admin user. */
  readonly unknownUser?: boolean
  /** The user is enrolled in MFA (the body carries the current code). */
  readonly mfa?: boolean
  /** The user has started an MFA enrolment, not confirmed yet (the body carries the current code). */
  readonly pendingMfa?: boolean
  /** The role stored on the user record (an owner's by default). */
  readonly role?: string
  /** The stored lead the lead routes find (its own item), and what its conditional update answers. */
  readonly lead?: {
    readonly item: { pk: string } & Record<string, unknown>
    readonly after?: Record<string, unknown>
  }
  /** The body without JSON: a form (the one-click link's), as sent with its content type. */
  readonly rawBody?: string
  /** The person has a quote and a contact message (their phone and e-mail entries find them). */
  readonly personLeads?: boolean
  /** The stored one-time code (the choices routes), e-mailed as `privacy.code`. */
  readonly storedCode?: boolean
  /** The stored privacy case the rights desk's routes find. */
  readonly privacyCase?: Record<string, unknown>
  /** The one-time code the stored code item holds (so that this code is accepted). */
  readonly oneTimeCode?: string
}

/**
 * What the choices routes need that their fixtures cannot hold: links signed with the tests' consent key, for
 * an address and for a number, and the stored item of a code e-mailed to the fixture's address (its HMAC
 * under the key derived for codes, functions/lib/db/one-time-codes.ts).
 */
const privacy = {
  emailLink: '',
  phoneLink: '',
  keepLink: '',
  code: '246810',
  codeItem: {} as Record<string, unknown>,
}

/** The MFA secret of the enrolled scenario. */
const mfaSecret = newTotpSecret()

const existingId = '0190c0de-0000-7000-8000-000000000001'
const login = (body: unknown, more: Partial<Scenario> = {}): Scenario => ({ name: 'login', body, ...more })

/** A filter of the inbox per partition it reads (functions/lib/db/inbox.ts), as `name=value`. */
const inboxFilters = [
  'status=won',
  'segment=housing',
  'assignee=asha',
  'assignee=me',
  'assignee=none',
  'waiting=1',
  'due=today',
  'due=overdue',
  'source=manual',
  'source=google',
  'q=a@example.com',
  'q=98765 43210',
  'q=500081',
  'q=SE-7K3P9',
  'q=ravi',
]

/** A route's valid call (its fixture, test/support/route-fixtures.ts) as a scenario, with `more` of its own. */
const valid = (id: RouteId, more: Partial<Scenario> = {}): Scenario => ({
  name: 'its valid call',
  ...validCall(id),
  ...more,
})

const openPrivacyCase = storedPrivacyCaseItem

/** Inputs that drive a route down each of its paths, where it has more than its valid call (scenariosOf). */
const scenarios: Partial<Record<RouteId, readonly Scenario[]>> = {
  'create-contact': [
    valid('create-contact', { name: 'with a key', headers: { [idempotencyKeyHeader]: 'access-key-0001' } }),
    valid('create-contact', { name: 'without a key' }),
    valid('create-contact', {
      name: 'with the newsletter box ticked: a pending signup',
      body: { ...validCall('create-contact').body, newsletterOffers: true },
    }),
  ],
  'create-quote': [
    valid('create-quote', { name: 'with a key', headers: { [idempotencyKeyHeader]: 'access-key-0002' } }),
    valid('create-quote', { name: 'without a key' }),
  ],
  'admin-create-lead': [
    valid('admin-create-lead', { name: 'a phone-in quote, the caller talking to them' }),
    valid('admin-create-lead', {
      name: 'a marketplace quote nobody has called: the rules and the clock',
      body: { ...validCall('admin-create-lead').body, channel: 'indiamart', contacted: false },
    }),
    valid('admin-create-lead', {
      name: 'a referral contact with an e-mail nobody has called',
      body: {
        kind: 'contact',
        channel: 'referral',
        name: 'Kiran Shah',
        phone: '080 4123 4567',
        email: 'kiran@example.com',
        contacted: false,
      },
    }),
  ],
  'admin-login': [
    valid('admin-login', { name: 'login' }),
    login({ username: 'asha', password: 'a wrong password' }),
    login({ username: 'nobody', password }, { unknownUser: true }),
    valid('admin-login', { name: 'login', locked: true }),
    // The code of the moment the scenario runs (a getter: the exploration takes longer than a time step).
    {
      name: 'login',
      get body() {
        return { username: 'asha', password, code: totpCode(mfaSecret) }
      },
      mfa: true,
    },
    login({ username: 'asha', password, code: 'abcde-fghjk' }, { mfa: true }),
  ],
  'admin-mfa-confirm': [
    {
      name: 'a pending enrolment',
      get body() {
        return { code: totpCode(mfaSecret) }
      },
      pendingMfa: true,
    },
  ],
  'admin-export-kind': exportKinds.map((kind) =>
    valid('admin-export-kind', { name: kind, pathParameters: { kind } }),
  ),
  'admin-list-leads': [
    valid('admin-list-leads', { name: 'every lead' }),
    ...inboxFilters.map((filter) =>
      valid('admin-list-leads', { name: filter, query: Object.fromEntries([filter.split('=')]) }),
    ),
  ],
  // The view's export reads the partition the inbox reads for the same filters, in either format.
  'admin-export-leads': [
    valid('admin-export-leads', { name: 'every lead as xlsx', pathParameters: { format: 'xlsx' } }),
    ...inboxFilters.map((filter) =>
      valid('admin-export-leads', {
        name: `${filter} as csv`,
        pathParameters: { format: 'csv' },
        query: Object.fromEntries([filter.split('=')]),
      }),
    ),
  ],
  'privacy-create-request': [
    valid('privacy-create-request', { name: 'the right code', oneTimeCode: '123456' }),
    valid('privacy-create-request', { name: 'a wrong code', oneTimeCode: '654321' }),
    valid('privacy-create-request', { name: 'no code sent' }),
  ],
  'admin-get-privacy-case': [valid('admin-get-privacy-case', { privacyCase: openPrivacyCase })],
  'admin-reply-privacy-case': [
    valid('admin-reply-privacy-case', { name: 'an open case', privacyCase: openPrivacyCase }),
    valid('admin-reply-privacy-case', {
      name: 'an erased case, answered by phone',
      privacyCase: { ...openPrivacyCase, email: undefined, phone: '+91 98765 43210', erasure: {} },
    }),
  ],
  'admin-withdraw-privacy-case': [
    valid('admin-withdraw-privacy-case', { privacyCase: openPrivacyCase, personLeads: true }),
  ],
  'admin-erase-privacy-case': [
    valid('admin-erase-privacy-case', { privacyCase: openPrivacyCase, personLeads: true }),
    valid('admin-erase-privacy-case', {
      name: 'an open lead, unconfirmed',
      body: {},
      privacyCase: openPrivacyCase,
      personLeads: true,
    }),
  ],
  'admin-get-lead': [
    valid('admin-get-lead', { name: 'a quote', lead: { item: storedQuoteItem } }),
    valid('admin-get-lead', { name: 'a contact', lead: { item: storedContactItem } }),
  ],
  'admin-update-lead': [
    valid('admin-update-lead', {
      // Assigned with a follow-up: both entries go, the status entry moves.
      name: 'a quote unassigned',
      body: { version: 1, status: 'site-visit', assignee: null, followUpOn: null },
      lead: {
        item: storedQuoteItem,
        after: { assignee: undefined, followUpOn: undefined, status: 'site-visit' },
      },
    }),
    valid('admin-update-lead', {
      name: 'a contact assigned with a follow-up',
      body: { version: 0, assignee: 'asha', followUpOn: '2026-12-01' },
      lead: { item: storedContactItem, after: { assignee: 'asha', followUpOn: '2026-12-01', version: 1 } },
    }),
    valid('admin-update-lead', {
      // A lead moved on from `new` by hand leaves the response clock's waiting list.
      name: 'a new contact moved to contacted',
      body: { version: 0, status: 'contacted' },
      lead: {
        item: { ...storedContactItem, clockStartedAt: storedContactItem.createdAt },
        after: { status: 'contacted', version: 1 },
      },
    }),
  ],
  // Both reads find the scenario's lead, so each scenario touches one partition; writes that answer it
  // closed as merged delete the entries it had, the others rewrite them (a contact's e-mail, a quote's
  // segment, PIN and follow-up), and a contact's running clock stops.
  'admin-merge-leads': (['quote', 'contact'] as const).flatMap((kind) => {
    const item =
      kind === 'quote'
        ? storedQuoteItem
        : { ...storedContactItem, clockStartedAt: storedContactItem.createdAt }
    return [
      valid('admin-merge-leads', { name: `into a ${kind}`, lead: { item } }),
      valid('admin-merge-leads', {
        name: `into a ${kind}, answered as merged`,
        lead: { item, after: { mergedInto: '0190c0de-0000-7000-8000-000000000002' } },
      }),
    ]
  }),
  'admin-add-lead-note': [
    valid('admin-add-lead-note', { name: 'on a quote', lead: { item: storedQuoteItem } }),
    valid('admin-add-lead-note', { name: 'on a contact', lead: { item: storedContactItem } }),
  ],
  'admin-add-lead-attempt': [
    valid('admin-add-lead-attempt', {
      // The status and the follow-up move: their entries go, the counters move.
      name: 'a call with its next step on a quote',
      get body() {
        return {
          channel: 'call',
          outcome: 'connected',
          status: 'site-visit',
          followUpAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        }
      },
      lead: { item: storedQuoteItem, after: { status: 'site-visit', version: 2, followUpOn: '2099-01-01' } },
    }),
    valid('admin-add-lead-attempt', {
      name: 'a WhatsApp message on a contact',
      lead: { item: storedContactItem },
    }),
    valid('admin-add-lead-attempt', {
      // The first attempt on a lead whose response clock runs takes it off the waiting list.
      name: 'the first attempt on a quote waiting for its first contact',
      lead: { item: { ...storedQuoteItem, clockStartedAt: storedQuoteItem.createdAt } },
    }),
  ],
  // A booking moves the lead to Site visit (its status entry moves, the counters move) and adds the visit's
  // entry; a reschedule moves that entry, a cancellation deletes it; the calendar file reads the lead.
  'admin-book-visit': [
    valid('admin-book-visit', {
      name: 'on a quote',
      lead: { item: storedQuoteItem, after: { status: 'site-visit', version: 2 } },
    }),
    valid('admin-book-visit', {
      name: 'on a contact',
      lead: { item: storedContactItem, after: { status: 'site-visit', version: 1 } },
    }),
  ],
  'admin-change-visit': [
    valid('admin-change-visit', {
      name: 'rescheduled on a quote',
      body: { ...validVisitBooking, action: 'reschedule', sequence: 0, slot: '14-16' },
      lead: { item: storedQuoteItem },
    }),
    valid('admin-change-visit', {
      name: 'cancelled on a contact',
      lead: { item: { ...storedContactItem, visits: [storedVisit] } },
    }),
  ],
  'admin-visit-calendar': [
    valid('admin-visit-calendar', { name: 'of a quote', lead: { item: storedQuoteItem } }),
    valid('admin-visit-calendar', {
      name: 'of a contact',
      lead: { item: { ...storedContactItem, visits: [storedVisit] } },
    }),
  ],
  'privacy-open-choices': [
    {
      name: 'the right code',
      get body() {
        return { email: 'asha@example.com', code: privacy.code }
      },
      storedCode: true,
    },
    { name: 'a wrong code', body: { email: 'asha@example.com', code: '000000' }, storedCode: true },
  ],
  'privacy-choices': [
    {
      name: 'a signed link',
      get body() {
        return { t: privacy.emailLink }
      },
    },
  ],
  'privacy-withdraw': [
    {
      name: "both consents, by an address's link",
      get body() {
        return { t: privacy.emailLink, purposes: ['whatsapp-updates', 'newsletter'] }
      },
      personLeads: true,
    },
    {
      name: "WhatsApp, by a number's link",
      get body() {
        return { t: privacy.phoneLink, purposes: ['whatsapp-updates'] }
      },
      personLeads: true,
    },
  ],
  'privacy-one-click': [
    {
      name: "an address's link",
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      get query() {
        return { t: privacy.emailLink }
      },
      personLeads: true,
    },
    {
      name: "a number's link",
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      get query() {
        return { t: privacy.phoneLink }
      },
      personLeads: true,
    },
  ],
  'privacy-keep': [
    {
      name: "a keep link for the contact's address",
      get body() {
        return { t: privacy.keepLink }
      },
      // Asked by the sweep, with a follow-up and a reference: every entry the touch rewrites.
      lead: {
        item: {
          ...storedContactItem,
          followUpOn: '2026-11-30',
          reference: 'SE-7K3P9',
          retentionAskedAt: '2027-12-01T03:30:00.000Z',
        },
        after: { updatedAt: '2027-12-03T10:00:00.000Z', retentionAskedAt: undefined },
      },
    },
  ],
}

/** A route's scenarios: its own, else its valid call (every route has a fixture). */
const scenariosOf = (id: RouteId): readonly Scenario[] => scenarios[id] ?? [valid(id)]

/** The IAM action of each document-client command. */
const commands = {
  GetItem: GetCommand,
  PutItem: PutCommand,
  UpdateItem: UpdateCommand,
  DeleteItem: DeleteCommand,
  Query: QueryCommand,
  BatchGetItem: BatchGetCommand,
  Scan: ScanCommand,
  BatchWriteItem: BatchWriteCommand,
  TransactWriteItems: TransactWriteCommand,
} as const
type CommandAction = keyof typeof commands

interface Call {
  readonly action: CommandAction
  readonly table: TableName
  /** The partition of every key the command touches. */
  readonly partitions: string[]
  readonly conditional: boolean
}

const tableOf = (name: string): TableName => {
  const found = (Object.keys(tables) as TableName[]).find((table) => tables[table].localName === name)
  if (!found) throw new Error(`A command on an unknown table: ${name}`)
  return found
}

/** The partition a Query reads: its key condition must be an equality on the partition key. */
function queriedPartition(input: Record<string, any>, table: TableName): string {
  const match = /^\s*(#?\w+)\s*=\s*(:\w+)/.exec(String(input.KeyConditionExpression ?? ''))
  const name = match?.[1]?.startsWith('#') ? input.ExpressionAttributeNames?.[match[1]] : match?.[1]
  if (!match || name !== tables[table].partitionKey) {
    throw new Error(`A Query without an equality on the partition key: ${input.KeyConditionExpression}`)
  }
  return String(input.ExpressionAttributeValues?.[match[2] ?? ''])
}

function callOf(action: CommandAction, input: Record<string, any>): Call[] {
  if (action === 'BatchGetItem') {
    return Object.entries(input.RequestItems ?? {}).map(([name, request]: [string, any]) => {
      const table = tableOf(name)
      return {
        action,
        table,
        partitions: request.Keys.map((key: Record<string, string>) => key[tables[table].partitionKey]),
        conditional: false,
      }
    })
  }
  const table = tableOf(String(input.TableName))
  const { partitionKey } = tables[table]
  const partitions =
    action === 'Query'
      ? [queriedPartition(input, table)]
      : action === 'PutItem'
        ? [input.Item?.[partitionKey]]
        : action === 'GetItem' || action === 'UpdateItem' || action === 'DeleteItem'
          ? [input.Key?.[partitionKey]]
          : []
  return [
    { action, table, partitions: partitions.map(String), conditional: Boolean(input.ConditionExpression) },
  ]
}

const document = mockClient(DynamoDBDocumentClient)

let log: Call[] = []
/** Indexes of the calls to fail with a failed condition in this run. */
let failing = new Set<number>()
let scenario: Scenario = { name: '' }

function answer(call: Call, input: Record<string, any>): unknown {
  const [partition] = call.partitions
  switch (call.action) {
    case 'GetItem':
      if (partition === 'PRIVACY') return scenario.privacyCase ? { Item: scenario.privacyCase } : {}
      if (partition === 'CODE' && scenario.oneTimeCode) {
        const sk = String(input.Key?.[tables.content.sortKey])
        const codeHash = createHmac('sha256', codeKey.bytes)
          .update(`${sk}#${scenario.oneTimeCode}`)
          .digest('base64url')
        return { Item: { codeHash, kid: codeKey.kid, tries: 0, validUntil: Date.now() + 60_000 } }
      }
      if (partition === 'ADMIN') {
        if (scenario.unknownUser) return {}
        return {
          Item: {
            username: 'asha',
            passwordHash,
            sessionVersion: 0,
            role: scenario.role ?? 'owner',
          },
        }
      }
      if (partition === 'MFA_SECRET') {
        if (scenario.mfa) return { Item: { secret: mfaSecret } }
        if (scenario.pendingMfa)
          return { Item: { pendingSecret: mfaSecret, pendingExpiresAt: Date.now() + 60_000 } }
        return {}
      }
      if (partition === 'IDEMPOTENCY') {
        return {
          Item: { leadId: '5d6c1b0e-0000-4000-8000-000000000001', leadCreatedAt: '2026-11-22T10:00:00.000Z' },
        }
      }
      if (partition === 'RATE_LIMIT') return { Item: { count: 5, windowEndsAt: Date.now() + 60_000 } }
      if (partition === 'NEWSLETTER') {
        return { Item: { email: 'asha@example.com', id: 'n1', createdAt: '2026-11-22T10:00:00.000Z' } }
      }
      if (partition === 'CODE' && scenario.storedCode) return { Item: privacy.codeItem }
      if (partition === 'INBOX#ID' && scenario.lead) return { Item: entryOf(scenario.lead.item) }
      if (scenario.lead && partition === scenario.lead.item.pk) return { Item: scenario.lead.item }
      return {}
    case 'UpdateItem':
      if (partition === 'JOB' || partition === 'RESOURCE')
        return { Attributes: { id: existingId, title: 'Edited' } }
      if (scenario.lead && partition === scenario.lead.item.pk) {
        const after = { ...scenario.lead.item, ...scenario.lead.after }
        for (const [name, value] of Object.entries(after)) if (value === undefined) delete after[name]
        return { Attributes: after }
      }
      return {}
    case 'Query':
      if (scenario.personLeads && (partition === 'INBOX#PHONE' || partition === 'INBOX#EMAIL')) {
        return {
          Items: (['quote', 'contact'] as const).map((kind, index) => ({
            pk: partition,
            sk: `98765#2026-11-2${index}T10:00:00.000Z#${kind}`,
            id: `0190c0de-0000-7000-8000-00000000010${index}`,
            kind,
            createdAt: `2026-11-2${index}T10:00:00.000Z`,
            status: 'new',
          })),
        }
      }
      // The person's quote (by phone), contact and signup (by e-mail): what an erasure finds and deletes.
      if (scenario.personLeads && partition === 'QUOTE') {
        return { Items: [{ ...storedQuoteItem, clockStartedAt: storedQuoteItem.createdAt }] }
      }
      if (scenario.personLeads && partition === 'CONTACT') return { Items: [storedContactItem] }
      // An entry of a lead erased before: the rebuild drops it.
      if (scenario.personLeads && (partition === 'INBOX' || partition === 'FIGURES')) {
        return {
          Items: [{ pk: partition, sk: '2026-01-01T00:00:00.000Z#0190c0de-0000-7000-8000-0000000000ff' }],
        }
      }
      if (scenario.personLeads && partition === 'NEWSLETTER') {
        return {
          Items: [
            {
              pk: partition,
              sk: 'asha@example.com',
              email: 'asha@example.com',
              id: 'n1',
              createdAt: '2026-11-22T10:00:00.000Z',
            },
          ],
        }
      }
      // A staff member with more devices than are kept: the oldest is dropped, a deleted user's all go.
      if (partition === 'PUSH') {
        return {
          Items: Array.from({ length: maxPushSubscriptionsPerUser + 1 }, (_, index) => ({
            pk: partition,
            sk: `asha#device${index}`,
            ...validPushSubscription(`https://push.example.com/send/${index}`),
            createdAt: `2026-11-2${index}T10:00:00.000Z`,
          })),
        }
      }
      return {
        Items: [{ pk: partition, sk: `2026-11-22T10:00:00.000Z#${existingId}`, id: existingId, count: 1 }],
        Count: 1,
      }
    case 'BatchGetItem':
      // The sales settings, with one colleague who may be given leads: a new lead is assigned (and the
      // round robin moves on), as in the cloud once a sales user exists.
      if (call.partitions.includes('SETTINGS')) {
        return {
          Responses: { [tables.content.localName]: [{ pk: 'SETTINGS', sk: 'SALES', 'staff#ravi': 'sales' }] },
        }
      }
      return {
        Responses: scenario.locked
          ? {
              [tables.content.localName]: call.partitions.map((pk) => ({
                pk,
                failures: 1000,
                windowStartedAt: Date.now(),
              })),
            }
          : {},
      }
    default:
      return {}
  }
}

beforeAll(async () => {
  // The per-client limit of the lead forms is on, as in the cloud (the unit tests' default is off).
  vi.stubEnv(functionEnv.leadRateLimit, '5/10m')
  // So is the per-user export limit of the export routes.
  vi.stubEnv(functionEnv.exportRateLimit, '10/10m')
  passwordHash = await hashPassword(password, { N: 1024, r: 8, p: 1 })
  codeKey = await currentDerivedKey('one-time-code')
  // An unknown user's decoy hash costs what the stored user's does, as in the cloud (at the test's cost).
  setDecoyScryptParamsForTests({ N: 1024, r: 8, p: 1 })
  // A token at the stored session version: each request reads the user record, as in the cloud.
  authorization = await adminAuthorization('asha', 0)
  privacy.emailLink = await signPrivacyLink('choices', 'email:asha@example.com')
  privacy.phoneLink = await signPrivacyLink('choices', 'phone:+91 98765 43210')
  privacy.keepLink = await signPrivacyLink('keep-request', 'email:asha@example.com', new Date(), {
    lead: String(storedContactItem.id),
  })
  privacy.codeItem = await storedCodeItem('email:asha@example.com', privacy.code)
})
afterAll(() => {
  setDecoyScryptParamsForTests()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})
beforeEach(() => {
  resetSessionCache()
  document.reset()
  s3.reset()
  for (const [action, Command] of Object.entries(commands)) {
    document.on(Command as typeof GetCommand).callsFake(async (input: Record<string, any>) => {
      const calls = callOf(action as CommandAction, input)
      const index = log.length
      log.push(...calls)
      if (failing.has(index)) throw faultError('conditional', 'dynamodb')
      const reply = answer(calls[0]!, input) as { Attributes?: Record<string, unknown> }
      // A change of a lead stamps its last change (`updatedAt = :now`), as DynamoDB's ALL_NEW reply shows: the
      // entries keyed by it (INBOX#RETAIN) move.
      const now = input.ExpressionAttributeValues?.[':now']
      if (reply?.Attributes && /\bupdatedAt = :now\b/.test(String(input.UpdateExpression)) && now) {
        return { ...reply, Attributes: { ...reply.Attributes, updatedAt: now } }
      }
      return reply
    })
  }
  vi.mocked(awsRequest).mockImplementation(awsRequestOrS3)
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

/** Runs the handler once, failing the conditions of `failures`; answers the calls it made. */
async function runOnce(handler: Handler, route: ApiRoute, failures: number[]): Promise<Call[]> {
  log = []
  failing = new Set(failures)
  resetRefusalAuditMemory()
  await handler(
    apiEvent(route.id as RouteId, {
      headers: { ...(route.auth === 'admin' ? authorization : {}), ...scenario.headers },
      ...(scenario.pathParameters ? { pathParameters: scenario.pathParameters } : {}),
      ...(scenario.query ? { query: scenario.query } : {}),
      ...(scenario.body === undefined ? {} : { body: scenario.body }),
      ...(scenario.rawBody === undefined ? {} : { rawBody: scenario.rawBody }),
    }),
    lambdaContext,
  )
  return log
}

/** Every call of every path: the happy one, then each path a failed condition opens (up to three deep). */
async function explore(handler: Handler, route: ApiRoute, failures: number[] = []): Promise<Call[]> {
  const calls = await runOnce(handler, route, failures)
  const seen = [...calls]
  if (failures.length >= 3) return seen
  const after = failures.at(-1) ?? -1
  for (const [index, call] of calls.entries()) {
    if (index <= after || !call.conditional) continue
    seen.push(...(await explore(handler, route, [...failures, index])))
  }
  return seen
}

/** `table partition action` for each partition of each call. */
const grantsOf = (calls: Call[]): Set<string> =>
  new Set(calls.flatMap((call) => call.partitions.map((pk) => `${call.table} ${pk} ${call.action}`)))

const declaredGrants = (route: ApiRoute): Set<string> => {
  const grants = new Set<string>()
  for (const table of Object.keys(tablePartitions) as PartitionTable[]) {
    for (const [partition, actions] of Object.entries(route.access[table] ?? {})) {
      for (const action of actions as readonly DynamoAction[]) grants.add(`${table} ${partition} ${action}`)
    }
  }
  return grants
}

describe('least privilege per partition: what each handler calls is exactly what its route declares', () => {
  // A sign-in checks a password hash on each path (the decoy's for an unknown user), and has
  // many conditional writes (attempt windows, the MFA cap, the code's step) to explore: a longer timeout.
  it.each(routes.map((route) => [route.id, route as ApiRoute] as const))(
    '%s',
    { timeout: 180_000 },
    async (id, route) => {
      const handler = await routeHandler(route)
      const calls: Call[] = []
      // Every admin route records a refused role or token (rate-limited per actor or network).
      const refusals: Scenario[] =
        route.auth === 'admin'
          ? [
              { name: 'a role that is none of the four', role: 'Viewer' },
              { name: 'a bad token', headers: { authorization: 'Bearer not.a.token' } },
            ]
          : []
      for (const entry of [...scenariosOf(id as RouteId), ...refusals]) {
        scenario = entry
        calls.push(...(await explore(handler, route)))
      }
      const used = grantsOf(calls)
      const declared = declaredGrants(route)
      const missing = [...used].filter((grant) => !declared.has(grant))
      const excess = [...declared].filter((grant) => !used.has(grant))
      expect(missing, 'called but not declared (denied in the cloud)').toEqual([])
      expect(excess, 'declared but never called (an excess grant)').toEqual([])
    },
  )

  it('declares only partitions the repositories write', () => {
    for (const route of routes as readonly ApiRoute[]) {
      for (const table of Object.keys(tablePartitions) as PartitionTable[]) {
        for (const partition of Object.keys(route.access[table] ?? {})) {
          expect(tablePartitions[table] as readonly string[], `${route.id} ${table}`).toContain(partition)
        }
      }
    }
  })

  it('names every partition constant of the repositories in the vocabulary', () => {
    const content = tablePartitions.content as readonly string[]
    for (const partition of [
      adminPartition,
      counterPartition,
      rateLimitPartition,
      idempotencyPartition,
      auditPartition,
    ]) {
      expect(content).toContain(partition)
    }
    expect(tablePartitions.leads as readonly string[]).toContain(counterPartition)
  })

  it('catches a call outside the declaration (the check itself)', () => {
    const route = routes.find((candidate) => candidate.id === 'list-jobs') as ApiRoute
    const stray = grantsOf([
      { action: 'GetItem', table: 'content', partitions: ['ADMIN'], conditional: false },
    ])
    expect([...stray].filter((grant) => !declaredGrants(route).has(grant))).toEqual(['content ADMIN GetItem'])
  })
})
