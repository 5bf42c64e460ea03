/**
 * The local stand-in: one Node HTTP server that plays CloudFront (static site, /files/*) and API Gateway
 * (/api/* through the route table to the very Lambda bundles the stack deploys), EventBridge (each
 * scheduled function's bundle run on an interval) and the staff topic's Lambda subscriptions (each relay's
 * bundle given every outbox message about a lead), on dynalite and s3rver.
 */

import { access, mkdir, stat } from 'node:fs/promises'
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { basename, dirname, join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { setTimeout as delay } from 'node:timers/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda'
import { resetSigningKey } from '../../functions/lib/auth/tokens'
import { resetClients } from '../../functions/lib/clients'
import { standInSiteKey } from '../../functions/lib/config'
import { type OutboxMessage, standInRelayKey } from '../../functions/lib/notify'
import {
  buckets,
  functionEnv,
  phoneCodeEnvironment,
  tables,
  uploadsFolders,
} from '../../functions/lib/store-definitions'
import { relays } from '../../functions/relays'
import { type ApiRoute, routes } from '../../functions/routes'
import { type ScheduleId, schedules } from '../../functions/schedules'
import { buildPaths } from '../build-paths'
import { filesSecurityHeaders } from '../security-headers'
import { buildContext, buildEvent, createRouteMatcher, writeResult } from './api-gateway-adapter'
import { type Engines, startEngines } from './engines'
import { standInPaths } from './paths'
import { checkPresigned, type SigningCredentials } from './presigned'
import { localConsentKey, localSigningSecrets, localVapidSecret } from './secrets'
import { filesObjectKey, findPagePaths, resolveSitePath, sendSiteFile } from './static-site'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

export interface LocalServerOptions {
  /** Where dynalite, s3rver and the signing secret keep their data. @default '<repo>/.data' */
  readonly dataDir?: string
  /** @default 3000 (0 picks a free port) */
  readonly port?: number
  /** @default '127.0.0.1'; any other than loopback prints a warning (plainHttpWarning) */
  readonly host?: string
  /** The prerendered site. @default '<repo>/dist/web/client' */
  readonly siteDir?: string
  /** The Lambda bundles. @default '<repo>/dist/functions' */
  readonly functionsDir?: string
  /** Largest request body accepted before a handler sees it (API Gateway's own limit). @default 10 MiB */
  readonly maxRequestBytes?: number
  /**
   * Runs once the engines and the handlers' environment are ready and before the port opens (e.g. creating
   * the first admin), so the first request the server answers already sees its result. A failure stops the
   * start. @default none
   */
  readonly beforeListening?: () => Promise<void>
  /**
   * Seconds between two runs of each scheduled function (functions/schedules.ts); `off` runs none on its own
   * (a test runs them with `runSchedule`). @default SCHEDULE_SECONDS, else each schedule's own minutes
   */
  readonly scheduleSeconds?: number | 'off'
  /**
   * The address the functions' links open (the messages kept in the outboxes) when SITE_URL does not say:
   * `npm run dev` names its site's dev server. @default the stand-in's own (ownSiteUrl)
   */
  readonly siteUrl?: string
}

export interface LocalServer {
  readonly url: string
  /** The address its functions link to when SITE_URL does not say (standInSiteKey); none beyond this machine. */
  readonly siteUrl: string | undefined
  readonly engines: Engines
  readonly dataDir: string
  /**
   * Runs a scheduled function once now, as its timer would (or joins its run under way), and answers what its
   * handler returned.
   */
  runSchedule(id: ScheduleId): Promise<unknown>
  close(): Promise<void>
}

/**
 * The interval of the scheduled functions from SCHEDULE_SECONDS: a number of seconds, `0` or `off` for none,
 * unset for each schedule's own minutes. Throws on anything else, naming the variable.
 */
export function scheduleSecondsOf(text: string | undefined): number | 'off' | undefined {
  const value = text?.trim() ?? ''
  if (value === '') return undefined
  if (value === 'off' || value === '0') return 'off'
  const seconds = Number(value)
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`${functionEnv.scheduleSeconds} must be a number of seconds, 0 or off, not "${value}"`)
  }
  return seconds
}

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>
/** A scheduled function's handler, given an EventBridge event. */
type ScheduledHandler = (event: { time: string; id: string }, context: Context) => Promise<unknown>

