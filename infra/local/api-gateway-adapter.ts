/**
 * Plays API Gateway (HTTP API, payload format 2.0) for the local stand-in: matches a request against the
 * route table, builds the event a Lambda would receive, and writes the handler's result back as HTTP.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda'
import type { ApiRoute } from '../../functions/routes'

export interface RouteMatch {
  readonly route: ApiRoute
  readonly pathParameters: Record<string, string>
}

interface CompiledRoute {
  readonly route: ApiRoute
  readonly pattern: RegExp
  readonly names: readonly string[]
}

/** Compiles `/api/admin/export/{kind}` style paths; `{name+}` is a greedy parameter. */
function compile(route: ApiRoute): CompiledRoute {
  const names: string[] = []
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{([A-Za-z0-9_]+)(\+?)\}$/.exec(segment)
      if (!param?.[1]) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(param[1])
      return param[2] ? '(.+)' : '([^/]+)'
    })
    .join('/')
  return { route, pattern: new RegExp(`^${source}$`), names }
}

export type Dispatch =
  | { readonly kind: 'match'; readonly match: RouteMatch }
  | { readonly kind: 'method-not-allowed'; readonly allowed: readonly string[] }
  | { readonly kind: 'not-found' }

/** A path segment, percent-decoded; kept as sent when it is not valid percent-encoding (`%zz`, `%E0%A4`). */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Builds the matcher for a route table: exact method and path, as API Gateway does. */
export function createRouteMatcher(routes: readonly ApiRoute[]): (method: string, path: string) => Dispatch {
  const compiled = routes.map(compile)
  return (method, path) => {
    const allowed: string[] = []
    for (const candidate of compiled) {
      const found = candidate.pattern.exec(path)
      if (!found) continue
      if (candidate.route.method !== method) {
        allowed.push(candidate.route.method)
        continue
      }
      const pathParameters: Record<string, string> = {}
      candidate.names.forEach((name, index) => {
        pathParameters[name] = decodePathSegment(found[index + 1] ?? '')
      })
      return { kind: 'match', match: { route: candidate.route, pathParameters } }
    }
    return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' }
  }
}

const textMediaTypes = /^(application\/(json|[\w.+-]+\+json|x-www-form-urlencoded|xml)|text\/)/i

/** The payload-v2 event API Gateway would send for this request. */
export function buildEvent(
  request: IncomingMessage,
  body: Buffer,
  match: RouteMatch,
  url: URL,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {}
  const cookies: string[] = []
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    if (name === 'cookie') {
      cookies.push(...String(value).split(/;\s*/).filter(Boolean))
      continue
    }
    headers[name] = Array.isArray(value) ? value.join(',') : value
  }
  const query: Record<string, string> = {}
  for (const [name, value] of url.searchParams) {
    query[name] = query[name] === undefined ? value : `${query[name]},${value}`
  }
  const isText = textMediaTypes.test(headers['content-type'] ?? '')
  const now = new Date()
  const method = request.method ?? 'GET'
  const routeKey = `${match.route.method} ${match.route.path}`
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: body.length > 0 && !isText,
  }
  if (cookies.length > 0) event.cookies = cookies
  if (Object.keys(query).length > 0) event.queryStringParameters = query
  if (Object.keys(match.pathParameters).length > 0) event.pathParameters = match.pathParameters
  if (body.length > 0) event.body = isText ? body.toString('utf8') : body.toString('base64')
  return event
}

/** A Lambda context good enough for our handlers and middy. */
export function buildContext(functionName: string, timeoutMs: number, requestId: string): Context {
  const deadline = Date.now() + timeoutMs
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  }
}

/** Writes a handler result as API Gateway would (status, headers, cookies, base64 bodies). */
export function writeResult(
  response: ServerResponse,
  result: APIGatewayProxyResultV2,
  headOnly = false,
): void {
  // A plain string or object without statusCode is a 200 JSON reply in payload format 2.0.
  if (typeof result === 'string' || !('statusCode' in result) || result.statusCode === undefined) {
    const body = typeof result === 'string' ? result : JSON.stringify(result)
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(headOnly ? undefined : body)
    return
  }
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(result.headers ?? {}))
    headers[name.toLowerCase()] = String(value)
  if (result.cookies && result.cookies.length > 0) headers['set-cookie'] = result.cookies
  const body =
    result.body === undefined
      ? Buffer.alloc(0)
      : result.isBase64Encoded
        ? Buffer.from(result.body, 'base64')
        : Buffer.from(result.body, 'utf8')
  headers['content-length'] = String(body.length)
  response.writeHead(result.statusCode, headers)
  response.end(headOnly ? undefined : body)
}
