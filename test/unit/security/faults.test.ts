import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { idempotencyKeyHeader } from '@core/lead-protection'
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda'
import { mockClient } from 'aws-sdk-client-mock'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { hashPassword } from '../../../functions/lib/auth/passwords'
import { resetSessionCache } from '../../../functions/lib/auth/sessions'
import { issueToken } from '../../../functions/lib/auth/tokens'
import { newTotpSecret, totpCode } from '../../../functions/lib/auth/totp'
import { awsRequest } from '../../../functions/lib/aws-request'
import { isLeadStatKey } from '../../../functions/lib/db/lead-stats'
import { signPrivacyLink } from '../../../functions/lib/privacy/links'
import { functionEnv } from '../../../functions/lib/store-definitions'
import { type ApiRoute, type RouteId, routes } from '../../../functions/routes'
import { awsErrorDetail, type Fault, faultError, faults, type Service } from '../../support/aws-faults'
import { apiEvent, lambdaContext } from '../../support/events'
import { writeFigures } from '../../support/figures'
import { storedCodeItem } from '../../support/one-time-code'
import { routeHandler } from '../../support/route-calls'
import { validCall } from '../../support/route-fixtures'
import { awsReplyOf, s3RequestOf, s3Success } from '../../support/s3-requests'
import { storedPrivacyCaseItem, storedQuoteEntry, storedQuoteItem } from '../../support/workspace'

/**
 * Fault injection: every handler × each AWS call it makes × {throttling, 500, timeout, broken socket,
 * failed condition}. The handler runs once with every call succeeding to learn its calls; then once per call
 * and fault, with that call failing. Checked each time: the status (503 with Retry-After for a throttle, the
 * route's own answer for a failed condition, a plain 500 otherwise; a failed staff notification changes
 * nothing), no AWS detail in the body, no write issued after a failure that ends the request, every counter
 * update preceded by the successful write of what it counts, and no notification of a lead not stored.
 * Failed conditions lead to other calls (a read of the record that won); those are faulted in turn.
 */
