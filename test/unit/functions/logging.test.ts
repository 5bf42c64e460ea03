import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiEvent, lambdaContext } from '../../support/events'
import { validContact } from '../../support/leads'

/**
 * The functions' logs as Lambda writes them: outside its dev mode the logger prints one JSON line per entry
 * to the process streams (the other tests read it through the console, in dev mode). Each test loads the
 * modules afresh, so the logger reads the environment the test sets.
 */
type Line = Record<string, unknown>
let lines: Line[]
/** The stream each captured line was written to. */
let streamOf: Map<Line, 'stdout' | 'stderr'>

function captureStreams(): void {
  lines = []
  streamOf = new Map()
  for (const [name, stream] of [
    ['stdout', process.stdout],
    ['stderr', process.stderr],
  ] as const) {
    const write = stream.write.bind(stream)
    vi.spyOn(stream, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      const text = String(chunk)
      for (const line of text.split('\n')) {
        if (!line.startsWith('{')) continue
        try {
          const parsed = JSON.parse(line) as Line
          lines.push(parsed)
          streamOf.set(parsed, name)
        } catch {}
      }
      if (!text.startsWith('{')) return write(chunk as string, ...(rest as []))
      return true
    }) as typeof stream.write)
  }
}

/** The logger alone, loaded afresh with the environment the test set. */
async function loadLogger() {
  vi.resetModules()
  return import('../../../functions/lib/logging')
}

async function load() {
  vi.resetModules()
  const http = await import('../../../functions/lib/http')
  const lead = await import('../../../functions/lib/lead-http')
  return { ...http, ...lead }
}

beforeEach(() => {
  vi.stubEnv('POWERTOOLS_DEV', '')
  captureStreams()
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
})

