import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tokenAlgorithm, tokenAudience, tokenIssuer } from '../../functions/lib/auth/tokens'
import { buckets, functionEnv, routeEnvironmentNames, tables } from '../../functions/lib/store-definitions'
import { type ApiRoute, type RouteId, routes } from '../../functions/routes'
import { buildPaths } from '../../infra/build-paths'
import type { LocalServer } from '../../infra/local/server'
import { apiEvent } from '../support/events'
import { startTestServer, temporaryDataDir } from '../support/local-server'

const run = promisify(execFile)
const functionsDir = buildPaths.functions

/**
 * Each bundle the stack deploys (dist/functions/<route>/index.mjs), loaded in a fresh Node process whose
 * environment holds only what the stack gives that function (routeEnvironmentNames) plus the engines'
 * endpoints and credentials, and invoked with a payload-v2 event against dynalite and s3rver. A bundle that
 * needs a module it did not bundle, or a variable its route does not declare, fails here.
 *
 * One local difference: the cloud reads the signing keys from SSM by SIGNING_SECRET_PARAMETER;
 * there is no SSM engine here, so SIGNING_SECRET carries the value instead.
 */
/** The function may log to stdout; its result follows this marker. */
const marker = '@@result@@'
const invoker = `const marker = '${marker}'
const [bundle, event] = [process.argv[1], JSON.parse(process.argv[2])]
const { handler } = await import(bundle)
const context = { awsRequestId: 'clean-process', functionName: 'test', getRemainingTimeInMillis: () => 10000 }
const result = await handler(event, context)
process.stdout.write('\\n' + marker + JSON.stringify(result))
`

