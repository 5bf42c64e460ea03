import { AsyncLocalStorage } from 'node:async_hooks'
import { Console } from 'node:console'
import type { Context } from 'aws-lambda'

/**
 * The one logger of the functions: one JSON line per entry with the level, the message, the time, the service
 * name, the function's cold start and request id (from the Lambda context) and the route id and request id of
 * the request being handled (withRequestKeys, which httpHandler puts around every request). The lines are
 * those Powertools Logger wrote, the keys and their order included (CloudWatch's metric filters read
 * `$.error.name`, infra/constructs/notifications.ts), written by these few lines instead: Powertools was about
 * 20 KB of every bundle and 10 ms of every cold start (test/bench/results.md) for what is used here. The time
 * is UTC (Lambda's TZ).
 *
 * Its environment, read once at load as Powertools read it: the level from AWS_LAMBDA_LOG_LEVEL (Lambda's own
 * log-level control, which then filters the lines anyway), else POWERTOOLS_LOG_LEVEL, else LOG_LEVEL, else
 * INFO (level names in any case); POWERTOOLS_LOGGER_SAMPLE_RATE (0 to 1: the share of instances that log at DEBUG); the service name
 * from POWERTOOLS_SERVICE_NAME, else `lead-api`; POWERTOOLS_DEV (`true`, `1`, `yes`, `on`...) writes indented
 * JSON through the global console, so tests that spy on the console see every line (vitest.config.ts), where
 * Lambda gets one line per entry on stdout (DEBUG, INFO) or stderr (WARN, ERROR).
 *
 * What may be logged (SECURITY.md, "What is logged"): ids, route ids, object keys, table and counter names,
 * error names, messages and stacks. Never a request body, a lead's fields, an e-mail address, a password or
 * a token: pass only such plain values as extra keys, never the event or a whole record.
 */

/** Powertools' level names and thresholds (TRACE and CRITICAL are only ever thresholds here). */
const thresholds = { TRACE: 6, DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, CRITICAL: 24, SILENT: 28 } as const
type LevelName = keyof typeof thresholds
const isLevelName = (value: string): value is LevelName => Object.hasOwn(thresholds, value)

const setting = (name: string): string => (process.env[name] ?? '').trim()

const devMode = ['1', 'y', 'yes', 't', 'true', 'on'].includes(setting('POWERTOOLS_DEV').toLowerCase())
const service = setting('POWERTOOLS_SERVICE_NAME') || 'lead-api'

/** Lambda's advanced logging controls name FATAL what Powertools calls CRITICAL. */
const lambdaLevel = setting('AWS_LAMBDA_LOG_LEVEL')
  .toUpperCase()
  .replace(/^FATAL$/, 'CRITICAL')
const configuredLevel = (setting('POWERTOOLS_LOG_LEVEL') || setting('LOG_LEVEL')).toUpperCase()

const sampleRateSetting = Number(setting('POWERTOOLS_LOGGER_SAMPLE_RATE') || 0)
const samplingRate = sampleRateSetting >= 0 && sampleRateSetting <= 1 ? sampleRateSetting : 0
/** Whether this instance is one of the sampled share that logs at DEBUG (drawn once, at load). */
const sampled = samplingRate > 0 && Math.floor(Math.random() * 100) / 100 <= samplingRate

const configured = isLevelName(configuredLevel) ? thresholds[configuredLevel] : thresholds.INFO
/** Lines below this level are dropped. */
const threshold: number = isLevelName(lambdaLevel)
  ? thresholds[lambdaLevel]
  : sampled
    ? Math.min(configured, thresholds.DEBUG)
    : configured

/**
 * The keys of the request being handled (route id, request id, the Lambda context's), held per request
 * (AsyncLocalStorage): Lambda runs one request at a time per instance, but the local stand-in runs many at
 * once in one process, where keys held by the module would mix.
 */