type Handler = (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>

const password = 'a long test password'
const topicArn = 'arn:aws:sns:ap-south-1:123456789012:leads'
let passwordHash: string

interface Scenario {
  readonly name: string
  readonly body?: unknown
  readonly headers?: Record<string, string>
  readonly pathParameters?: Record<string, string>
  readonly query?: Record<string, string>
  /** The answer to a failed condition of a call (by call id), where it is not the 409 of a conflict. */
  readonly onConditional?: Readonly<Record<string, number | 'happy'>>
  /**
   * The answer to a failed condition decided from the calls of the run (`index` is the failed one), for
   * routes whose calls share ids but not answers; undefined falls back to onConditional.
   */
  readonly conditionalStatus?: (calls: readonly Call[], index: number) => number | 'happy' | undefined
  /** More attributes of the admin user record the store answers (asha, with the test password's hash). */
  readonly adminRecord?: Record<string, unknown>
  /** The user's MFA item (functions/lib/db/mfa-secrets.ts) the store answers; none by default. */
  readonly mfaItem?: Record<string, unknown>
  /** The status when every call succeeds. @default 2xx */
  readonly happyStatus?: number
  /** The body without JSON: a form (the one-click link's), sent with its content type. */
  readonly rawBody?: string
  /** The person's phone and e-mail entries find a quote and a contact message (the withdrawals). */
  readonly personLeads?: boolean
  /** Calls (by id) whose failure is logged and never answered: they follow the write the request is for. */
  readonly loggedCalls?: readonly string[]
  /** The person's other leads are the answer (a privacy case's summary, an erasure's confirmation): a failed read of them is answered. */
  readonly personLeadsAnswered?: boolean
  /** Settings of the function for this scenario alone (a sender of codes to mobile numbers). */
  readonly env?: Readonly<Record<string, string>>
}

/** The MFA secret of the scenario where asha is enrolled; each run sends the code of its own moment. */
const mfaSecret = newTotpSecret()

/** Claiming the TOTP code's time step, or spending a recovery code: a failed condition is a refused code. */
const isCodeClaim = (call: Call) =>
  (call.pk === 'MFA_STEP' || call.pk === 'MFA_SECRET') && call.command === 'Update'

/**
 * Sign-in (functions/lib/db/login-attempts.ts): each attempt record is a window counter. A failed condition
 * on its first step (start a window) goes on to the second (add one); a failed second step of a network's
 * attempts means they are used up (429); giving a slot back, or counting a failure for the slow-down, ignores
 * a failed condition.
 */
const loginConditional = (calls: readonly Call[], index: number): number | 'happy' => {
  const call = calls[index]!
  // The code's time step was claimed already (a replayed code), or the recovery code was used already:
  // refused like a wrong code.
  if (isCodeClaim(call)) return 401
  const previous = calls[index - 1]
  const secondStep = previous?.id === call.id && previous.failed
  if (secondStep && (call.pk === 'LOGIN#NET' || call.pk === 'LOGIN#USERNET')) return 429
  // After a refused code, the rest of the path ends in that 401 whatever else fails its condition.
  const codeRefused = calls.slice(0, index).some((earlier) => isCodeClaim(earlier) && earlier.failed)
  return codeRefused ? 401 : 'happy'
}

const existingId = '0190c0de-0000-7000-8000-000000000001'

/**
 * The choices routes: a window's first step failing goes on to its second, and the second failing means the
 * window is full (429); a code changed meanwhile (tried or used in parallel) is refused as used (400); a
 * ledger entry already there, or a lead gone, changes nothing.
 */
const privacyConditional = (calls: readonly Call[], index: number): number | 'happy' => {
  const call = calls[index]!
  const previous = calls[index - 1]
  if (call.pk === 'RATE_LIMIT') return previous?.id === call.id && previous.failed ? 429 : 'happy'
  if (call.pk === 'CODE') return 400
  return 'happy'
}

/**
 * What the choices routes need that their fixtures cannot hold: a link signed with the tests' consent key,
 * and the stored item of a code e-mailed to the fixture's address (its HMAC under the key derived for codes,
 * functions/lib/db/one-time-codes.ts).
 */
const privacy = {
  emailLink: '',
  keepLink: '',
  code: '246810',
  codeItem: {} as Record<string, unknown>,
  /** The same code sent to the fixture's mobile number by SMS. */
  phoneCodeItem: {} as Record<string, unknown>,
}
/** A mobile number on the choices page, and the SMS sender its code goes by where one is set. */
const privacyPhone = '+91 98765 43210'
const smsSender = {
  [functionEnv.smsSender]: 'sns',
  [functionEnv.smsDltEntityId]: '1201160000000000001',
  [functionEnv.smsDltTemplateId]: '1207160000000000002',
  [functionEnv.smsSenderId]: 'SURYOD',
}
/** An upload named by a resource; a deleted resource takes it with it (DeleteObject, CreateInvalidation). */
const uploadedKey = 'resources/1767225600000-guide.pdf'
const leadConditional: Readonly<Record<string, number | 'happy'>> = {
  // The window was already open (or ended): the second step of the limit counts the request.
  'dynamodb:Update:content:RATE_LIMIT': 'happy',
  // ... and when that fails too, the window is full: 429 with Retry-After.
  'dynamodb:Update:content:RATE_LIMIT#2': 429,
  // The key was claimed before: the lead is written under the identity of that claim.
  'dynamodb:Put:content:IDEMPOTENCY': 'happy',
}

/** A route's valid call (its fixture, test/support/route-fixtures.ts) as a scenario, with `more` of its own. */
const valid = (id: RouteId, more: Partial<Scenario> = {}): Scenario => ({
  name: 'its valid call',
  ...validCall(id),
  ...more,
})

/**
 * How to drive a route past validation to its AWS calls, where it has paths of its own (a retried form, a
 * wrong password, an MFA code) or answers a failed condition its own way; every other route runs its valid
 * call (scenariosOf).
 */
const scenarios: Partial<Record<RouteId, readonly Scenario[]>> = {
  'create-contact': [
    valid('create-contact', {
      name: 'with an idempotency key',
      headers: { [idempotencyKeyHeader]: 'fault-key-0001' },
      onConditional: { ...leadConditional, 'dynamodb:Put:leads:CONTACT': 200 },
    }),
    valid('create-contact', { name: 'without a key', onConditional: leadConditional }),
  ],
  'create-quote': [
    valid('create-quote', {
      name: 'with an idempotency key',
      headers: { [idempotencyKeyHeader]: 'fault-key-0002' },
      onConditional: { ...leadConditional, 'dynamodb:Put:leads:QUOTE': 200 },
    }),
    valid('create-quote', { name: 'without a key', onConditional: leadConditional }),
  ],
  'subscribe-newsletter': [
    valid('subscribe-newsletter', {
      name: 'a new address',
      // The address is subscribed already: the same success, nothing counted.
      onConditional: { ...leadConditional, 'dynamodb:Put:leads:NEWSLETTER': 200 },
    }),
  ],
  'confirm-newsletter': [
    valid('confirm-newsletter', {
      name: 'a pending signup',
      // The signup changed after it was read (the store answers it pending again): refused, nothing written.
      onConditional: { ...leadConditional, 'dynamodb:Update:leads:NEWSLETTER': 400 },
    }),
  ],
  'privacy-codes': [
    valid('privacy-codes', { name: 'an address', conditionalStatus: privacyConditional }),
    // No SMS sender (the default): the owners are told to call the number back, a failure of which is logged.
    {
      name: 'a mobile number, called back',
      body: { phone: privacyPhone },
      conditionalStatus: privacyConditional,
    },
    // An SMS sender: the code's publish is what the request is for, so its failure is answered.
    {
      name: 'a mobile number, by SMS',
      body: { phone: privacyPhone },
      env: smsSender,
      conditionalStatus: privacyConditional,
    },
  ],
  'privacy-open-choices': [
    {
      name: 'the right code',
      get body() {
        return { email: 'asha@example.com', code: privacy.code }
      },
      conditionalStatus: privacyConditional,
    },
    {
      name: 'a wrong code',
      body: { email: 'asha@example.com', code: '000000' },
      happyStatus: 400,
      conditionalStatus: privacyConditional,
    },
    {
      name: "a mobile number's code",
      get body() {
        return { phone: privacyPhone, code: privacy.code }
      },
      conditionalStatus: privacyConditional,
    },
  ],
  'privacy-choices': [
    {
      name: 'a signed link',
      get body() {
        return { t: privacy.emailLink }
      },
      conditionalStatus: privacyConditional,
    },
  ],
  'privacy-withdraw': [
    {
      name: 'both consents',
      get body() {
        return { t: privacy.emailLink, purposes: ['whatsapp-updates', 'newsletter'] }
      },
      personLeads: true,
      conditionalStatus: privacyConditional,
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
      conditionalStatus: privacyConditional,
    },
  ],
  'privacy-keep': [
    {
      // The store's quote holds no address: the link's person is not its person, refused as gone (400).
      name: "a keep link for a lead without the link's address",
      get body() {
        return { t: privacy.keepLink }
      },
      happyStatus: 400,
      conditionalStatus: privacyConditional,
    },
  ],
  'admin-login': [
    valid('admin-login', { name: 'the right password', conditionalStatus: loginConditional }),
    {
      name: 'a wrong password',
      body: { username: 'asha', password: 'a wrong password' },
      happyStatus: 401,
      conditionalStatus: loginConditional,
    },
    {
      name: 'the right password and MFA code',
      get body() {
        return { username: 'asha', password, code: totpCode(mfaSecret) }
      },
      mfaItem: { secret: mfaSecret },
      conditionalStatus: loginConditional,
    },
    {
      name: 'the right password and a recovery code',
      body: { username: 'asha', password, code: 'abcde-fghjk' },
      mfaItem: { secret: mfaSecret },
      conditionalStatus: loginConditional,
    },
  ],
  // Already enrolled meanwhile: 409, nothing else written.
  'admin-mfa-enrol': [
    valid('admin-mfa-enrol', { onConditional: { 'dynamodb:Update:content:MFA_SECRET': 409 } }),
  ],
  'admin-mfa-confirm': [
    {
      name: 'a pending enrolment',
      get body() {
        return { code: totpCode(mfaSecret) }
      },
      mfaItem: { pendingSecret: mfaSecret, pendingExpiresAt: Date.now() + 60 * 60_000 },
      onConditional: {
        // The code's step was used already: 400. Confirmed or restarted meanwhile: 409. The user deleted
        // meanwhile: 403.
        'dynamodb:Update:content:MFA_STEP': 400,
        'dynamodb:Update:content:MFA_SECRET': 409,
        'dynamodb:Update:content:ADMIN': 403,
      },
    },
  ],
  'admin-unlock-user': [valid('admin-unlock-user', { name: 'a user' })],
  // The user was deleted meanwhile (the write's condition): 404, nothing recorded.
  'admin-update-user': [
    valid('admin-update-user', {
      onConditional: { 'dynamodb:Update:content:ADMIN': 404, 'dynamodb:Update:content:ADMIN#2': 404 },
    }),
  ],
  'admin-delete-user': [
    valid('admin-delete-user', { onConditional: { 'dynamodb:Delete:content:ADMIN': 404 } }),
  ],
  // Marking oneself away: no away map yet (its condition fails), so the second write makes it with the entry;
  // an owner's first save between the two (both fail) is met by trying both once more.
  'admin-set-away': [
    valid('admin-set-away', {
      onConditional: {
        'dynamodb:Update:content:SETTINGS': 'happy',
        'dynamodb:Update:content:SETTINGS#2': 'happy',
      },
    }),
    // Back when not marked away: nothing to clear, nothing recorded.
    valid('admin-set-away', {
      name: 'back',
      body: { away: false },
      onConditional: { 'dynamodb:Update:content:SETTINGS': 'happy' },
    }),
  ],
  // The user was deleted meanwhile: nothing to record, the token is refused anyway.
  'admin-logout': [valid('admin-logout', { onConditional: { 'dynamodb:Update:content:ADMIN': 'happy' } })],
  'admin-create-job': [valid('admin-create-job', { name: 'a job' })],
  'privacy-request-code': [
    valid('privacy-request-code', {
      // The person's window, then the network's: a second step failing after its own first is a full window.
      conditionalStatus: (calls, index) => {
        const previous = calls[index - 1]
        return previous?.id === calls[index]?.id && previous?.failed ? 429 : 'happy'
      },
    }),
  ],
  // The store holds no code for the fixture's: refused as used (the accepted code runs on dynalite).
  // The fake store holds no code for the fixture: the valid call is refused as a spent code (400), and so is
  // a code changed meanwhile (its conditional update or delete failing).
  'privacy-create-request': [
    valid('privacy-create-request', { happyStatus: 400, conditionalStatus: privacyConditional }),
  ],
  // A clashing reference: the case is stored under a new one.
  'admin-open-privacy-case': [
    valid('admin-open-privacy-case', {
      onConditional: { 'dynamodb:Put:content:PRIVACY': 'happy', 'dynamodb:Put:content:PRIVACY#2': 'happy' },
    }),
  ],
  // The person's leads are the summary, and decide whether an erasure needs a confirmation: a failed read of
  // them is answered (a summary without them would mislead).
  'admin-get-privacy-case': [valid('admin-get-privacy-case', { personLeadsAnswered: true })],
  'admin-erase-privacy-case': [valid('admin-erase-privacy-case', { personLeadsAnswered: true })],
  // A withdrawal through staff: the choices page's effects (a ledger entry already there, or a lead gone,
  // changes nothing) on the person's quote and contact message.
  'admin-withdraw-privacy-case': [
    valid('admin-withdraw-privacy-case', { personLeads: true, conditionalStatus: privacyConditional }),
  ],
  'admin-create-resource': [
    valid('admin-create-resource', { name: 'a resource' }),
    // The named upload is read back and its first bytes checked before the resource is stored.
    valid('admin-create-resource', {
      name: 'an uploaded file',
      body: { title: 'Guide', file_url: `/files/${uploadedKey}` },
    }),
  ],
  'admin-update-job': [
    valid('admin-update-job', {
      name: 'a job',
      body: { title: 'Site engineer', state: 'draft' },
      onConditional: { 'dynamodb:Update:content:JOB': 404 },
    }),
  ],
  'admin-update-resource': [
    valid('admin-update-resource', {
      name: 'an uploaded file',
      body: { title: 'Guide', file_url: `/files/${uploadedKey}` },
      onConditional: { 'dynamodb:Update:content:RESOURCE': 404 },
    }),
  ],
  'admin-delete-job': [
    valid('admin-delete-job', { name: 'a job', onConditional: { 'dynamodb:Delete:content:JOB': 404 } }),
  ],
  'admin-delete-resource': [
    valid('admin-delete-resource', {
      name: 'a resource',
      onConditional: { 'dynamodb:Delete:content:RESOURCE': 404 },
    }),
  ],
  'admin-export-kind': [valid('admin-export-kind', { name: 'quotes' })],
  'admin-export-leads': [
    valid('admin-export-leads', { name: 'a view as csv', query: { status: 'new' } }),
    valid('admin-export-leads', { name: 'every lead as xlsx', pathParameters: { format: 'xlsx' } }),
  ],
  'admin-upload': [valid('admin-upload', { name: 'a PDF' })],
  'admin-upload-url': [valid('admin-upload-url', { name: 'a large PDF' })],
  'admin-get-lead': [valid('admin-get-lead', { name: 'a lead' })],
  'admin-update-lead': [valid('admin-update-lead', { name: 'a status change' })],
  'admin-add-lead-attempt': [
    valid('admin-add-lead-attempt', {
      name: 'a WhatsApp message',
      // A colleague changed the lead meanwhile: the attempt is tried again on the fresh copy (three times in
      // all, then 409), and succeeds.
      onConditional: {
        'dynamodb:Update:leads:QUOTE': 'happy',
        'dynamodb:Update:leads:QUOTE#2': 'happy',
      },
    }),
  ],
  'admin-merge-leads': [
    valid('admin-merge-leads', {
      name: 'a merge',
      // The two deciding writes are made; the other's notes are copied after them, a failure logged.
      loggedCalls: ['dynamodb:Query:leads:TIMELINE', 'dynamodb:Put:leads:TIMELINE'],
    }),
  ],
  'admin-book-visit': [
    valid('admin-book-visit', {
      name: 'a visit',
      // A colleague changed the lead meanwhile: the booking is tried again on the fresh copy, and succeeds.
      onConditional: {
        'dynamodb:Update:leads:QUOTE': 'happy',
        'dynamodb:Update:leads:QUOTE#2': 'happy',
      },
    }),
  ],
  'admin-add-lead-note': [
    valid('admin-add-lead-note', {
      name: 'a note',
      // The note is stored first; keeping it as the lead's latest follows (an erased lead is not written back).
      loggedCalls: ['dynamodb:Update:leads:QUOTE'],
      onConditional: { 'dynamodb:Update:leads:QUOTE': 'happy' },
    }),
  ],
}

/** A route's scenarios: its own, else its valid call (every route has a fixture). */
const scenariosOf = (id: RouteId): readonly Scenario[] => scenarios[id] ?? [valid(id)]

/** One AWS call as the handler made it, and what the fake answered. */
interface Call {
  readonly id: string
  readonly service: Service
  readonly command: string
  readonly pk: string | undefined
  readonly sk: string | undefined
  readonly conditional: boolean
  readonly write: boolean
  /** Issued after a failure had been delivered to the handler. */
  readonly afterFailure: boolean
  failed: boolean
}

const document = mockClient(DynamoDBDocumentClient)
/**
 * S3's calls, SNS Publish and CloudFront's CreateInvalidation are each one signed request (functions/lib/aws-request.ts), not an SDK client:
 * faulted where aws-sdk-client-mock faults the clients, at the call (its retries spent), by replacing
 * awsRequest.
 */
vi.mock('../../../functions/lib/aws-request', async (original) => ({
  ...(await original<typeof import('../../../functions/lib/aws-request')>()),
  awsRequest: vi.fn(),
}))

let log: Call[] = []
/** The scenario's extra attributes of the admin user record (see Scenario.adminRecord). */
let adminRecord: Record<string, unknown> = {}
/** The scenario's person has leads (see Scenario.personLeads). */
let personLeads = false
/** The scenario's MFA item (see Scenario.mfaItem). */
let mfaItem: Record<string, unknown> | undefined
/** The calls to fail (by index): a failed condition first, perhaps, then the failure under test. */
let plan: { index: number; fault: Fault }[] = []
let failureDelivered = false

const writes = new Set([
  'Put',
  'Update',
  'Delete',
  'PutObject',
  'DeleteObject',
  'Publish',
  'PublishSms',
  'Subscribe',
  'Unsubscribe',
  'SetSubscriptionAttributes',
  'CreateInvalidation',
])

function keyOf(command: string, input: Record<string, any>): { pk?: string; sk?: string; table?: string } {
  if (command === 'BatchGet') {
    const table = Object.keys(input.RequestItems ?? {})[0]
    // The sign-in reads its attempt windows together; the lead forms read the sales settings.
    const first = table ? input.RequestItems[table]?.Keys?.[0]?.pk : undefined
    return { table, pk: first === 'SETTINGS' ? 'SETTINGS' : 'LOGIN' }
  }
  const key = input.Key ?? input.Item
  if (key) return { table: input.TableName, pk: key.pk, sk: key.sk }
  const values = Object.values(input.ExpressionAttributeValues ?? {})
  return { table: input.TableName, pk: String(values[0]) }
}

async function dispatch(service: Service, command: string, input: Record<string, any>): Promise<unknown> {
  const { table, pk, sk } = service === 'dynamodb' ? keyOf(command, input) : {}
  // A user's alert subscription (staff-subscriptions.ts) is read and recorded on the user's own record: named
  // apart from the change itself, whose failures are answered.
  const alerts = /alertSubscription/.test(
    `${input.ProjectionExpression ?? ''} ${input.UpdateExpression ?? ''}`,
  )
  const call: Call = {
    id:
      service === 'dynamodb'
        ? `${service}:${command}:${table}:${pk}${alerts ? ':alerts' : ''}`
        : `${service}:${command}`,
    service,
    command,
    pk,
    sk,
    conditional: Boolean(input.ConditionExpression),
    write: writes.has(command),
    afterFailure: failureDelivered,
    failed: false,
  }
  const index = log.length
  log.push(call)
  // Answer later, as a network would: calls issued together (Promise.all) are all issued before any answer.
  await new Promise((resolve) => setImmediate(resolve))
  const planned = plan.find((failure) => failure.index === index)
  if (planned) {
    call.failed = true
    // Only the last failure of the plan is the one that may end the request.
    if (planned === plan.at(-1)) failureDelivered = true
    throw faultError(planned.fault, service)
  }
  return happyAnswer(call)
}

function happyAnswer(call: Call): unknown {
  if (call.service === 'cloudfront') return { Invalidation: { Id: 'I1' } }
  if (call.service === 'sns') return { MessageId: 'message-1' }
  switch (call.command) {
    case 'Get':
      if (call.pk === 'ADMIN') {
        return {
          Item: { pk: 'ADMIN', sk: 'asha', username: 'asha', passwordHash, role: 'owner', ...adminRecord },
        }
      }
      if (call.pk === 'MFA_SECRET')
        return mfaItem ? { Item: { pk: 'MFA_SECRET', sk: 'asha', ...mfaItem } } : {}
      if (call.pk === 'IDEMPOTENCY') {
        return {
          Item: { leadId: '5d6c1b0e-0000-4000-8000-000000000001', leadCreatedAt: '2026-11-22T10:00:00.000Z' },
        }
      }
      if (call.pk === 'RATE_LIMIT') return { Item: { count: 5, windowEndsAt: Date.now() + 60_000 } }
      if (call.pk === 'LOGIN#NET' || call.pk === 'LOGIN#USERNET') {
        return { Item: { count: 5, windowEndsAt: Date.now() + 60_000 } }
      }
      if (call.pk === 'CODE')
        return { Item: call.sk === privacy.phoneCodeItem.sk ? privacy.phoneCodeItem : privacy.codeItem }
      if (call.pk === 'INBOX#ID') return { Item: storedQuoteEntry }
      if (call.pk === 'PRIVACY') return { Item: storedPrivacyCaseItem }
      if (call.pk === 'QUOTE') return { Item: storedQuoteItem }
      if (call.pk === 'NEWSLETTER') {
        return {
          Item: {
            pk: 'NEWSLETTER',
            sk: call.sk,
            email: call.sk,
            id: 'n1',
            createdAt: '2026-11-22T10:00:00.000Z',
          },
        }
      }
      return {}
    case 'Query':
      if (call.pk === 'COUNTER') return { Items: [{ pk: 'COUNTER', sk: 'QUOTE', count: 1 }] }
      if (personLeads && (call.pk === 'INBOX#PHONE' || call.pk === 'INBOX#EMAIL')) {
        return {
          Items: [
            { ...storedQuoteEntry, pk: call.pk, kind: 'quote' },
            { ...storedQuoteEntry, pk: call.pk, id: existingId, kind: 'contact' },
          ],
        }
      }
      return {
        Items: [{ pk: call.pk, sk: `2026-11-22T10:00:00.000Z#${existingId}`, id: existingId, name: 'Asha' }],
        Count: 1,
      }
    case 'BatchGet':
      // One colleague who may be given leads: a new lead is assigned and the round robin moves on.
      if (call.pk === 'SETTINGS')
        return {
          Responses: {
            // The table's name is the third part of the call's id.
            [String(call.id.split(':')[2])]: [{ pk: 'SETTINGS', sk: 'SALES', 'staff#ravi': 'sales' }],
          },
        }
      return { Responses: {} }
    case 'Update':
      if (call.pk === 'QUOTE') return { Attributes: { ...storedQuoteItem, status: 'site-visit', version: 2 } }
      if (call.pk === 'PRIVACY')
        return { Attributes: { ...storedPrivacyCaseItem, status: 'closed', version: 2 } }
      if (call.pk === 'JOB' || call.pk === 'RESOURCE') {
        return { Attributes: { pk: call.pk, sk: call.sk, id: existingId, title: 'Edited' } }
      }
      return {}
    case 'Delete':
      if (call.pk === 'RESOURCE') {
        return {
          Attributes: { pk: 'RESOURCE', sk: call.sk, id: existingId, file_url: `/files/${uploadedKey}` },
        }
      }
      return {}
    default:
      return {}
  }
}

const tally: Record<string, { calls: number; cases: number; byFault: Record<string, number> }> = {}

beforeAll(async () => {
  vi.stubEnv(functionEnv.leadRateLimit, '5/10m')
  vi.stubEnv(functionEnv.leadsTopicArn, topicArn)
  vi.stubEnv(functionEnv.filesDistributionId, 'E2EXAMPLE0FILES')
  passwordHash = await hashPassword(password, { N: 1024, r: 8, p: 1 })
  privacy.emailLink = await signPrivacyLink('choices', 'email:asha@example.com')
  privacy.keepLink = await signPrivacyLink('keep-request', 'email:asha@example.com', new Date(), {
    lead: String(storedQuoteItem.id),
  })
  privacy.codeItem = await storedCodeItem('email:asha@example.com', privacy.code)
  privacy.phoneCodeItem = await storedCodeItem(`phone:${privacyPhone}`, privacy.code)
})
afterAll(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  if (Object.keys(tally).length > 0) {
    const cases = Object.values(tally).reduce((sum, route) => sum + route.cases, 0)
    writeFigures('faults', { routes: Object.keys(tally).length, cases, perRoute: tally })
  }
})
beforeEach(() => {
  document.reset()
  vi.mocked(awsRequest).mockReset()
  for (const [name, Command] of Object.entries({
    Get: GetCommand,
    Put: PutCommand,
    Update: UpdateCommand,
    Delete: DeleteCommand,
    Query: QueryCommand,
    BatchGet: BatchGetCommand,
  })) {
    document.on(Command as typeof GetCommand).callsFake((input) => dispatch('dynamodb', name, input))
  }
  vi.mocked(awsRequest).mockImplementation(async (call) => {
    if (call.service === 'sns') {
      const form = Object.fromEntries(new URLSearchParams(String(call.body)))
      const action = form.Action ?? 'Publish'
      // A code's SMS to a number (functions/lib/privacy/phone-codes.ts), not a message to the staff topic.
      await dispatch('sns', form.PhoneNumber ? 'PublishSms' : action, form)
      const result =
        action === 'Subscribe'
          ? `<SubscribeResult><SubscriptionArn>${form.TopicArn}:s1</SubscriptionArn></SubscribeResult>`
          : ''
      return { statusCode: 200, headers: {}, body: `<${action}Response>${result}</${action}Response>` }
    }
    if (call.service === 's3') {
      // Every S3 call (functions/lib/bucket-request.ts), named as S3 names it.
      const request = s3RequestOf(call)
      await dispatch('s3', request.command, { path: call.path, query: call.query })
      // An upload's first bytes are a PDF's; the exports bucket holds one large export an erasure deletes.
      const stored =
        request.command === 'GetObject'
          ? { contentType: 'application/pdf', bytes: '%PDF-1.7\n' }
          : { keys: ['exports/1767225600000-ab12/quotes.csv'] }
      return awsReplyOf(s3Success(request, stored))
    }
    if (call.service !== 'cloudfront') throw new Error(`unexpected signed request to ${call.service}`)
    await dispatch('cloudfront', 'CreateInvalidation', { path: call.path, body: call.body })
    return { statusCode: 201, headers: {}, body: '<Invalidation><Id>I1</Id></Invalidation>' }
  })
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

interface Run {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: string
  readonly calls: Call[]
}

async function run(
  handler: Handler,
  route: ApiRoute,
  scenario: Scenario,
  failures: typeof plan = [],
): Promise<Run> {
  // A new token each run (a logout revokes the one it ran with), and the session read made afresh, so it is
  // faulted like every other call.
  const authorization = { authorization: `Bearer ${(await issueToken('asha', 0)).token}` }
  resetSessionCache()
  log = []
  adminRecord = scenario.adminRecord ?? {}
  personLeads = scenario.personLeads ?? false
  mfaItem = scenario.mfaItem
  plan = failures
  failureDelivered = false
  vi.mocked(console.error).mockClear()
  for (const [name, value] of Object.entries(scenario.env ?? {})) process.env[name] = value
  try {
    return await runWith(handler, route, scenario, authorization)
  } finally {
    for (const name of Object.keys(scenario.env ?? {})) delete process.env[name]
  }
}

async function runWith(
  handler: Handler,
  route: ApiRoute,
  scenario: Scenario,
  authorization: Record<string, string>,
): Promise<Run> {
  const event = apiEvent(route.id as RouteId, {
    headers: { ...(route.auth === 'admin' ? authorization : {}), ...scenario.headers },
    ...(scenario.pathParameters ? { pathParameters: scenario.pathParameters } : {}),
    ...(scenario.query ? { query: scenario.query } : {}),
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
    ...(scenario.rawBody === undefined ? {} : { rawBody: scenario.rawBody }),
  })
  const result = await handler(event, lambdaContext)
  return {
    status: result.statusCode ?? 0,
    headers: (result.headers ?? {}) as Record<string, string>,
    body: String(result.body ?? ''),
    calls: log,
  }
}

/** The status a fault at `call` (the `index`th of `calls`) must produce. */
/**
 * The answer of the path before call `index`: after an earlier failed condition, the status that failure leads
 * to (a refused confirmation, a retry's answer), else the happy path's.
 */
function statusSoFar(scenario: Scenario, happy: Run, calls: readonly Call[], index: number): number {
  const earlier = calls.slice(0, index).findLastIndex((candidate) => candidate.failed)
  const failed = calls[earlier]
  const status = failed
    ? (scenario.conditionalStatus?.(calls, earlier) ?? scenario.onConditional?.[failed.id])
    : undefined
  return status === undefined || status === 'happy' ? happy.status : status
}

function expectedStatus(
  call: Call,
  fault: Fault,
  scenario: Scenario,
  happy: Run,
  again: boolean,
  calls: readonly Call[],
  index: number,
): number {
  // A lead's inbox entries are rewritten after the lead is written; their failure is logged (writeEntries).
  if (call.pk?.startsWith('INBOX') && (call.command === 'Put' || call.command === 'Delete'))
    return happy.status
  if (scenario.loggedCalls?.includes(call.id) && fault !== 'conditional') return happy.status
  // The response-time figures follow the lead's write; their failure is logged (response-figures.ts).
  if (call.pk === 'FIGURES' && (call.command === 'Put' || call.command === 'Update')) return happy.status
  // A counter moves after the item is stored; its failure is logged, never answered (countAfterWrite).
  if (call.pk === 'COUNTER' && call.command === 'Update') return happy.status
  // The per-minute notification count comes after the lead is stored; its failure is logged, and the lead
  // is notified as usual.
  if (call.pk === 'NOTIFY' && call.command === 'Update') return happy.status
  // A new lead whose assignment rules cannot be read is stored unassigned; a round robin that does not move
  // on repeats a turn. Both are logged, never answered.
  const storesLead = happy.calls.some(
    (candidate) => candidate.command === 'Put' && ['QUOTE', 'CONTACT'].includes(String(candidate.pk)),
  )
  if (storesLead && call.pk === 'SETTINGS' && call.command === 'BatchGet') return happy.status
  if (call.pk === 'ROTATION' && call.command === 'Update') return happy.status
  // The same person's other leads (by phone and e-mail): a new lead without them is assigned by the rules
  // alone, a lead page shows without them. Logged, never answered; except for a withdrawal, which must reach
  // each of them, and a privacy case's summary or erasure, which must not act on a partial list: their failure
  // is answered, and the person or owner sends it again.
  if (
    (call.pk === 'INBOX#PHONE' || call.pk === 'INBOX#EMAIL') &&
    call.command === 'Query' &&
    !scenario.personLeads &&
    !scenario.personLeadsAnswered
  )
    return happy.status
  // A visitor's reference another lead holds: the lead tries its next one (lead-references.ts).
  if (call.pk === 'REFERENCE' && fault === 'conditional') return happy.status
  // A consent ledger entry already there is this one (a retry keys it the same): kept as it is, and the answer
  // is the one of the path so far (after the lead's own write found it stored already: that retry's answer).
  if (call.pk === 'CONSENT' && fault === 'conditional') return statusSoFar(scenario, happy, calls, index)
  // A deleted resource's file and its cached copy go after the resource; their failures are logged.
  if (call.command === 'DeleteObject' || call.service === 'cloudfront') return happy.status
  // A staff member's alert subscription follows the recorded change of their record: its failures are logged,
  // the change stands (staff-subscriptions.ts). A deletion reads it first, and a failed read stops the
  // deletion: a removed owner's subscription must not outlive them.
  const recorded = calls
    .slice(0, index)
    .some((earlier) => earlier.pk === 'AUDIT' && earlier.command === 'Put')
  // A code's SMS is what its request is for: a failure is answered (503 for SNS's throttle), and asked again.
  if (call.command === 'PublishSms') return fault === 'throttling' ? 503 : 500
  if ((call.id.endsWith(':alerts') && recorded) || (call.service === 'sns' && call.command !== 'Publish'))
    return happy.status
  // The audit entry of what was done, and a notification (of a stored lead; to the owners of an account
  // whose MFA step locked): their failure is logged, never answered (recordAudit, notify.ts). The answer is
  // the one of the path so far: after an earlier failed condition, the status that failure leads to.
  if (call.service === 'sns' || (call.pk === 'AUDIT' && call.command === 'Put'))
    return statusSoFar(scenario, happy, calls, index)
  if (fault === 'throttling') return 503
  if (fault === 'conditional') {
    const status =
      scenario.conditionalStatus?.(calls, index) ??
      scenario.onConditional?.[again ? `${call.id}#2` : call.id] ??
      409
    return status === 'happy' ? happy.status : status
  }
  return 500
}

const itemWriteOf = (counter: Call, calls: Call[], before: number) =>
  calls
    .slice(0, before)
    .some((call) =>
      isLeadStatKey(String(counter.sk))
        ? !call.failed &&
          ['QUOTE', 'CONTACT'].includes(String(call.pk)) &&
          (call.command === 'Put' || call.command === 'Update')
        : !call.failed &&
          ((call.command === 'Put' && call.pk === counter.sk) ||
            (call.command === 'Delete' && call.pk === counter.sk)),
    )

function checkRun(label: string, outcome: Run, expected: number): void {
  expect(outcome.status, `${label}: ${outcome.body}`).toBe(expected)
  if (expected === 503) expect(outcome.headers['retry-after'], label).toBe('1')
  if (expected === 429) expect(Number(outcome.headers['retry-after']), label).toBeGreaterThan(0)
  if (expected >= 500) {
    // A plain error: the generic message and the request id, nothing of the AWS error.
    const body = JSON.parse(outcome.body)
    expect(Object.keys(body).sort(), label).toEqual(['error', 'requestId'])
    expect(outcome.body, label).not.toMatch(awsErrorDetail)
    // The request ended at the failure: nothing was written after it.
    const late = outcome.calls.filter((call) => call.afterFailure && call.write)
    expect(
      late.map((call) => call.id),
      `${label}: writes after the failure`,
    ).toEqual([])
  }
  outcome.calls.forEach((call, index) => {
    // A counter moves only after the write of what it counts succeeded.
    if (call.pk === 'COUNTER' && call.command === 'Update') {
      expect(itemWriteOf(call, outcome.calls, index), `${label}: counter ${call.sk} without its item`).toBe(
        true,
      )
    }
    // Staff hear only of a lead that is stored, or of a change of it that is (a site visit's engineer); the
    // sign-in's notice to the owners, and the choices page's call-back to a number, are of no lead.
    if (
      call.service === 'sns' &&
      call.command === 'Publish' &&
      !label.startsWith('admin-login') &&
      !label.startsWith('privacy-codes')
    ) {
      const stored = outcome.calls
        .slice(0, index)
        .some(
          (earlier) =>
            (earlier.command === 'Put' || (earlier.command === 'Update' && label.includes('-visit'))) &&
            ['QUOTE', 'CONTACT'].includes(String(earlier.pk)) &&
            !earlier.failed,
        )
      expect(stored, `${label}: notification of a lead not stored`).toBe(true)
    }
  })
  // A retry of a stored lead (200) counts nothing and notifies nobody.
  const storesLead = outcome.calls.some(
    (call) => call.command === 'Put' && (call.pk === 'QUOTE' || call.pk === 'CONTACT'),
  )
  if (expected === 200 && storesLead) {
    expect(
      outcome.calls.filter((call) => call.pk === 'COUNTER' || call.service === 'sns'),
      label,
    ).toEqual([])
  }
}

describe('fault injection: every handler × each AWS call × each fault', () => {
  const cases = routes.flatMap((route) =>
    scenariosOf(route.id as RouteId).map(
      (scenario) => [`${route.id} (${scenario.name})`, route as ApiRoute, scenario] as const,
    ),
  )

  // The sign-in with an MFA code makes the most calls (attempt windows, the MFA cap, the code): more time.
  it.each(cases)('%s', { timeout: 30_000 }, async (label, route, scenario) => {
    const handler = await routeHandler(route)
    const happy = await run(handler, route, scenario)
    if (scenario.happyStatus) expect(happy.status, `${label} happy path`).toBe(scenario.happyStatus)
    else expect(happy.status, `${label} happy path: ${happy.body}`).toBeLessThan(300)
    expect(happy.calls.length, `${label} makes no AWS call`).toBeGreaterThan(0)
    tally[route.id] ??= { calls: 0, cases: 0, byFault: {} }
    const figures = tally[route.id]!
    figures.calls = Math.max(figures.calls, happy.calls.length)

    const inject = async (base: Run, prefix: string, earlier: { index: number; id: string } | undefined) => {
      for (const [index, call] of base.calls.entries()) {
        // Along the path of a failed condition, only the calls made after it are new.
        if (earlier && index <= earlier.index) continue
        for (const fault of faults) {
          if (fault === 'conditional' && !call.conditional) continue
          const failures = [
            ...(earlier ? [{ index: earlier.index, fault: 'conditional' as Fault }] : []),
            { index, fault },
          ]
          const outcome = await run(handler, route, scenario, failures)
          const where = `${prefix} call ${index + 1} ${call.id} ${fault}`
          expect(outcome.calls[index]?.id, `${where}: the calls before it changed`).toBe(call.id)
          checkRun(
            where,
            outcome,
            expectedStatus(call, fault, scenario, happy, earlier?.id === call.id, outcome.calls, index),
          )
          if (call.pk === 'COUNTER' && call.command === 'Update') {
            // The item is stored and answered; the missed count is logged for an alarm and the recount.
            const logged = vi.mocked(console.error).mock.calls.map((args) => String(args[0]))
            expect(
              logged.some((line) => line.includes('counter not updated')),
              where,
            ).toBe(true)
          }
          figures.cases += 1
          figures.byFault[fault] = (figures.byFault[fault] ?? 0) + 1
          // A failed condition sends the handler down another path: fault the calls of that path too.
          if (fault === 'conditional' && !earlier) await inject(outcome, `${where} →`, { index, id: call.id })
        }
      }
    }
    await inject(happy, label, undefined)
  })
})