/** Whether `host` is this machine only: `localhost`, an address in 127.0.0.0/8, `::1` (or it mapped). */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
  return (
    name === 'localhost' ||
    name === '::1' ||
    /^(::ffff:)?127(\.\d{1,3}){3}$/.test(name) ||
    /^0{0,4}(:0{0,4}){6}:0{0,3}1$/.test(name)
  )
}

/**
 * What the stand-in prints when it listens on `host` beyond this machine (HOST=0.0.0.0, a LAN address): it
 * serves plain HTTP, so the admin's password and session tokens cross the network readable by anyone on
 * it. Undefined for a loopback host.
 */
export function plainHttpWarning(host: string): string | undefined {
  if (isLoopbackHost(host)) return undefined
  return [
    `Warning: HOST=${host} makes the stand-in reachable from other machines over plain HTTP (no TLS):`,
    "  the admin's password and session tokens travel unencrypted, readable by anyone on the network.",
    '  Use it only on a network you trust, or leave HOST unset (127.0.0.1: this machine only).',
  ].join('\n')
}

/**
 * The stand-in's switch for codes to mobile numbers: `outbox` keeps each code's SMS in `sms-outbox.jsonl`
 * of its data folder (as a deployment with an SMS sender would send it); unset, a number is called back, as
 * a deployment without one does. The stand-in never uses a real SMS or WhatsApp sender.
 */
export const standInSmsSetting = 'STAND_IN_SMS'

/**
 * The stand-in's own address as its functions' links name it: on this machine (127.0.0.1, or localhost when
 * it listens on IPv6), also when it listens on every interface; undefined when it listens on another machine's
 * address only, which a site URL may not name over plain HTTP (parseSiteUrl): the links stay paths then.
 */
export function ownSiteUrl(address: AddressInfo): string | undefined {
  const wildcard = address.address === '0.0.0.0' || address.address === '::'
  if (!wildcard && !isLoopbackHost(address.address)) return undefined
  return `http://${address.family === 'IPv6' ? 'localhost' : '127.0.0.1'}:${address.port}`
}

/** Where the stand-in puts its address for the functions (functions/lib/config.ts siteUrl). */
const siteHolder = globalThis as { [standInSiteKey]?: string }

/**
 * Points this process's environment at the engines, as the stack's environment points the Lambdas at the
 * real services. Must run before any handler module or repository is imported.
 */
export async function configureEnvironment(engines: Engines, dataDir: string): Promise<void> {
  process.env.AWS_REGION = engines.region
  process.env.AWS_ACCESS_KEY_ID = engines.credentials.accessKeyId
  process.env.AWS_SECRET_ACCESS_KEY = engines.credentials.secretAccessKey
  delete process.env.AWS_SESSION_TOKEN
  delete process.env.AWS_PROFILE
  process.env.AWS_ENDPOINT_URL_DYNAMODB = engines.dynamoEndpoint
  process.env.AWS_ENDPOINT_URL_S3 = engines.s3Endpoint
  process.env[functionEnv.s3ForcePathStyle] = 'true'
  process.env[functionEnv.presignedUrlBase] = presignedPathPrefix
  for (const table of Object.values(tables)) process.env[table.envVar] = table.localName
  for (const bucket of Object.values(buckets)) process.env[bucket.envVar] = bucket.localName
  const signing = await localSigningSecrets(dataDir)
  process.env[functionEnv.signingSecret] = signing.current
  process.env[functionEnv.staffOutbox] = join(dataDir, 'outbox.jsonl')
  process.env[functionEnv.visitorOutbox] = join(dataDir, 'visitor-outbox.jsonl')
  for (const name of [...phoneCodeEnvironment, functionEnv.whatsappToken]) delete process.env[name]
  if (process.env[standInSmsSetting] === 'outbox')
    process.env[functionEnv.smsOutbox] = join(dataDir, 'sms-outbox.jsonl')
  else delete process.env[functionEnv.smsOutbox]
  if (signing.previous) process.env[functionEnv.signingSecretPrevious] = signing.previous
  else delete process.env[functionEnv.signingSecretPrevious]
  process.env[functionEnv.vapidSecret] = await localVapidSecret(dataDir)
  process.env[functionEnv.consentKey] = await localConsentKey(dataDir)
  // Code imported from source in this process (the admin bootstrap) must bind to the new endpoints too.
  resetClients()
  resetSigningKey()
}

