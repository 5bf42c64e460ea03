import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda'
import { type RouteId, routeById } from '../../functions/routes'

/** A payload-v2 event for the route `routeId`, as API Gateway would send it. */
export function apiEvent(
  routeId: RouteId,
  options: {
    body?: unknown
    rawBody?: string
    headers?: Record<string, string>
    query?: Record<string, string>
    pathParameters?: Record<string, string>
    isBase64Encoded?: boolean
  } = {},
): APIGatewayProxyEventV2 {
  const route = routeById(routeId)
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  const headers = {
    ...(body !== undefined && options.rawBody === undefined ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  }
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: route.path,
    rawQueryString: new URLSearchParams(options.query ?? {}).toString(),
    headers,
    ...(options.query ? { queryStringParameters: options.query } : {}),
    ...(options.pathParameters ? { pathParameters: options.pathParameters } : {}),
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'test.local',
      domainPrefix: 'test',
      http: {
        method: route.method,
        path: route.path,
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: 'vitest',
      },
      requestId: 'request-1',
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    isBase64Encoded: options.isBase64Encoded ?? false,
    ...(body !== undefined ? { body } : {}),
  }
}

export const lambdaContext = {
  awsRequestId: 'aws-request-1',
  functionName: 'test',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context

/** The structured result of a handler, with its JSON body parsed. */
export function parseResult(result: unknown): { status: number; headers: Record<string, string>; body: any } {
  const structured = result as APIGatewayProxyStructuredResultV2
  return {
    status: structured.statusCode ?? 0,
    headers: (structured.headers ?? {}) as Record<string, string>,
    body: structured.body ? JSON.parse(structured.body) : undefined,
  }
}
