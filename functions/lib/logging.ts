import { AsyncLocalStorage } from 'node:async_hooks'
import { Logger } from '@aws-lambda-powertools/logger'
import type { Context } from 'aws-lambda'

/**
 * The one logger of the functions: one JSON line per entry with the level, the message, the service name,
 * the function's cold start and request id (from the Lambda context) and the route id and request id of the
 * request being handled (withRequestKeys, which httpHandler puts around every request). The level comes from the environment (POWERTOOLS_LOG_LEVEL, else LOG_LEVEL,
 * else INFO); the service name from POWERTOOLS_SERVICE_NAME, else `lead-api`.
 *
 * What may be logged (SECURITY.md, "What is logged"): ids, route ids, object keys, table and counter names,
 * error names, messages and stacks. Never a request body, a lead's fields, an e-mail address, a password or
 * a token: pass only such plain values as extra keys, never the event or a whole record.
 */
const base = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'lead-api',
})

/**
 * The keys of the request being handled (route id, request id, the Lambda context's), held per request
 * (AsyncLocalStorage) rather than on the logger: Lambda runs one request at a time per instance, but the
 * local stand-in runs many at once in one process, where keys appended to a shared logger would mix.
 */
const requestKeys = new AsyncLocalStorage<Readonly<Record<string, unknown>>>()

type Level = 'debug' | 'info' | 'warn' | 'error'
type LogCall = (message: string, ...extra: Record<string, unknown>[]) => void

const at =
  (level: Level): LogCall =>
  (message, ...extra) => {
    const keys = requestKeys.getStore()
    base[level](message, ...(keys ? [keys] : []), ...extra)
  }

/** The logger of the functions: Powertools Logger's levels, each line with the current request's keys. */
export const logger: Readonly<Record<Level, LogCall>> = {
  debug: at('debug'),
  info: at('info'),
  warn: at('warn'),
  error: at('error'),
}

/** An error as a log value: its name, message and (optionally) stack, nothing the error object carries. */
export function loggedError(error: unknown, stack = false): Record<string, unknown> | string {
  if (!(error instanceof Error)) return typeof error === 'string' ? error : 'unknown'
  return stack
    ? { name: error.name, message: error.message, stack: error.stack }
    : { name: error.name, message: error.message }
}

/**
 * Runs `handle` as one request: every line it logs carries the route id, the request id the reply names and
 * the Lambda context's keys (cold start, function name and request id; the event itself is never logged).
 */
export function withRequestKeys<T>(
  routeId: string,
  requestId: string,
  context: Context | undefined,
  handle: () => Promise<T>,
): Promise<T> {
  // The keys Powertools' addContext would add, kept per request instead (addContext sets them on the logger).
  const lambda = context
    ? {
        cold_start: coldStart,
        function_name: context.functionName,
        function_request_id: context.awsRequestId,
      }
    : {}
  coldStart = false
  return requestKeys.run({ ...lambda, route: routeId, requestId }, handle)
}

/** Whether the next request is this instance's first. */
let coldStart = true