/**
 * Where the stand-in forwards presigned S3 requests to s3rver (a PUT of a large upload, a GET of a large
 * export), so the browser stays on the site's origin, as its Content-Security-Policy (`connect-src 'self'`)
 * requires. s3rver accepts any V4 signature unchecked, so the stand-in checks the signature, signed headers and
 * expiry itself (infra/local/presigned.ts) and forwards only valid requests of the two kinds the functions sign:
 * a PUT into the uploads bucket's resources folder, a GET (or HEAD) of an object of the exports bucket.
 */
export const presignedPathPrefix = standInPaths.presigned

/** Response headers of s3rver passed on to the browser. */
const forwardedS3Headers = [
  'content-type',
  'content-length',
  'content-disposition',
  'etag',
  'last-modified',
  'x-amz-request-id',
]

/** Forwards one presigned request to s3rver, with the Host it was signed for, and streams the answer back. */
function proxyPresigned(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  s3Endpoint: string,
  credentials: SigningCredentials,
): Promise<void> {
  const method = request.method ?? 'GET'
  const path = url.pathname.slice(presignedPathPrefix.length)
  const allowed =
    method === 'PUT'
      ? path.startsWith(`/${buckets.uploads.localName}/${uploadsFolders.resources}`)
      : (method === 'GET' || method === 'HEAD') && path.startsWith(`/${buckets.exports.localName}/`)
  if (!url.searchParams.has('X-Amz-Signature') || !allowed) {
    request.resume()
    sendJson(response, 403, { error: 'Only presigned requests for uploads and exports are forwarded.' })
    return Promise.resolve()
  }
  const target = new URL(`${path}${url.search}`, s3Endpoint)
  const headers: Record<string, string> = { host: target.host }
  for (const name of ['content-type', 'content-length', 'content-md5']) {
    const value = request.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const check = checkPresigned({ method, path, query: url.searchParams, headers }, credentials)
  if (!check.ok) {
    request.resume()
    sendJson(response, 403, { error: `The link is not valid: ${check.reason}.` })
    return Promise.resolve()
  }
  return new Promise((resolveProxy, reject) => {
    const upstream = httpRequest(target, { method, headers }, (reply) => {
      const passed: Record<string, string> = { 'cache-control': 'no-store', ...filesSecurityHeaders }
      for (const name of forwardedS3Headers) {
        const value = reply.headers[name]
        if (typeof value === 'string') passed[name] = value
      }
      response.writeHead(reply.statusCode ?? 502, passed)
      reply.pipe(response)
      reply.on('end', () => resolveProxy())
      reply.on('error', reject)
    })
    upstream.on('error', reject)
    request.pipe(upstream)
  })
}

/** Each start imports fresh module instances, as a new Lambda container would (clients bind to new ports). */
let instance = 0

/**
 * Checks that every route's (and scheduled function's) bundle exists, and imports each one on its first
 * request or run, as a Lambda cold start would (so the stand-in starts in well under a second whatever the
 * number of routes).
 */
async function loadHandlers(functionsDir: string): Promise<Map<string, () => Promise<LambdaHandler>>> {
  const handlers = new Map<string, () => Promise<LambdaHandler>>()
  instance += 1
  const thisInstance = instance
  for (const route of [...routes, ...schedules, ...relays]) {
    const file = join(functionsDir, route.id, 'index.mjs')
    try {
      await access(file)
    } catch {
      throw new Error(`Missing function bundle ${file}. Run \`npm run build\` first.`)
    }
    // A bundle rebuilt on disk (npm run dev rebuilds on every change) is imported afresh on its next request.
    let loaded: { readonly version: number; readonly handler: Promise<LambdaHandler> } | undefined
    handlers.set(route.id, async () => {
      const version = (await stat(file)).mtimeMs
      if (loaded?.version !== version) {
        loaded = {
          version,
          handler: import(`${pathToFileURL(file).href}?instance=${thisInstance}&version=${version}`).then(
            (module: { handler?: LambdaHandler }) => {
              if (typeof module.handler !== 'function') throw new Error(`${file} does not export a handler`)
              return module.handler
            },
          ),
        }
      }
      return loaded.handler
    })
  }
  return handlers
}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) tooLarge = true
      else chunks.push(chunk)
    })
    request.on('end', () => resolveBody(tooLarge ? 'too-large' : Buffer.concat(chunks)))
    request.on('error', reject)
    // Closed before its end (the stand-in closing its connections): settled, so close() does not wait on it.
    request.on('close', () => reject(new Error('The request closed before its body ended.')))
  })
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...headers,
  })
  response.end(text)
}

