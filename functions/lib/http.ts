import { createHash, timingSafeEqual } from 'node:crypto'
import { roleRefusal, type StaffRole } from '@core/roles'
import middy, { type MiddlewareObj } from '@middy/core'
import httpHeaderNormalizer from '@middy/http-header-normalizer'
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda'
import type { RouteId } from '../routes'
import { checkCookieRequest, sessionCookieToken } from './auth/session-cookie'
import type { AdminPrincipal } from './auth/tokens'
import { siteUrl } from './config'
import {
  BadRequestError,
  ForbiddenError,
  HttpError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  UnsupportedMediaTypeError,
} from './errors'
import { loggedError, logger, withRequestKeys } from './logging'
import { routeAtRunTime } from './route-at-run-time'
import { acceptedOriginSecrets } from './secrets'
import { originSecretHeader } from './store-definitions'

export type HttpEvent = APIGatewayProxyEventV2
export type HttpResult = APIGatewayProxyStructuredResultV2

/** What a handler function receives: the parsed request, already authenticated when its route says so. */
export interface HttpRequest {
  readonly event: HttpEvent
  /** The parsed JSON body (undefined when the request has none). Untrusted: validate before use. */
  readonly body: unknown
  readonly pathParameters: Readonly<Record<string, string | undefined>>
  readonly query: Readonly<Record<string, string | undefined>>
  readonly requestId: string
  /** Set on admin routes. */
  readonly admin: AdminPrincipal | undefined
}

export interface HttpHandlerOptions {
  /** Largest accepted body in bytes. @default 65536 */
  readonly maxBodyBytes?: number
  /**
   * Checks the Authorization header of an `admin` route (see admin-http.ts). Passed in rather than imported
   * so that public functions do not bundle the token code.
   */
  readonly authenticate?: (authorization: string | undefined) => Promise<AdminPrincipal>
  /**
   * Records a refused admin call (functions/lib/audit-http.ts): a token presented but refused (401, without
   * `admin`) or a role the route does not list (403, with `admin`). Passed in like `authenticate`; it never
   * fails the request, which is refused as before.
   */
  readonly refused?: (event: HttpEvent, refusal: AdminRefusal) => Promise<void>
  /**
   * The body's encoding: JSON (every route but one), or a form (`application/x-www-form-urlencoded`), which
   * a mail client's one-click List-Unsubscribe POST sends (RFC 8058). @default 'json'
   */
  readonly bodyEncoding?: 'json' | 'form'
}

/** A refused admin call, as HttpHandlerOptions.refused receives it. */
export type AdminRefusal =
  | { readonly kind: 'bad-token'; readonly error: HttpError }
  | { readonly kind: 'role'; readonly admin: AdminPrincipal }

const defaultMaxBodyBytes = 64 * 1024

/** Headers on every API reply. */
export const apiResponseHeaders: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
}

/** A JSON reply. */
export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { ...apiResponseHeaders, ...headers }, body: JSON.stringify(body) }
}

const genericServerError = 'Something went wrong on our side. Please try again.'

/** AWS SDK errors that mean "busy, try later" rather than "broken". */
const throttlingErrorNames = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  // SNS's (a code's SMS, functions/lib/privacy/phone-codes.ts).
  'ThrottledException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
])

/**
 * A request header by name, whatever its case (httpHandler's chain lowercases the names with
 * @middy/http-header-normalizer first; this also reads an event that did not pass through it).
 */
export function header(event: HttpEvent, name: string): string | undefined {
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value
  }
  return undefined
}

function hasBody(event: HttpEvent): boolean {
  return event.body !== undefined && event.body !== null && event.body !== ''
}

/**
 * Parses a JSON body: 415 for another content type, 413 when too large, 400 when not JSON. Hand-written
 * rather than @middy/http-json-body-parser, which answers malformed JSON with 415 "Invalid or malformed JSON
 * was provided" (the API's contract is 400 with its own message), has no size limit (413) and matches the
 * media type case-sensitively.
 */