describe('structured logs (functions/lib/logging.ts)', () => {
  it('logs a fault of ours as one JSON line with level, request id, route, cold start and service', async () => {
    const { httpHandler } = await load()
    const handler = httpHandler('create-contact', async () => {
      throw new Error('table gone')
    })
    const reply = await handler(apiEvent('create-contact', { body: {} }), lambdaContext)
    expect(reply.statusCode).toBe(500)
    const line = lines.find((entry) => entry.message === 'request failed')
    expect(line).toMatchObject({
      level: 'ERROR',
      requestId: 'aws-request-1',
      function_request_id: 'aws-request-1',
      route: 'create-contact',
      cold_start: expect.any(Boolean),
      service: 'lead-api',
      error: { name: 'Error', message: 'table gone' },
    })
    // The reply names the same request id, and nothing internal.
    expect(JSON.parse(String(reply.body)).requestId).toBe('aws-request-1')
    expect(String(reply.body)).not.toContain('table gone')
  })

  it('never logs the lead: a filled honeypot is logged without any of its fields', async () => {
    vi.stubEnv('LEAD_RATE_LIMIT', 'off')
    const { leadHandler, json } = await load()
    const handler = leadHandler('create-contact', async () => json(201, {}), { rateLimit: 'off' })
    const lead = { ...validContact, website: 'http://spam.example' }
    const reply = await handler(apiEvent('create-contact', { body: lead }), lambdaContext)
    expect(reply.statusCode).toBe(200)
    const line = lines.find((entry) => entry.message === 'honeypot filled')
    expect(line).toMatchObject({ level: 'INFO', route: 'create-contact', requestId: 'aws-request-1' })
    const logged = JSON.stringify(lines)
    for (const value of Object.values(lead)) {
      if (typeof value === 'string' && value.length > 3) expect(logged).not.toContain(value)
    }
  })

  it('takes its level from the environment: LOG_LEVEL=ERROR drops the info lines', async () => {
    vi.stubEnv('LOG_LEVEL', 'ERROR')
    const { leadHandler, json } = await load()
    const handler = leadHandler('create-contact', async () => json(201, {}), { rateLimit: 'off' })
    await handler(
      apiEvent('create-contact', { body: { ...validContact, website: 'http://spam.example' } }),
      lambdaContext,
    )
    expect(lines.find((entry) => entry.message === 'honeypot filled')).toBeUndefined()
  })

  it('clears the request keys after the request', async () => {
    const { httpHandler } = await load()
    const { logger } = await import('../../../functions/lib/logging')
    const handler = httpHandler('create-contact', async () => {
      throw new Error('boom')
    })
    await handler(apiEvent('create-contact', { body: {} }), lambdaContext)
    logger.info('between requests')
    const line = lines.find((entry) => entry.message === 'between requests')
    expect(line).toBeDefined()
    expect(line).not.toHaveProperty('route')
    expect(line).not.toHaveProperty('requestId')
  })

  it('keeps the keys of each request apart when requests run at once (the local stand-in runs them in one process)', async () => {
    const { httpHandler, json } = await load()
    const { logger } = await import('../../../functions/lib/logging')
    const handler = httpHandler('create-contact', async ({ requestId }) => {
      logger.info('started', { seen: requestId })
      await new Promise((resolve) => setTimeout(resolve, requestId === 'first' ? 30 : 5))
      logger.info('finished', { seen: requestId })
      return json(201, {})
    })
    const contextOf = (awsRequestId: string) => ({ ...lambdaContext, awsRequestId })
    await Promise.all([
      handler(apiEvent('create-contact', { body: {} }), contextOf('first')),
      handler(apiEvent('create-contact', { body: {} }), contextOf('second')),
    ])
    const logged = lines.filter((entry) => entry.message === 'started' || entry.message === 'finished')
    expect(logged).toHaveLength(4)
    for (const entry of logged) {
      expect(entry.requestId, JSON.stringify(entry)).toBe(entry.seen)
      expect(entry.function_request_id).toBe(entry.seen)
    }
  })

  it('writes the lines Powertools Logger wrote: its keys in its order, INFO on stdout, ERROR on stderr, no empty keys', async () => {
    const { logger, withRequestKeys } = await loadLogger()
    const before = Date.now()
    logger.info('outside a request', { count: 0, empty: '', missing: null, flag: false })
    await withRequestKeys('create-quote', 'request-7', lambdaContext, async () => {
      logger.error('inside a request', { error: { name: 'ProvisionedThroughputExceededException' } })
    })
    const outside = lines.find((entry) => entry.message === 'outside a request') as Line
    const inside = lines.find((entry) => entry.message === 'inside a request') as Line
    expect(Object.keys(outside)).toEqual([
      'level',
      'message',
      'timestamp',
      'service',
      'sampling_rate',
      'count',
      'flag',
    ])
    expect(outside).toMatchObject({
      level: 'INFO',
      service: 'lead-api',
      sampling_rate: 0,
      count: 0,
      flag: false,
    })
    expect(Date.parse(String(outside.timestamp))).toBeGreaterThanOrEqual(before)
    expect(String(outside.timestamp)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(Object.keys(inside)).toEqual([
      'level',
      'message',
      'timestamp',
      'service',
      'cold_start',
      'function_name',
      'function_request_id',
      'sampling_rate',
      'route',
      'requestId',
      'error',
    ])
    // The DynamoDB throttling alarm's metric filter reads $.error.name (infra/constructs/notifications.ts).
    expect(inside).toMatchObject({
      level: 'ERROR',
      function_name: 'test',
      function_request_id: 'aws-request-1',
      error: { name: 'ProvisionedThroughputExceededException' },
    })
    expect(streamOf.get(outside)).toBe('stdout')
    expect(streamOf.get(inside)).toBe('stderr')
  })

  it("takes the level from POWERTOOLS_LOG_LEVEL before LOG_LEVEL, and from Lambda's own log level before both", async () => {
    vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'WARN')
    vi.stubEnv('LOG_LEVEL', 'DEBUG')
    let { logger } = await loadLogger()
    logger.info('info at WARN')
    logger.warn('warn at WARN')
    vi.stubEnv('AWS_LAMBDA_LOG_LEVEL', 'DEBUG')
    ;({ logger } = await loadLogger())
    logger.debug('debug at Lambda DEBUG')
    const messages = lines.map((entry) => entry.message)
    expect(messages).not.toContain('info at WARN')
    expect(messages).toContain('warn at WARN')
    expect(messages).toContain('debug at Lambda DEBUG')
  })

  it("names the invocation's X-Ray trace (the Root of _X_AMZN_TRACE_ID) and the service of POWERTOOLS_SERVICE_NAME", async () => {
    vi.stubEnv(
      '_X_AMZN_TRACE_ID',
      'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
    )
    vi.stubEnv('POWERTOOLS_SERVICE_NAME', 'leads-staging')
    const { logger } = await loadLogger()
    logger.warn('traced')
    expect(lines.find((entry) => entry.message === 'traced')).toMatchObject({
      service: 'leads-staging',
      xray_trace_id: '1-5759e988-bd862e3fe1be46a994272793',
    })
  })

  it('keeps its own keys when the code passes one of the same name, and says so', async () => {
    const { logger } = await loadLogger()
    logger.info('own keys', { level: 'DEBUG', service: 'other', kept: 1 })
    expect(lines.find((entry) => entry.message === 'own keys')).toMatchObject({
      level: 'INFO',
      service: 'lead-api',
      kept: 1,
    })
    expect(lines.map((entry) => entry.message)).toContain(
      'The key "level" is a reserved key and will be dropped.',
    )
  })

  it('writes indented JSON through the global console in dev mode (POWERTOOLS_DEV), where console spies see it', async () => {
    vi.stubEnv('POWERTOOLS_DEV', 'true')
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { logger } = await loadLogger()
    logger.error('through the console', { id: 'x' })
    expect(lines.find((entry) => entry.message === 'through the console')).toBeUndefined()
    const printed = String(error.mock.calls[0]?.[0])
    expect(printed).toContain('\n    "message": "through the console"')
    expect(JSON.parse(printed)).toMatchObject({ level: 'ERROR', message: 'through the console', id: 'x' })
  })
})
