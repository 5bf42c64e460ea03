import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiEvent, lambdaContext } from '../../support/events'
import { validContact } from '../../support/leads'

/**
 * The functions' logs as Lambda writes them: Powertools Logger outside its dev mode prints one JSON line per
 * entry to the process streams (the other tests read it through the console, in dev mode). Each test loads
 * the modules afresh, so the logger reads the environment the test sets.
 */
type Line = Record<string, unknown>
let lines: Line[]

function captureStreams(): void {
  lines = []
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream)
    vi.spyOn(stream, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      const text = String(chunk)
      for (const line of text.split('\n')) {
        if (!line.startsWith('{')) continue
        try {
          lines.push(JSON.parse(line) as Line)
        } catch {}
      }
      if (!text.startsWith('{')) return write(chunk as string, ...(rest as []))
      return true
    }) as typeof stream.write)
  }
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

describe('structured logs (Powertools Logger)', () => {
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
})
