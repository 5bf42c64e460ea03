import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { type StaffRole, staffRoleLabels, staffRoles } from '@core/roles'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { refusalAuditLimit, resetRefusalAuditMemory } from '../../../functions/lib/audit-http'
import { hashPassword } from '../../../functions/lib/auth/passwords'
import { resetSessionCache } from '../../../functions/lib/auth/sessions'
import { awsRequest } from '../../../functions/lib/aws-request'
import { type ApiRoute, type RouteId, routes } from '../../../functions/routes'
import { faultError } from '../../support/aws-faults'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { routeHandler } from '../../support/route-calls'
import { validCall } from '../../support/route-fixtures'
import { s3StandIn, s3ThenReal } from '../../support/s3-requests'
import { adminAuthorization } from '../../support/tokens'
import { answerStoredLead } from '../../support/workspace'

/**
 * The role table: every admin route declares who may call it (functions/routes.ts `roles`), and its handler
 * refuses every other role with 403 and a message naming the role, before it reads the body or touches
 * anything but the session (and the audit trail, which records the refusal, a few per actor at most); a role
 * the route lists gets past the check. Deny by default: a stored role that is none of the four, or none at
 * all, is refused on every admin route.
 */
const adminRoutes = routes.filter((route) => route.auth === 'admin') as ApiRoute[]

/** The hash of the fixtures' password (test/support/route-fixtures.ts), at a test's cost. */
const testPasswordHash = hashPassword('a long test password', { N: 1024, r: 8, p: 1 })

const document = mockClient(DynamoDBDocumentClient)
const raw = mockClient(DynamoDBClient)

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

beforeEach(() => {
  vi.mocked(awsRequest).mockImplementation(awsRequestOrS3)
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  document.onAnyCommand().resolves({})
  answerStoredLead(document)
})
afterEach(() => {
  for (const mock of [document, raw, s3]) mock.reset()
  vi.mocked(awsRequest).mockReset()
  resetSessionCache()
  resetRefusalAuditMemory()
  vi.restoreAllMocks()
})

/**
 * Calls `route` as asha with `role` (from the session cache); with `storedRole`, asha's token is at version 0
 * of a stored record holding that value as its role (read through the store, as in the cloud).
 */
async function callAs(route: ApiRoute, role: StaffRole, storedRole?: { readonly role?: unknown }) {
  const handler = await routeHandler(route)
  if (storedRole) {
    document
      .on(GetCommand, { Key: { pk: 'ADMIN', sk: 'asha' } })
      .resolves({ Item: { pk: 'ADMIN', sk: 'asha', sessionVersion: 0, ...storedRole } })
  } else if (route.id === 'admin-change-password') {
    // The password change reads asha's record: the fixture's current password must match its hash.
    document.on(GetCommand, { Key: { pk: 'ADMIN', sk: 'asha' } }).resolves({
      Item: {
        pk: 'ADMIN',
        sk: 'asha',
        username: 'asha',
        sessionVersion: 0,
        role,
        passwordHash: await testPasswordHash,
      },
    })
  }
  // The route's valid call (its fixture): only the role can be what is refused.
  const event = apiEvent(route.id as RouteId, {
    ...validCall(route.id as RouteId),
    headers: await adminAuthorization('asha', storedRole ? 0 : undefined, role),
  })
  const result = await handler(event, lambdaContext)
  // Exports answer a file, not JSON.
  const isJson = String(result.headers?.['content-type'] ?? '').startsWith('application/json')
  return isJson ? parseResult(result) : { status: result.statusCode ?? 0, body: undefined }
}

/**
 * What the handler wrote, when all it did besides reading the session (ADMIN) was record a refusal: how many
 * RATE_LIMIT counts, and the `access-refused` audit entries (actor, role or detail, target); undefined when
 * it made any other call.
 */
function refusalRecordOnly() {
  const calls = document
    .calls()
    .map(({ args: [command] }) => command)
    .filter((command) => !(command instanceof GetCommand && command.input.Key?.pk === 'ADMIN'))
  const counts = calls.filter(
    (command) => command instanceof UpdateCommand && command.input.Key?.pk === 'RATE_LIMIT',
  )
  const entries = calls
    .filter((command) => command instanceof PutCommand && command.input.Item?.pk === 'AUDIT')
    .map((command) => (command as PutCommand).input.Item ?? {})
  if (counts.length + entries.length !== calls.length) return undefined
  return {
    counted: counts.length,
    entries: entries.map(({ actor, action, role, detail, target }) => {
      expect(action).toBe('access-refused')
      return { actor, target, ...(role ? { role } : {}), ...(detail ? { detail } : {}) }
    }),
  }
}

