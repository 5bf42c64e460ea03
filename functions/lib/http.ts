import { createHash, timingSafeEqual } from 'node:crypto'
import middy, { type MiddlewareObj } from '@middy/core'
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda'
import { functionEnv, originSecretHeader } from '../../infra/tables'
import { type RouteId, routeById } from '../routes'
import type { AdminPrincipal } from './auth/tokens'
import {
  BadRequestError,
  ForbiddenError,
  HttpError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  UnsupportedMediaTypeError,
} from './errors'

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
}

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
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
])

/** A request header by name, whatever its case. */
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

/** Parses a JSON body: 415 for another content type, 413 when too large, 400 when not JSON. */
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
  console.error(
    JSON.stringify({
      level: 'error',
      requestId,
      message: 'request failed',
      error:
        error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error,
    }),
  )
  if (mapped instanceof HttpError) {
    return json(mapped.statusCode, { error: mapped.message, requestId }, mapped.headers)
  }
  return json(500, { error: genericServerError, requestId })
}

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest()

/**
 * Whether a request came through CloudFront: with `ORIGIN_SECRET` set (the cloud), the request must carry
 * the same value in the origin secret header; compared in constant time. Without it (the local stand-in,
 * tests) every request passes.
 */
export function cameThroughOrigin(event: HttpEvent, secret: string | undefined): boolean {
  if (!secret) return true
  const presented = header(event, originSecretHeader)
  return presented !== undefined && timingSafeEqual(sha256(presented), sha256(secret))
}

type InternalRequest = { body: unknown; admin: AdminPrincipal | undefined }

/**
 * Builds the Lambda handler of one route of functions/routes.ts. The chain is the same for every route:
 * came through CloudFront (origin secret) → auth (from the route table) → JSON body → the handler → JSON reply with security headers; errors of any
 * step become `{ error, fields? }` replies in one place (the error middleware, registered last).
 */
export function httpHandler(
  routeId: RouteId,
  handle: (request: HttpRequest) => Promise<HttpResult>,
  options: HttpHandlerOptions = {},
) {
  const route = routeById(routeId)
  const { authenticate: verify } = options
  if ((route.auth === 'admin') !== (verify !== undefined)) {
    throw new Error(
      `Route ${routeId} is ${route.auth} in functions/routes.ts: build admin routes with adminHandler and public ones with httpHandler`,
    )
  }
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes
  const state = new WeakMap<object, InternalRequest>()
  const originSecret = process.env[functionEnv.originSecret]

  const origin: MiddlewareObj<HttpEvent, HttpResult, Error, Context> = {
    before: async (request) => {
      if (!cameThroughOrigin(request.event, originSecret)) throw new ForbiddenError()
    },
  }

  const authenticate: MiddlewareObj<HttpEvent, HttpResult, Error, Context> = {
    before: async (request) => {
      const internal: InternalRequest = { body: undefined, admin: undefined }
      state.set(request.event, internal)
      if (verify) internal.admin = await verify(header(request.event, 'authorization'))
    },
  }

  const jsonBody: MiddlewareObj<HttpEvent, HttpResult, Error, Context> = {
    before: async (request) => {
      const internal = state.get(request.event)
      if (internal) internal.body = parseJsonBody(request.event, maxBodyBytes)
    },
  }

  const errors: MiddlewareObj<HttpEvent, HttpResult, Error, Context> = {
    onError: async (request) => {
      request.response = errorResponse(
        request.error,
        request.context?.awsRequestId ?? requestIdOf(request.event),
      )
    },
  }

  return middy<HttpEvent, HttpResult, Error, Context>()
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
}

function requestIdOf(event: HttpEvent): string {
  return event.requestContext?.requestId ?? 'unknown'
}