const requestKeys = new AsyncLocalStorage<Readonly<Record<string, unknown>>>()

type Level = 'debug' | 'info' | 'warn' | 'error'
type LogCall = (message: string, ...extra: Record<string, unknown>[]) => void

/** The keys every line has: a key of the code's with one of these names is dropped (as Powertools did). */
const reservedKeys = new Set(['level', 'message', 'sampling_rate', 'service', 'timestamp'])

/** The X-Ray trace id of the current invocation: Lambda's invoke store, else _X_AMZN_TRACE_ID's `Root`. */
function traceId(): string | undefined {
  const lambda = (globalThis as { awslambda?: { InvokeStore?: { getXRayTraceId(): string | undefined } } })
    .awslambda
  const header = lambda?.InvokeStore?.getXRayTraceId() ?? setting('_X_AMZN_TRACE_ID')
  if (!header.includes('=')) return header || undefined
  return header
    .split(';')
    .map((field) => field.split('='))
    .find(([key]) => key === 'Root')?.[1]
}

/**
 * JSON.stringify's replacer for a line: an Error as loggedError gives it (with its stack), a bigint as its
 * digits, a value that contains itself cut where it would repeat.
 */
function replacer(): (this: unknown, key: string, value: unknown) => unknown {
  const ancestors: unknown[] = []
  return function (this: unknown, _key, value) {
    const replaced = value instanceof Error ? loggedError(value, true) : value
    if (typeof replaced === 'bigint') return replaced.toString()
    if (typeof replaced === 'object' && replaced !== null) {
      while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop()
      if (ancestors.includes(replaced)) return undefined
      ancestors.push(replaced)
    }
    return replaced
  }
}

/** The process streams as a console (created on the first line, not at load: no cost to a cold start). */
let streams: Console | undefined

function write(level: Level, line: Record<string, unknown>): void {
  if (devMode) {
    console[level](JSON.stringify(line, replacer(), 4))
    return
  }
  streams ??= new Console({ stdout: process.stdout, stderr: process.stderr })
  streams[level](JSON.stringify(line, replacer()))
}

function print(level: Level, message: string, extra: readonly Record<string, unknown>[]): void {
  if (thresholds[level.toUpperCase() as LevelName] < threshold) return
  const line: Record<string, unknown> = {
    level: level.toUpperCase(),
    message,
    timestamp: new Date().toISOString(),
    service,
    // Placed here so the Lambda context's keys come where Powertools put them, before the sampling rate.
    cold_start: undefined,
    function_name: undefined,
    function_request_id: undefined,
    sampling_rate: samplingRate,
    xray_trace_id: traceId(),
  }
  const dropped: string[] = []
  for (const attributes of extra) {
    for (const [key, value] of Object.entries(attributes)) {
      if (reservedKeys.has(key)) dropped.push(key)
      else line[key] = value
    }
  }
  for (const key of Object.keys(line)) {
    if (line[key] === undefined || line[key] === null || line[key] === '') delete line[key]
  }
  for (const key of dropped) print('warn', `The key "${key}" is a reserved key and will be dropped.`, [])
  write(level, line)
}

const at =
  (level: Level): LogCall =>
  (message, ...extra) => {
    const keys = requestKeys.getStore()
    print(level, message, keys ? [keys, ...extra] : extra)
  }

/** The logger of the functions: four levels, each line with the current request's keys. */
export const logger: Readonly<Record<Level, LogCall>> = {
  debug: at('debug'),
  info: at('info'),
  warn: at('warn'),
  error: at('error'),
}

if (sampled) logger.debug('Setting log level to DEBUG due to sampling rate')

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
  // The keys Powertools' addContext added to the logger, kept per request instead.
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

/** An error as a log may show it: its name, message and HTTP status, nothing of the request. */
export function errorSummary(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { name: typeof error }
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
  return { name: error.name, message: error.message, ...(status ? { status } : {}) }
}