/**
 * How long close() waits at most for the requests under way to end: longer than a stand-in handler's 10 s
 * context, so only a handler stuck past its own time is left running.
 */
const answerDrainMs = 15_000

/** Starts the engines and the HTTP server. */
export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const dataDir = resolve(options.dataDir ?? join(root, '.data'))
  const siteDir = resolve(options.siteDir ?? buildPaths.site)
  const functionsDir = resolve(options.functionsDir ?? buildPaths.functions)
  const maxRequestBytes = options.maxRequestBytes ?? 10 * 1024 * 1024
  await mkdir(dataDir, { recursive: true })

  const engines = await startEngines(dataDir)
  let server: Server | undefined
  try {
    await configureEnvironment(engines, dataDir)
    await options.beforeListening?.()
    const handlers = await loadHandlers(functionsDir)
    const schedule = startSchedules(handlers, options.scheduleSeconds)
    const relaying = startRelays(handlers)
    const pages = await findPagePaths(siteDir).catch(() => new Set<string>())
    const match = createRouteMatcher(routes)
    const files = new S3Client({
      endpoint: engines.s3Endpoint,
      region: engines.region,
      credentials: engines.credentials,
      forcePathStyle: true,
    })

    const handleApi = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
      const method = request.method ?? 'GET'
      const dispatch = match(method, url.pathname)
      if (dispatch.kind === 'not-found') return sendJson(response, 404, { error: 'Not found.' })
      if (dispatch.kind === 'method-not-allowed') {
        return sendJson(
          response,
          405,
          { error: 'Method not allowed.' },
          { allow: dispatch.allowed.join(', ') },
        )
      }
      const body = await readBody(request, maxRequestBytes)
      if (body === 'too-large') return sendJson(response, 413, { error: 'Request too large.' })
      const route: ApiRoute = dispatch.match.route
      const load = handlers.get(route.id)
      if (!load) return sendJson(response, 500, { error: 'Handler not loaded.' })
      const handler = await load()
      const event = buildEvent(request, body, dispatch.match, url)
      const context = buildContext(route.id, 10_000, event.requestContext.requestId)
      const result = await handler(event, context)
      writeResult(response, result, method === 'HEAD')
    }

    // Plays the /files/* behaviour: the resources folder of the uploads bucket only, 404 for anything else.
    const handleFile = async (response: ServerResponse, url: URL, headOnly: boolean) => {
      const key = filesObjectKey(url.pathname)
      try {
        if (key === undefined) throw new Error('Not a public file')
        const object = await files.send(new GetObjectCommand({ Bucket: buckets.uploads.localName, Key: key }))
        response.writeHead(200, {
          'content-type': object.ContentType ?? 'application/octet-stream',
          ...(object.ContentLength !== undefined ? { 'content-length': String(object.ContentLength) } : {}),
          ...filesSecurityHeaders,
          'content-disposition': `attachment; filename="${basename(key).replace(/["\\\r\n]/g, '_')}"`,
          'cache-control': 'public, max-age=3600',
        })
        if (headOnly) {
          response.end()
          return
        }
        ;(object.Body as Readable).pipe(response)
      } catch {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        response.end('Not found')
      }
    }

    // The requests being answered: close() lets them end before it stops the engines they may be reading.
    const answering = new Set<Promise<unknown>>()
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost')
      const method = request.method ?? 'GET'
      const work = url.pathname.startsWith('/api/')
        ? handleApi(request, response, url)
        : url.pathname.startsWith(`${presignedPathPrefix}/`)
          ? proxyPresigned(request, response, url, engines.s3Endpoint, engines.credentials)
          : method !== 'GET' && method !== 'HEAD'
            ? Promise.resolve(
                sendJson(response, 405, { error: 'Method not allowed.' }, { allow: 'GET, HEAD' }),
              )
            : url.pathname.startsWith('/files/')
              ? handleFile(response, url, method === 'HEAD')
              : resolveSitePath(siteDir, pages, url.pathname).then((resolution) =>
                  sendSiteFile(response, resolution, method === 'HEAD', request.headers['accept-encoding']),
                )
      const answered = work.catch((error: unknown) => {
        console.error('local server error', error)
        if (!response.headersSent) sendJson(response, 500, { error: 'Local server error.' })
        else response.destroy()
      })
      answering.add(answered)
      void answered.finally(() => answering.delete(answered))
    })
    const listening = server
    const host = options.host ?? '127.0.0.1'
    await new Promise<void>((resolveListen, reject) => {
      listening.once('error', reject)
      listening.listen(options.port ?? 3000, host, () => resolveListen())
    })
    const warning = plainHttpWarning(host)
    if (warning) console.warn(warning)
    const address = listening.address() as AddressInfo
    // Its functions link to it while it runs; a stand-in started meanwhile in this process (a test's second
    // one) takes over until it closes.
    const siteUrl = options.siteUrl ?? ownSiteUrl(address)
    const siteBefore = siteHolder[standInSiteKey]
    if (siteUrl) siteHolder[standInSiteKey] = siteUrl
    return {
      url: `http://${address.address}:${address.port}`,
      siteUrl,
      engines,
      dataDir,
      runSchedule: schedule.run,
      async close() {
        await schedule.stop()
        await relaying.stop()
        if (siteUrl && siteHolder[standInSiteKey] === siteUrl) {
          if (siteBefore === undefined) delete siteHolder[standInSiteKey]
          else siteHolder[standInSiteKey] = siteBefore
        }
        await new Promise<void>((resolveClose) => {
          listening.close(() => resolveClose())
          listening.closeAllConnections()
        })
        // A handler whose connection was just closed still runs, and may be reading dynalite: stopping it under
        // a read makes dynalite throw from its stream, uncaught. So the requests under way end first (each is
        // bounded by its SDK calls' timeouts; the wait by answerDrainMs).
        await Promise.race([Promise.allSettled(answering), delay(answerDrainMs, undefined, { ref: false })])
        files.destroy()
        await engines.close()
      },
    }
  } catch (error) {
    server?.close()
    await engines.close()
    throw error
  }
}