describe('each deployed bundle in a clean Node process', () => {
  let server: LocalServer
  let removeData: () => Promise<void>
  let signingSecret: string
  let sessionVersion: number

  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    server = await startTestServer(data.dir)
    signingSecret = process.env[functionEnv.signingSecret] ?? ''
    // Admin bundles check each token against its user's record: the user must exist.
    const { saveAdminUser } = await import('../../functions/lib/db/admin-users')
    sessionVersion = (await saveAdminUser('bundle-test', 'scrypt$not-a-hash')).sessionVersion
  })
  afterAll(async () => {
    await server?.close()
    await removeData?.()
  })

  function environmentOf(route: ApiRoute): Record<string, string> {
    const local: Record<string, string> = {
      [tables.leads.envVar]: tables.leads.localName,
      [tables.content.envVar]: tables.content.localName,
      [buckets.uploads.envVar]: buckets.uploads.localName,
      [buckets.exports.envVar]: buckets.exports.localName,
      [functionEnv.leadsTopicArn]: 'arn:aws:sns:ap-south-1:000000000000:local-leads',
    }
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      AWS_REGION: server.engines.region,
      AWS_ACCESS_KEY_ID: server.engines.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: server.engines.credentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: server.engines.dynamoEndpoint,
      AWS_ENDPOINT_URL_S3: server.engines.s3Endpoint,
      [functionEnv.s3ForcePathStyle]: 'true',
      LEAD_RATE_LIMIT: 'off',
    }
    for (const name of routeEnvironmentNames(route.access)) {
      if (name === functionEnv.signingSecretParameter) env[functionEnv.signingSecret] = signingSecret
      // The Web Push key pair's secret, as the stand-in gives it (the cloud reads its parameter).
      else if (name === functionEnv.vapidSecretParameter)
        env[functionEnv.vapidSecret] = 'a-test-vapid-secret-of-at-least-32-bytes-long'
      // The consent ledger's HMAC key, likewise.
      else if (name === functionEnv.consentKeyParameter)
        env[functionEnv.consentKey] = 'a-test-consent-key-of-at-least-32-bytes-long'
      else if (name === functionEnv.leadsTopicArn)
        continue // publishing needs SNS: the stand-in logs
      else env[name] = local[name] ?? ''
    }
    return env
  }

  async function invoke(route: ApiRoute, event: unknown) {
    const bundle = pathToFileURL(`${functionsDir}/${route.id}/index.mjs`).href
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', invoker, bundle, JSON.stringify(event)],
      { env: environmentOf(route), timeout: 20_000 },
    )
    return JSON.parse(stdout.slice(stdout.lastIndexOf(marker) + marker.length)) as {
      statusCode: number
      headers: Record<string, string>
      body: string
    }
  }

  async function adminToken(): Promise<string> {
    return new SignJWT({ ver: sessionVersion })
      .setJti(randomUUID())
      .setProtectedHeader({ alg: tokenAlgorithm })
      .setSubject('bundle-test')
      .setIssuer(tokenIssuer)
      .setAudience(tokenAudience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(signingSecret))
  }

  it('has a bundle for every route (npm run build made them)', () => {
    for (const route of routes) expect(existsSync(`${functionsDir}/${route.id}/index.mjs`)).toBe(true)
  })

  it.each((routes as readonly ApiRoute[]).map((route) => [route.id, route] as const))(
    '%s loads with only its environment and answers a request without a server error',
    async (_, route) => {
      const headers: Record<string, string> =
        route.auth === 'admin' ? { authorization: `Bearer ${await adminToken()}` } : {}
      const event = apiEvent(route.id as RouteId, {
        headers,
        ...(route.method === 'POST' || route.method === 'PUT' ? { body: {} } : {}),
        ...(route.path.includes('{') ? { pathParameters: { id: 'no-such-id' } } : {}),
      })
      const result = await invoke(route, event)
      expect(result.statusCode).toBeGreaterThanOrEqual(200)
      expect(result.statusCode).toBeLessThan(500)
      // Admin routes get past the token (to their own answer), which needs the user's record.
      if (route.auth === 'admin') expect(result.statusCode).not.toBe(401)
      if (result.statusCode !== 204) expect(result.headers['content-type']).toMatch(/json|csv|spreadsheet/)
    },
  )

  it('stores a contact through the create-contact bundle and lists it through the admin bundle', async () => {
    const create = routes.find((route) => route.id === 'create-contact')!
    const list = routes.find((route) => route.id === 'admin-list-contacts')!
    const created = await invoke(
      create,
      apiEvent('create-contact', {
        body: {
          name: 'Clean Process',
          email: 'clean.process@example.in',
          phone: '9876543210',
          subject: 'Bundle check',
          message: 'Sent by a bundle running in a process of its own.',
          adult: true,
        },
      }),
    )
    expect(created.statusCode).toBe(201)
    const listed = await invoke(
      list,
      apiEvent('admin-list-contacts', { headers: { authorization: `Bearer ${await adminToken()}` } }),
    )
    expect(listed.statusCode).toBe(200)
    expect(JSON.parse(listed.body).items).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: 'clean.process@example.in' })]),
    )
  })

  it('refuses to start an admin bundle whose signing secret is missing', async () => {
    const list = routes.find((route) => route.id === 'admin-list-contacts')!
    const bundle = pathToFileURL(`${functionsDir}/${list.id}/index.mjs`).href
    const env = environmentOf(list)
    delete env[functionEnv.signingSecret]
    const attempt = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        invoker,
        bundle,
        JSON.stringify(
          apiEvent('admin-list-contacts', { headers: { authorization: `Bearer ${await adminToken()}` } }),
        ),
      ],
      { env, timeout: 20_000 },
    )
    // Either it fails to start or it answers without leaking anything: never a 200 with data.
    const outcome = await attempt.then(
      ({ stdout }) =>
        JSON.parse(stdout.slice(stdout.lastIndexOf(marker) + marker.length)).statusCode as number,
      () => 'failed' as const,
    )
    expect(outcome === 'failed' || outcome >= 500).toBe(true)
  })
})