describe('the role table', () => {
  it('every admin route names its roles, and only roles that exist; public routes name none', () => {
    for (const route of routes as readonly ApiRoute[]) {
      if (route.auth === 'public') expect(route.roles, route.id).toBeUndefined()
      else {
        expect(route.roles?.length, route.id).toBeGreaterThan(0)
        for (const role of route.roles ?? []) expect(staffRoles, route.id).toContain(role)
        // An owner may do everything.
        expect(route.roles, route.id).toContain('owner')
      }
    }
  })

  it('keeps leads from editors and changes from viewers', () => {
    const may = (id: RouteId, role: StaffRole) =>
      (routes.find((route) => route.id === id) as ApiRoute).roles?.includes(role)
    for (const id of [
      'admin-list-leads',
      'admin-get-lead',
      'admin-list-quotes',
      'admin-export-kind',
      'admin-export-leads',
    ] as const) {
      expect(may(id, 'editor'), id).toBe(false)
    }
    for (const id of [
      'admin-update-lead',
      'admin-add-lead-note',
      'admin-add-lead-attempt',
      'admin-export-leads',
      'admin-create-job',
      'admin-upload',
    ] as const) {
      expect(may(id, 'viewer'), id).toBe(false)
    }
    expect(may('admin-update-lead', 'sales')).toBe(true)
    expect(may('admin-add-lead-attempt', 'sales')).toBe(true)
    expect(may('admin-add-lead-attempt', 'editor')).toBe(false)
    expect(may('admin-export-leads', 'sales')).toBe(true)
    expect(may('admin-create-job', 'editor')).toBe(true)
    expect(may('admin-list-users', 'editor')).toBe(false)
    expect(may('admin-activity', 'sales')).toBe(false)
    // Only owners unlock an account; everyone enrols their own MFA.
    for (const role of ['sales', 'editor', 'viewer'] as const)
      expect(may('admin-unlock-user', role)).toBe(false)
    for (const role of staffRoles) {
      expect(may('admin-mfa-enrol', role)).toBe(true)
      expect(may('admin-mfa-confirm', role)).toBe(true)
    }
  })

  describe.each(adminRoutes.map((route) => [route.id, route] as const))('%s', (_id, route) => {
    const refused = staffRoles.filter((role) => !route.roles?.includes(role))
    const allowed = staffRoles.filter((role) => route.roles?.includes(role))

    it.each(refused.map((role) => [role]))(
      'refuses %s with 403, having read only the session, and records the refusal',
      async (role) => {
        const reply = await callAs(route, role)
        expect(reply.status).toBe(403)
        expect(reply.body).toEqual({ error: expect.stringContaining(`(${staffRoleLabels[role]})`) })
        // The session state came from the cache the token helper filled: nothing was read, and the only
        // writes are the refusal's count (per actor) and its audit entry.
        expect(document.commandCalls(GetCommand)).toHaveLength(0)
        expect(refusalRecordOnly()).toEqual({
          counted: 1,
          entries: [{ actor: 'asha', role, target: route.id }],
        })
        expect(s3.requests).toHaveLength(0)
      },
    )

    it('refuses a stored role that is none of the four (`Viewer`) and a record without a role: 403, recorded', async () => {
      for (const stored of [{ role: 'Viewer' }, { role: 7 }, {}]) {
        document.reset()
        document.onAnyCommand().resolves({})
        resetSessionCache()
        const reply = await callAs(route, 'owner', stored)
        expect(reply.status, JSON.stringify(stored)).toBe(403)
        expect(reply.body).toEqual({ error: expect.stringContaining('no role') })
        const reads = document.commandCalls(GetCommand).map(({ args: [command] }) => command.input.Key)
        expect(reads).toEqual([{ pk: 'ADMIN', sk: 'asha' }])
        expect(refusalRecordOnly()).toEqual({
          counted: 1,
          entries: [{ actor: 'asha', detail: 'no role', target: route.id }],
        })
      }
    })

    it.each(allowed.map((role) => [role]))('lets %s past the role check', async (role) => {
      const reply = await callAs(route, role)
      expect(reply.status).not.toBe(403)
      expect(reply.status).not.toBe(401)
    })
  })
})

describe('refusals in the audit trail', () => {
  const route = adminRoutes.find((candidate) => candidate.id === 'admin-activity') as ApiRoute

  it(`records at most ${refusalAuditLimit.max} refusals of one actor per window, then none, and skips the store`, async () => {
    // The actor's window is full: the conditional counts fail, and the window is read with its end.
    document.on(UpdateCommand, { Key: { pk: 'RATE_LIMIT' } }).rejects(faultError('conditional', 'dynamodb'))
    document
      .on(GetCommand, { Key: { pk: 'RATE_LIMIT' } })
      .resolves({ Item: { count: refusalAuditLimit.max, windowEndsAt: Date.now() + 60_000 } })
    const first = await callAs(route, 'sales')
    expect(first.status).toBe(403)
    expect(document.commandCalls(PutCommand)).toHaveLength(0)
    const counted = document.calls().length
    expect(
      document.commandCalls(UpdateCommand).map(({ args: [command] }) => command.input.Key),
    ).toContainEqual({ pk: 'RATE_LIMIT', sk: 'audit-access-refused#asha' })
    // This instance now knows the window is full: the next refusal of the actor costs no call at all.
    const second = await callAs(route, 'sales')
    expect(second.status).toBe(403)
    expect(document.calls()).toHaveLength(counted)
  })

  it('refuses the call all the same when the count cannot be written (the entry is not recorded)', async () => {
    document.on(UpdateCommand, { Key: { pk: 'RATE_LIMIT' } }).rejects(faultError('throttling', 'dynamodb'))
    const reply = await callAs(route, 'sales')
    expect(reply.status).toBe(403)
    expect(document.commandCalls(PutCommand)).toHaveLength(0)
  })
})
