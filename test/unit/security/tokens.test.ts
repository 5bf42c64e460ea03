import { randomUUID } from 'node:crypto'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { SignJWT } from 'jose'
import { afterAll, afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { generatePassword, hashPassword } from '../../../functions/lib/auth/passwords'
import { rememberSessionState } from '../../../functions/lib/auth/sessions'
import {
  enrolmentOnlyMessage,
  enrolmentScope,
  issueToken,
  passwordChangeOnlyMessage,
  passwordChangeScope,
  resetSigningKey,
  tokenAudience,
  tokenIssuer,
} from '../../../functions/lib/auth/tokens'
import { newTotpSecret, totpCode } from '../../../functions/lib/auth/totp'
import { awsClientConfig } from '../../../functions/lib/aws-config'
import { awsRequest, setAwsRetryBackoff } from '../../../functions/lib/aws-request'
import { functionEnv } from '../../../functions/lib/store-definitions'
import { type ApiRoute, type RouteId, routes } from '../../../functions/routes'
import { eightBadTokens } from '../../support/bad-tokens'
import { testSigningSecret } from '../../support/env'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { startFakeSsm } from '../../support/fake-aws'
import { writeFigures } from '../../support/figures'
import { routeHandler } from '../../support/route-calls'
import { validCall } from '../../support/route-fixtures'
import { s3StandIn, s3ThenReal } from '../../support/s3-requests'
import { adminAuthorization, recordsRefusal } from '../../support/tokens'
import { answerStoredLead } from '../../support/workspace'

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
 * Bad tokens: every admin route of functions/routes.ts refuses each of the eight bad tokens with 401
 * before it touches any data (its only AWS calls record the refusal: a RATE_LIMIT count and one AUDIT
 * entry, functions/lib/audit-http.ts); a signing secret under 32 bytes makes every admin route (and the login) answer a
 * plain 500, with the reason in the log only.
 */

const adminRoutes = routes.filter((route) => route.auth === 'admin') as ApiRoute[]

/** Each admin route's valid call (its fixture), so that only the token can be what is refused. */
const eventFor = (route: ApiRoute, headers: Record<string, string>) => {
  const id = route.id as RouteId
  const call = validCall(id)
  return apiEvent(id, { ...call, headers, ...(bodiesNow[id] ? { body: bodiesNow[id] } : {}) })
}
/** A body of this moment (a TOTP code), taking the place of the fixture's for one call. */
const bodiesNow: Partial<Record<RouteId, unknown>> = {}

const document = mockClient(DynamoDBDocumentClient)
const dynamoRaw = mockClient(DynamoDBClient)
/** The SDK calls (no staff topic is configured here, so nothing is published to SNS). */
const awsCalls = () => document.calls().length + dynamoRaw.calls().length + s3.requests.length
/** The AWS calls besides recording a refused token (its RATE_LIMIT count and its `bad-token` AUDIT entry). */
const callsBesidesRefusalRecord = () =>
  awsCalls() - document.calls().filter(({ args: [command] }) => recordsRefusal(command)).length

const errorLog = vi.fn<(...data: unknown[]) => void>()
beforeEach(() => {
  errorLog.mockReset()
  vi.spyOn(console, 'error').mockImplementation(errorLog)
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  document.onAnyCommand().resolves({})
  vi.mocked(awsRequest).mockImplementation(awsRequestOrS3)
  rememberSessionState('asha', { sessionVersion: 0, revokedTokens: new Set(), role: 'owner' })
})
afterEach(() => {
  for (const mock of [document, dynamoRaw, s3]) mock.reset()
  vi.mocked(awsRequest).mockReset()
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  resetSigningKey()
})

/** The hash of the fixtures' password (test/support/route-fixtures.ts), at a test's cost. */
const testPasswordHash = hashPassword('a long test password', { N: 1024, r: 8, p: 1 })

const tally = { adminRoutes: adminRoutes.length, badTokensSent: 0, refusedWith401: 0 }
afterAll(() => {
  if (tally.badTokensSent > 0) writeFigures('tokens', tally)
})

describe('eight bad tokens on every admin route', async () => {
  const badTokens = await eightBadTokens()

  it('the eight are all there', () => {
    expect(Object.keys(badTokens).sort()).toEqual(
      [
        'HS512',
        'alg none',
        'bad signature',
        'expired',
        'future nbf',
        'no exp',
        'wrong audience',
        'wrong issuer',
      ].sort(),
    )
  })

  describe.each(adminRoutes.map((route) => [route.id, route] as const))('%s', (_id, route) => {
    it.each(Object.entries(badTokens))(
      'refuses a token with %s: 401, before any data access, and records it',
      async (_name, token) => {
        const handler = await routeHandler(route)
        const reply = parseResult(
          await handler(eventFor(route, { authorization: `Bearer ${token}` }), lambdaContext),
        )
        tally.badTokensSent += 1
        expect(reply.status).toBe(401)
        expect(reply.headers['www-authenticate']).toBe('Bearer')
        expect(reply.body).toEqual({
          error: expect.stringMatching(
            /^(Sign in to continue\.|Your session has expired\. Please sign in again\.)$/,
          ),
        })
        expect(callsBesidesRefusalRecord()).toBe(0)
        expect(
          document.commandCalls(PutCommand, { Item: { pk: 'AUDIT', action: 'bad-token' } }),
        ).toHaveLength(1)
        expect(errorLog).not.toHaveBeenCalled()
        tally.refusedWith401 += 1
      },
    )

    it('lets a valid token through (the control)', async () => {
      // An edited job or resource exists; the stored lead for the lead routes.
      document.on(UpdateCommand).resolves({ Attributes: { id: '0190c0de-0000-7000-8000-000000000001' } })
      answerStoredLead(document)
      // The user the unlock route finds (an owner: the engineer a site visit is booked for), and a pending MFA
      // enrolment the confirmation's code belongs to.
      // asha's record holds the test password's hash: the password change checks the current one.
      document.on(GetCommand, { Key: { pk: 'ADMIN', sk: 'asha' } }).resolves({
        Item: { username: 'asha', sessionVersion: 0, role: 'owner', passwordHash: await testPasswordHash },
      })
      const pendingSecret = newTotpSecret()
      document.on(GetCommand, { Key: { pk: 'MFA_SECRET', sk: 'asha' } }).resolves({
        Item: { pendingSecret, pendingExpiresAt: Date.now() + 60_000 },
      })
      if (route.id === 'admin-mfa-confirm') bodiesNow[route.id] = { code: totpCode(pendingSecret) }
      const handler = await routeHandler(route)
      const reply = await handler(eventFor(route, await adminAuthorization()), lambdaContext)
      delete bodiesNow['admin-mfa-confirm']
      expect(reply.statusCode).toBeLessThan(300)
    })
  })

  it('counted 8 refusals per admin route', () => {
    expect(tally.refusedWith401).toBe(8 * adminRoutes.length)
  })
})

describe('the enrolment-only token (a user whose role must use MFA, not enrolled yet)', () => {
  const enrolmentRoutes = adminRoutes.filter((route) => route.acceptsEnrolmentToken).map((route) => route.id)

  it('is accepted by the two enrolment routes only', () => {
    expect(enrolmentRoutes.sort()).toEqual(['admin-mfa-confirm', 'admin-mfa-enrol'])
  })

  it.each(
    adminRoutes.filter((route) => !route.acceptsEnrolmentToken).map((route) => [route.id, route] as const),
  )('is refused by %s with 401, before any data access', async (_id, route) => {
    rememberSessionState('asha', { sessionVersion: 0, revokedTokens: new Set(), role: 'sales' })
    const { token } = await issueToken('asha', 0, new Date(), enrolmentScope)
    const handler = await routeHandler(route)
    const reply = parseResult(
      await handler(eventFor(route, { authorization: `Bearer ${token}` }), lambdaContext),
    )
    expect(reply.status).toBe(401)
    expect(reply.body).toEqual({ error: enrolmentOnlyMessage })
    expect(callsBesidesRefusalRecord()).toBe(0)
  })

  it('lets the enrolment start with it', async () => {
    rememberSessionState('asha', { sessionVersion: 0, revokedTokens: new Set(), role: 'sales' })
    const { token } = await issueToken('asha', 0, new Date(), enrolmentScope)
    const route = adminRoutes.find((candidate) => candidate.id === 'admin-mfa-enrol')!
    const reply = parseResult(
      await (await routeHandler(route))(eventFor(route, { authorization: `Bearer ${token}` }), lambdaContext),
    )
    expect(reply.status).toBe(200)
    expect(reply.body.uri).toMatch(/^otpauth:\/\/totp\//)
  })

  it('is refused when its scope is another one', async () => {
    rememberSessionState('asha', { sessionVersion: 0, revokedTokens: new Set(), role: 'sales' })
    const signing = new TextEncoder().encode(testSigningSecret)
    const token = await new SignJWT({ ver: 0, scp: 'everything' })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(randomUUID())
      .setSubject('asha')
      .setIssuer(tokenIssuer)
      .setAudience(tokenAudience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(signing)
    const route = adminRoutes.find((candidate) => candidate.id === 'admin-mfa-enrol')!
    const reply = parseResult(
      await (await routeHandler(route))(eventFor(route, { authorization: `Bearer ${token}` }), lambdaContext),
    )
    expect(reply.status).toBe(401)
  })
})

describe('the password-change-only token (a user still holding a one-time password)', () => {
  const changeRoutes = adminRoutes
    .filter((route) => route.acceptsPasswordChangeToken)
    .map((route) => route.id)

  it('is accepted by the password change only', () => {
    expect(changeRoutes).toEqual(['admin-change-password'])
  })

  it.each(
    adminRoutes
      .filter((route) => !route.acceptsPasswordChangeToken)
      .map((route) => [route.id, route] as const),
  )('is refused by %s with 401, before any data access', async (_id, route) => {
    rememberSessionState('asha', { sessionVersion: 0, revokedTokens: new Set(), role: 'sales' })
    const { token } = await issueToken('asha', 0, new Date(), passwordChangeScope)
    const handler = await routeHandler(route)
    const reply = parseResult(
      await handler(eventFor(route, { authorization: `Bearer ${token}` }), lambdaContext),
    )
    expect(reply.status).toBe(401)
    expect(reply.body).toEqual({ error: passwordChangeOnlyMessage })
    expect(callsBesidesRefusalRecord()).toBe(0)
  })

  const changeRoute = adminRoutes.find((route) => route.id === 'admin-change-password')!
  const changeWith = async (token: string, body: unknown) =>
    parseResult(
      await (await routeHandler(changeRoute))(
        apiEvent('admin-change-password', { headers: { authorization: `Bearer ${token}` }, body }),
        lambdaContext,
      ),
    )
  const passwordWrites = () =>
    document.commandCalls(UpdateCommand).filter(({ args: [command] }) => command.input.Key?.pk === 'ADMIN')

  it('lets the one-time password be replaced without the current one, and answers a full session', async () => {
    rememberSessionState('asha', { sessionVersion: 1, revokedTokens: new Set(), role: 'sales' })
    document.on(GetCommand, { Key: { pk: 'ADMIN', sk: 'asha' } }).resolves({
      Item: {
        username: 'asha',
        sessionVersion: 1,
        role: 'sales',
        passwordHash: await testPasswordHash,
        passwordChangeRequired: true,
      },
    })
    document
      .on(UpdateCommand, { Key: { pk: 'ADMIN', sk: 'asha' } })
      .resolves({ Attributes: { sessionVersion: 2 } })
    const { token } = await issueToken('asha', 1, new Date(), passwordChangeScope)
    const reply = await changeWith(token, { password: 'my very own password' })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ username: 'asha', role: 'sales', token: expect.any(String) })
    expect(reply.body).not.toHaveProperty('passwordChangeRequired')
    const [write] = passwordWrites()
    expect(write?.args[0].input).toMatchObject({
      ConditionExpression: 'attribute_exists(#pk) AND passwordHash = :previous',
      ExpressionAttributeValues: { ':previous': await testPasswordHash, ':one': 1 },
    })
    expect(write?.args[0].input.UpdateExpression).toContain('REMOVE passwordChangeRequired')
    // The new token is at the raised version: a full session (the list of leads lets it in).
    rememberSessionState('asha', { sessionVersion: 2, revokedTokens: new Set(), role: 'sales' })
    const leads = adminRoutes.find((route) => route.id === 'admin-list-leads')!
    const listed = parseResult(
      await (await routeHandler(leads))(
        eventFor(leads, { authorization: `Bearer ${reply.body.token}` }),
        lambdaContext,
      ),
    )
    expect(listed.status).not.toBe(401)
  })

  it('refuses the one-time password itself as the new one, writing nothing', async () => {
    rememberSessionState('asha', { sessionVersion: 1, revokedTokens: new Set(), role: 'sales' })
    const oneTime = generatePassword()
    const passwordHash = await hashPassword(oneTime, { N: 1024, r: 8, p: 1 })
    document.on(GetCommand, { Key: { pk: 'ADMIN', sk: 'asha' } }).resolves({
      Item: {
        username: 'asha',
        sessionVersion: 1,
        role: 'sales',
        passwordHash,
        passwordChangeRequired: true,
      },
    })
    const { token } = await issueToken('asha', 1, new Date(), passwordChangeScope)
    const reply = await changeWith(token, { password: oneTime })
    expect(reply.status).toBe(400)
    expect(reply.body.fields).toEqual({ password: 'Choose a password other than the one you have now' })
    expect(passwordWrites()).toEqual([])
  })

  it('is refused after its expiry (15 minutes), writing nothing', async () => {
    rememberSessionState('asha', { sessionVersion: 1, revokedTokens: new Set(), role: 'sales' })
    const { token } = await issueToken('asha', 1, new Date(Date.now() - 16 * 60_000), passwordChangeScope)
    const reply = await changeWith(token, { password: 'my very own password' })
    expect(reply.status).toBe(401)
    expect(callsBesidesRefusalRecord()).toBe(0)
  })
})

/** A token signed with `secret`, otherwise valid (session version 0, which the cache says asha has). */
const signedWith = (secret: string) =>
  new SignJWT({ ver: 0 })
    .setJti(randomUUID())
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('asha')
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret))

