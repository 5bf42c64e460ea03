import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { S3Client } from '@aws-sdk/client-s3'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { type StaffRole, staffRoleLabels, staffRoles } from '@core/roles'
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetSessionCache } from '../../../functions/lib/auth/sessions'
import { type ApiRoute, type RouteId, routes } from '../../../functions/routes'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { adminAuthorization } from '../../support/tokens'
import { answerStoredLead, validLeadChange, validLeadNote } from '../../support/workspace'

/**
 * The role table: every admin route declares who may call it (functions/routes.ts `roles`), and its handler
 * refuses every other role with 403 and a message naming the role, before it reads the body or touches
 * anything but the session; a role the route lists gets past the check.
 */
type Handler = (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>
const handlerModules = import.meta.glob<{ handler: Handler }>('../../../functions/*/*.ts')
const adminRoutes = routes.filter((route) => route.auth === 'admin') as ApiRoute[]

const document = mockClient(DynamoDBDocumentClient)
const raw = mockClient(DynamoDBClient)
const s3 = mockClient(S3Client)

const bodies: Partial<Record<RouteId, unknown>> = {
  'admin-update-lead': validLeadChange,
  'admin-add-lead-note': validLeadNote,
}

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  document.onAnyCommand().resolves({})
  answerStoredLead(document)
})
afterEach(() => {
  for (const mock of [document, raw, s3]) mock.reset()
  resetSessionCache()
  vi.restoreAllMocks()
})

async function callAs(route: ApiRoute, role: StaffRole) {
  const handler = (await handlerModules[`../../../functions/${route.handler}.ts`]!()).handler
  const event = apiEvent(route.id as RouteId, {
    headers: await adminAuthorization('asha', undefined, role),
    pathParameters: { kind: 'quotes', format: 'csv', id: '0190c0de-0000-7000-8000-000000000001' },
    ...(bodies[route.id as RouteId] === undefined ? {} : { body: bodies[route.id as RouteId] }),
  })
  const result = await handler(event, lambdaContext)
  // Exports answer a file, not JSON.
  const isJson = String(result.headers?.['content-type'] ?? '').startsWith('application/json')
  return isJson ? parseResult(result) : { status: result.statusCode ?? 0, body: undefined }
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
      'admin-export-leads',
      'admin-create-job',
      'admin-upload',
    ] as const) {
      expect(may(id, 'viewer'), id).toBe(false)
    }
    expect(may('admin-update-lead', 'sales')).toBe(true)
    expect(may('admin-export-leads', 'sales')).toBe(true)
    expect(may('admin-create-job', 'editor')).toBe(true)
    expect(may('admin-list-users', 'editor')).toBe(false)
    expect(may('admin-activity', 'sales')).toBe(false)
  })

  describe.each(adminRoutes.map((route) => [route.id, route] as const))('%s', (_id, route) => {
    const refused = staffRoles.filter((role) => !route.roles?.includes(role))
    const allowed = staffRoles.filter((role) => route.roles?.includes(role))

    it.each(refused.map((role) => [role]))(
      'refuses %s with 403, having read only the session',
      async (role) => {
        const reply = await callAs(route, role)
        expect(reply.status).toBe(403)
        expect(reply.body).toEqual({ error: expect.stringContaining(`(${staffRoleLabels[role]})`) })
        // The session state came from the cache the token helper filled: nothing was read or written at all.
        expect(document.calls()).toHaveLength(0)
        expect(s3.calls()).toHaveLength(0)
      },
    )

    it.each(allowed.map((role) => [role]))('lets %s past the role check', async (role) => {
      const reply = await callAs(route, role)
      expect(reply.status).not.toBe(403)
      expect(reply.status).not.toBe(401)
    })
  })
})