export function parseJsonBody(event: HttpEvent, maxBodyBytes: number): unknown {
  if (!hasBody(event)) return undefined
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64') : Buffer.from(event.body ?? '')
  if (raw.byteLength > maxBodyBytes) throw new PayloadTooLargeError(maxBodyBytes)
  const contentType = header(event, 'content-type') ?? ''
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/json' && !mediaType?.endsWith('+json')) {
    throw new UnsupportedMediaTypeError('application/json')
  }
  try {
    return JSON.parse(raw.toString('utf8'))
  } catch {
    throw new BadRequestError('The request body is not valid JSON.')
  }
}

/**
 * Parses a form body (`application/x-www-form-urlencoded`) into its fields, the last value of a repeated
 * name winning: 415 for another content type, 413 when too large; none when there is no body.
 */
export function parseFormBody(event: HttpEvent, maxBodyBytes: number): Record<string, string> | undefined {
  if (!hasBody(event)) return undefined
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64') : Buffer.from(event.body ?? '')
  if (raw.byteLength > maxBodyBytes) throw new PayloadTooLargeError(maxBodyBytes)
  const mediaType = (header(event, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/x-www-form-urlencoded') {
    throw new UnsupportedMediaTypeError('application/x-www-form-urlencoded')
  }
  return Object.fromEntries(new URLSearchParams(raw.toString('utf8')))
}

/** Turns any thrown value into a reply. Our own faults are logged with the request id, never returned. */
export function errorResponse(error: unknown, requestId: string): HttpResult {
  let mapped = error
  if (!(error instanceof HttpError) && error instanceof Error && throttlingErrorNames.has(error.name)) {
    mapped = new ServiceUnavailableError(undefined, { cause: error })
  }
  if (mapped instanceof HttpError && mapped.expose) {
    const body = mapped.fields ? { error: mapped.message, fields: mapped.fields } : { error: mapped.message }
    return json(mapped.statusCode, body, mapped.headers)
  }
  logger.error('request failed', { requestId, error: loggedError(error, true) })
  if (mapped instanceof HttpError) {
    return json(mapped.statusCode, { error: mapped.message, requestId }, mapped.headers)
  }
  return json(500, { error: genericServerError, requestId })
}

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest()

/**
 * Whether a request came through CloudFront: with origin secrets configured (the cloud), the request must
 * carry one of the accepted values (the current one or, during a rotation, the previous one) in the origin
 * secret header; compared in constant time. Without any (the local stand-in, tests) every request passes.
 */
export function cameThroughOrigin(
  event: HttpEvent,
  accepted: string | readonly string[] | undefined,
): boolean {
  const values = (typeof accepted === 'string' ? [accepted] : (accepted ?? [])).filter(Boolean)
  if (values.length === 0) return true
  const presented = header(event, originSecretHeader)
  if (presented === undefined) return false
  const digest = sha256(presented)
  // Every value is compared, so the time taken does not say which one (or whether any) matched.
  return values.map((value) => timingSafeEqual(digest, sha256(value))).includes(true)
}

/**
 * The origin check of every route: the accepted values come from functions/lib/secrets.ts (cached). A value
 * it does not know yet (CloudFront already sends a newly rotated one) makes it read them again, at most
 * once per cooldown, before it refuses.
 */
async function checkOrigin(event: HttpEvent): Promise<void> {
  if (cameThroughOrigin(event, await acceptedOriginSecrets())) return
  if (header(event, originSecretHeader) && cameThroughOrigin(event, await acceptedOriginSecrets(true))) return
  throw new ForbiddenError()
}

type InternalRequest = { body: unknown; admin: AdminPrincipal | undefined }

/**
 * Builds the Lambda handler of one route of functions/routes.ts. The chain is the same for every route:
 * (the request's log keys around it all) header names in lower case → came through CloudFront (origin secret) → auth (from the
 * route table) → JSON body → the handler → JSON reply with security headers; errors of any step become
 * `{ error, fields? }` replies in one place (the error middleware, registered last).
 */
export function httpHandler(
  routeId: RouteId,
  handle: (request: HttpRequest) => Promise<HttpResult>,
  options: HttpHandlerOptions = {},
) {
  const route = routeAtRunTime(routeId)
  const { authenticate: verify, refused } = options
  if ((route.auth === 'admin') !== (verify !== undefined)) {
    throw new Error(
      `Route ${routeId} is ${route.auth} in functions/routes.ts: build admin routes with adminHandler and public ones with httpHandler`,
    )
  }
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes
  const state = new WeakMap<object, InternalRequest>()

  const origin: MiddlewareObj<HttpEvent, HttpResult, Error, Context> = {
    before: async (request) => checkOrigin(request.event),
  }

  const authenticate: MiddlewareObj<HttpEvent, HttpResult, Error, Context> = {
    before: async (request) => {
      const internal: InternalRequest = { body: undefined, admin: undefined }
      state.set(request.event, internal)
      if (!verify) return
      const authorization = credentials(request.event)
      let admin: AdminPrincipal
      try {
        admin = await verify(authorization)
      } catch (error) {
        // A token was presented and refused (not a missing one, nor our own fault reading the session).
        if (authorization && error instanceof HttpError && error.statusCode === 401) {
          await refused?.(request.event, { kind: 'bad-token', error })
        }
        throw error
      }
      // The route table names the roles that may call it; any other, and a user without one of the four
      // roles (deny by default), is refused before the body is read.
      if (!admin.role || !(route.roles as readonly StaffRole[] | undefined)?.includes(admin.role)) {
        await refused?.(request.event, { kind: 'role', admin })
        throw new ForbiddenError(roleRefusal(admin.role))
      }
      internal.admin = admin
    },
  }

  const jsonBody: MiddlewareObj<HttpEvent, HttpResult, Error, Context> = {
    before: async (request) => {
      const internal = state.get(request.event)
      if (!internal) return
      internal.body =
        options.bodyEncoding === 'form'
          ? parseFormBody(request.event, maxBodyBytes)
          : parseJsonBody(request.event, maxBodyBytes)
    },
  }

  // Hand-written rather than @middy/http-error-handler, whose reply body is the error's message as plain text
  // with only a Content-Type header: the API answers `{ error, fields? }` JSON (a 5xx with the request id)
  // with the headers of apiResponseHeaders, turns throttling into 503 and logs its own faults.
  const errors: MiddlewareObj<HttpEvent, HttpResult, Error, Context> = {
    onError: async (request) => {
      request.response = errorResponse(
        request.error,
        request.context?.awsRequestId ?? requestIdOf(request.event),
      )
    },
  }

  const chain = middy<HttpEvent, HttpResult, Error, Context>()
    .use(httpHeaderNormalizer())
    .use(origin)
    .use(authenticate)
    .use(jsonBody)
    .use(errors)
    .handler(async (event, context) => {
      const internal = state.get(event) ?? { body: undefined, admin: undefined }
      return handle({
        event,
        body: internal.body,
        admin: internal.admin,
        pathParameters: event.pathParameters ?? {},
        query: event.queryStringParameters ?? {},
        requestId: context?.awsRequestId ?? requestIdOf(event),
      })
    })
  // Every line logged while the request runs carries its route and request id (logging.ts).
  return (event: HttpEvent, context: Context): Promise<HttpResult> =>
    withRequestKeys(routeId, context?.awsRequestId ?? requestIdOf(event), context, () =>
      chain(event, context),
    )
}

/**
 * The Authorization of an admin call: the Bearer header when there is one (scripts, the CLI's tests),
 * else the workspace's session cookie (functions/lib/auth/session-cookie.ts), which must come from the site
 * itself and, for a change, carry the CSRF header (403 otherwise, before the token is looked at).
 */
function credentials(event: HttpEvent): string | undefined {
  const authorization = header(event, 'authorization')
  if (authorization !== undefined) return authorization
  const token = sessionCookieToken(event)
  if (token === undefined) return undefined
  checkCookieRequest(event, siteUrl())
  return `Bearer ${token}`
}

function requestIdOf(event: HttpEvent): string {
  return event.requestContext?.requestId ?? 'unknown'
}