const genericServerError = {
  error: 'Something went wrong on our side. Please try again.',
  requestId: 'aws-request-1',
}

describe('the signing secret must be at least 32 bytes', () => {
  // 31 bytes: in ASCII, and in 16 characters of which 15 take two bytes each.
  it.each([
    ['31 ASCII bytes', 'x'.repeat(31)],
    ['16 characters, 31 bytes', `${'é'.repeat(15)}x`],
    ['empty', ''],
  ])(
    'with %s every admin route answers a plain 500, logs why and calls no AWS service',
    async (_name, secret) => {
      vi.stubEnv(functionEnv.signingSecret, secret)
      // Empty means "not set": the function then looks for the secret's parameter, which is not set either.
      resetSigningKey()
      const token = await signedWith(secret || 'x')
      for (const route of adminRoutes) {
        const handler = await routeHandler(route)
        const reply = parseResult(
          await handler(eventFor(route, { authorization: `Bearer ${token}` }), lambdaContext),
        )
        expect(reply.status, route.id).toBe(500)
        expect(reply.body, route.id).toEqual(genericServerError)
      }
      expect(awsCalls()).toBe(0)
      expect(errorLog).toHaveBeenCalledTimes(adminRoutes.length)
      const logged = String(errorLog.mock.calls[0]?.[0])
      expect(logged).toMatch(secret ? /at least 32 bytes/ : /SIGNING_SECRET_PARAMETER/)
      expect(logged).not.toContain(secret || '\u0000')
    },
  )

  it('accepts exactly 32 bytes (16 two-byte characters)', async () => {
    const secret = 'é'.repeat(16)
    vi.stubEnv(functionEnv.signingSecret, secret)
    resetSigningKey()
    const route = adminRoutes.find((candidate) => candidate.id === 'admin-analytics')!
    const reply = parseResult(
      await (await routeHandler(route))(
        eventFor(route, { authorization: `Bearer ${await signedWith(secret)}` }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(200)
  })

  it('the login with the right password answers a plain 500 and issues no token', async () => {
    vi.stubEnv(functionEnv.signingSecret, 'x'.repeat(31))
    resetSigningKey()
    const passwordHash = await hashPassword('a long test password', { N: 1024, r: 8, p: 1 })
    document.on(BatchGetCommand).resolves({ Responses: {} })
    document
      .on(GetCommand)
      .resolves({ Item: { username: 'asha', passwordHash, createdAt: 'x', updatedAt: 'x', role: 'owner' } })
    const login = await routeHandler(routes.find((route) => route.id === 'admin-login')!)
    const reply = parseResult(
      await login(
        apiEvent('admin-login', { body: { username: 'asha', password: 'a long test password' } }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(500)
    expect(reply.body).toEqual(genericServerError)
  })

  it('in the cloud (keys from an SSM parameter): too short → 500; throttled → 503 with Retry-After; then it recovers', async () => {
    vi.stubEnv(functionEnv.signingSecret, '')
    vi.stubEnv(functionEnv.signingSecretParameter, '/TestSite/signing-secret')
    resetSigningKey()
    const route = adminRoutes.find((candidate) => candidate.id === 'admin-analytics')!
    const handler = await routeHandler(route)
    const call = async () =>
      parseResult(
        await handler(
          eventFor(route, { authorization: `Bearer ${await signedWith(testSigningSecret)}` }),
          lambdaContext,
        ),
      )

    // SSM over loopback HTTP: the secrets' GetParameter is one signed request (functions/lib/aws-request.ts).
    const secrets = await startFakeSsm()
    vi.stubEnv('AWS_ENDPOINT_URL_SSM', secrets.url)
    setAwsRetryBackoff(() => 0)
    onTestFinished(async () => {
      setAwsRetryBackoff()
      await secrets.close()
    })
    const parameter = (value: string) => ({ value: JSON.stringify({ current: { kid: 'k1', value } }) })
    secrets.answer = () => parameter('short')
    expect(await call()).toMatchObject({ status: 500, body: genericServerError })

    // Throttled on every attempt (the first and its retries).
    secrets.answer = () => ({ error: 'ThrottlingException', message: 'Rate exceeded' })
    const throttled = await call()
    expect(throttled.status).toBe(503)
    expect(throttled.headers['retry-after']).toBe('1')
    expect(JSON.stringify(throttled.body)).not.toMatch(/Rate exceeded|Throttling/)
    const reads = 1 + awsClientConfig.maxAttempts
    expect(secrets.requests).toHaveLength(reads)

    // A failed load is not cached: the next request loads the (now valid) secret.
    secrets.answer = () => parameter(testSigningSecret)
    expect((await call()).status).toBe(200)
    expect(secrets.requests).toHaveLength(reads + 1)
    // Cached: another request within the cache time does not fetch it again.
    expect((await call()).status).toBe(200)
    expect(secrets.requests).toHaveLength(reads + 1)
    expect(secrets.requests[0]?.input).toEqual({
      Name: '/TestSite/signing-secret',
      WithDecryption: true,
    })
  })
})