/**
 * Plays EventBridge: runs each scheduled function's bundle every `seconds` (or its own minutes), never two
 * runs of one function at once (a run still going when its time comes again is skipped, as a Lambda with one
 * run at a time would be). A failed run is logged; the next one goes ahead.
 */
function startSchedules(
  handlers: Map<string, () => Promise<LambdaHandler>>,
  seconds: number | 'off' | undefined = scheduleSecondsOf(process.env[functionEnv.scheduleSeconds]),
): { run: (id: ScheduleId) => Promise<unknown>; stop: () => Promise<void> } {
  const running = new Map<string, Promise<unknown>>()
  const run = (id: ScheduleId): Promise<unknown> => {
    const going = running.get(id)
    if (going) return going
    const started = (async () => {
      const load = handlers.get(id)
      if (!load) throw new Error(`No bundle for scheduled function ${id}`)
      const handler = (await load()) as unknown as ScheduledHandler
      const schedule = schedules.find((candidate) => candidate.id === id)
      const requestId = `${id}-${Date.now()}`
      return handler(
        { time: new Date().toISOString(), id: requestId },
        buildContext(id, (schedule?.timeoutSeconds ?? 60) * 1000, requestId),
      )
    })().finally(() => running.delete(id))
    running.set(id, started)
    return started
  }
  const timers =
    seconds === 'off'
      ? []
      : schedules.map((schedule) =>
          setInterval(
            () => {
              if (running.has(schedule.id)) return
              run(schedule.id).catch((error: unknown) =>
                console.error(`scheduled function ${schedule.id} failed`, error),
              )
            },
            (seconds ?? schedule.everyMinutes * 60) * 1000,
          ),
        )
  for (const timer of timers) timer.unref()
  return {
    run,
    async stop() {
      for (const timer of timers) clearInterval(timer)
      await Promise.allSettled(running.values())
    },
  }
}

