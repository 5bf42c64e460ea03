import { Logger } from '@aws-lambda-powertools/logger'
import type { MiddlewareObj } from '@middy/core'
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda'

/**
 * The one logger of the functions: one JSON line per entry with the level, the message, the service name,
 * the function's cold start and request id (from the Lambda context) and the route id and request id that
 * the request middleware adds. The level comes from the environment (POWERTOOLS_LOG_LEVEL, else LOG_LEVEL,
 * else INFO); the service name from POWERTOOLS_SERVICE_NAME, else `lead-api`.
 *
 * What may be logged (SECURITY.md, "What is logged"): ids, route ids, object keys, table and counter names,
 * error names, messages and stacks. Never a request body, a lead's fields, an e-mail address, a password or
 * a token: pass only such plain values as extra keys, never the event or a whole record.
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'lead-api',
})

/** An error as a log value: its name, message and (optionally) stack, nothing the error object carries. */
export function loggedError(error: unknown, stack = false): Record<string, unknown> | string {
  if (!(error instanceof Error)) return typeof error === 'string' ? error : 'unknown'
  return stack
    ? { name: error.name, message: error.message, stack: error.stack }
    : { name: error.name, message: error.message }
}

type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>

/**
 * The logging middleware of every route (registered first by httpHandler, so its error step runs last):
 * adds the Lambda context as Powertools' own middleware does (cold start, function name, request id; the
 * event itself is never logged), plus the route id and the request id the reply carries. The keys are
 * cleared after each request. Unlike Powertools' middleware it accepts a call without a Lambda context.
 */
export function logRequestContext(
  routeId: string,
  requestIdOf: (event: APIGatewayProxyEventV2) => string,
): Middleware {
  const reset = async () => {
    logger.resetKeys()
  }
  return {
    before: async (request) => {
      if (request.context) logger.addContext(request.context)
      logger.appendKeys({
        route: routeId,
        requestId: request.context?.awsRequestId ?? requestIdOf(request.event),
      })
    },
    after: reset,
    onError: reset,
  }
}