/**
 * Plays the staff topic's Lambda subscriptions (functions/relays.ts): notify.ts calls the function this puts
 * on `globalThis` for each message it keeps in the outbox that is about a lead, and it gives each relay's
 * bundle the SNS event the topic would deliver (the message's recipient, lead id and push as message
 * attributes), without holding up the caller (a form's answer never waits for a push). A relay that fails is
 * logged. `stop` waits for the deliveries under way and takes the function away.
 */
function startRelays(handlers: Map<string, () => Promise<LambdaHandler>>): { stop: () => Promise<void> } {
  const going = new Set<Promise<unknown>>()
  const deliver = (message: OutboxMessage) => {
    const attributes: Record<string, { Type: string; Value: string }> = {
      recipient: { Type: 'String', Value: message.to },
    }
    if (message.leadId) attributes.leadId = { Type: 'String', Value: message.leadId }
    if (message.push) attributes.push = { Type: 'String', Value: JSON.stringify(message.push) }
    for (const relay of relays) {
      if (!attributes[relay.requiredAttribute]) continue
      const requestId = `${relay.id}-${Date.now()}`
      const delivery = (async () => {
        const load = handlers.get(relay.id)
        if (!load) throw new Error(`No bundle for relay ${relay.id}`)
        const handler = (await load()) as unknown as (event: unknown, context: Context) => Promise<unknown>
        return handler(
          {
            Records: [
              {
                EventSource: 'aws:sns',
                Sns: {
                  Type: 'Notification',
                  MessageId: requestId,
                  Subject: message.subject,
                  Message: message.body,
                  Timestamp: message.at,
                  MessageAttributes: attributes,
                },
              },
            ],
          },
          buildContext(relay.id, relay.timeoutSeconds * 1000, requestId),
        )
      })()
        .catch((error: unknown) => console.error(`relay ${relay.id} failed`, error))
        .finally(() => going.delete(delivery))
      going.add(delivery)
    }
  }
  ;(globalThis as { [standInRelayKey]?: (message: OutboxMessage) => void })[standInRelayKey] = deliver
  return {
    async stop() {
      const global = globalThis as { [standInRelayKey]?: (message: OutboxMessage) => void }
      if (global[standInRelayKey] === deliver) delete global[standInRelayKey]
      await Promise.allSettled(going)
    },
  }
}
