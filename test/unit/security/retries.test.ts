import { createServer, type Server, type Socket } from 'node:net'
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { awsClientConfig } from '../../../functions/lib/aws-config'
import { countingDynamo, dynamo, resetClients } from '../../../functions/lib/clients'
import { countStored } from '../../../functions/lib/db/counters'
import { putIfAbsent } from '../../../functions/lib/db/partition-io'
import { logger } from '../../../functions/lib/logging'
import { publish } from '../../../functions/lib/notify'
import { putUpload } from '../../../functions/lib/upload-storage'
import { defaultTimeoutSeconds, routes } from '../../../functions/routes'
import { startFakeS3, startFakeSns } from '../../support/fake-aws'
import { writeFigures } from '../../support/figures'

/**
 * Bounded retries. aws-sdk-client-mock replaces `send`, so it never sees the SDK's retries
 * or timeouts; these tests keep the real clients of functions/lib/clients.ts and replace only what is below
 * them: a fake request handler that fails N times (counting the attempts), and a loopback server that
 * accepts requests and never answers (proving the per-attempt timeout). A failing call must end, with its
 * retries, well within the shortest timeout of any route's function.
 */
const budgetMs = Math.min(
  ...routes.map(
    (route) => ((route as { timeoutSeconds?: number }).timeoutSeconds ?? defaultTimeoutSeconds) * 1000,
  ),
)

type FakeAnswer = { statusCode: number; headers?: Record<string, string>; body?: string } | Error

/** A request handler that answers each attempt from `answers` (the last one repeats), counting attempts. */
function fakeHandler(answers: FakeAnswer[]) {
  const handler = {
    attempts: 0,
    async handle() {
      const answer = answers[Math.min(handler.attempts, answers.length - 1)]!
      handler.attempts += 1
      if (answer instanceof Error) throw answer
      return {
        response: {
          statusCode: answer.statusCode,
          headers: answer.headers ?? {},
          body: new TextEncoder().encode(answer.body ?? ''),
        },
      }
    },
    updateHttpClientConfig() {},
    httpHandlerConfigs: () => ({}),
  }
  return handler
}

const dynamoJson = { 'content-type': 'application/x-amz-json-1.0' }
const dynamoError = (type: string, statusCode = 400): FakeAnswer => ({
  statusCode,
  headers: dynamoJson,
  body: JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message: type }),
})
const dynamoItem: FakeAnswer = {
  statusCode: 200,
  headers: dynamoJson,
  body: JSON.stringify({ Item: { pk: { S: 'a' } } }),
}
const timeout = () =>
  Object.assign(new Error('request timed out'), { name: 'TimeoutError', code: 'ETIMEDOUT' })

/** Installs a fake handler under a client of clients.ts (the client is built as the functions build it). */
function under(client: { config: { requestHandler: unknown } }, answers: FakeAnswer[]) {
  const handler = fakeHandler(answers)
  client.config.requestHandler = handler
  return handler
}

const getItem = () => dynamo().send(new GetCommand({ TableName: 'leads', Key: { pk: 'a', sk: 'b' } }))

const figures: Record<string, { attempts: number; ms: number }> = {}
afterAll(() => {
  if (Object.keys(figures).length > 0) writeFigures('retries', { budgetMs, cases: figures })
})

/**
 * Runs `call`, timing it. Under the fake clock (the fake request handler's tests) the SDK's backoff waits pass
 * at once, and the time taken is the clock's: exactly the waits the SDK would have made.
 */
async function timed<T>(name: string, attempts: () => number, call: () => Promise<T>) {
  const started = performance.now()
  const settled = call().then(
    (value) => ({ value, error: undefined }),
    (error: Error) => ({ value: undefined, error }),
  )
  let done = false
  void settled.finally(() => {
    done = true
  })
  // Each step lets real work finish first (the SDK loads parts of itself on the first call), then moves the
  // clock to the next wait.
  while (vi.isFakeTimers() && !done) await vi.advanceTimersToNextTimerAsync()
  const outcome = await settled
  const ms = Math.round(performance.now() - started)
  figures[name] = { attempts: attempts(), ms }
  expect(ms, `${name} took ${ms} ms`).toBeLessThan(budgetMs)
  return { ...outcome, ms }
}

describe('retries of the real clients (fake request handler)', () => {
  beforeEach(() => {
    resetClients()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
  })
  afterEach(() => {
    vi.useRealTimers()
    resetClients()
  })

  it('the clients make at most 3 attempts', async () => {
    expect(await dynamo().config.maxAttempts()).toBe(3)
    // S3's calls and SNS Publish are signed requests (functions/lib/aws-request.ts) with the same setting.
    expect(awsClientConfig.maxAttempts).toBe(3)
  })

  it.each([
    [
      'DynamoDB throttling',
      dynamoError('ProvisionedThroughputExceededException'),
      'ProvisionedThroughputExceededException',
    ],
    ['DynamoDB ThrottlingException', dynamoError('ThrottlingException'), 'ThrottlingException'],
    ['DynamoDB 500', dynamoError('InternalServerError', 500), 'InternalServerError'],
    ['DynamoDB timeout', timeout(), 'TimeoutError'],
  ])('%s: 3 attempts, then the error', async (name, answer, errorName) => {
    const handler = under(dynamo(), [answer])
    const { error } = await timed(name, () => handler.attempts, getItem)
    expect(error?.name).toBe(errorName)
    expect(handler.attempts).toBe(3)
  })

  it('DynamoDB: two throttles then success: 3 attempts and the item', async () => {
    const throttle = dynamoError('ProvisionedThroughputExceededException')
    const handler = under(dynamo(), [throttle, throttle, dynamoItem])
    const { value } = await timed('DynamoDB throttled twice', () => handler.attempts, getItem)
    expect(value?.Item).toEqual({ pk: 'a' })
    expect(handler.attempts).toBe(3)
  })

  it.each([
    ['a failed condition', 'ConditionalCheckFailedException'],
    ['a validation error', 'ValidationException'],
  ])('DynamoDB %s is not retried: 1 attempt', async (name, type) => {
    const handler = under(dynamo(), [dynamoError(type)])
    const { error } = await timed(`DynamoDB ${name}`, () => handler.attempts, getItem)
    expect(error?.name).toBe(type)
    expect(handler.attempts).toBe(1)
  })

  // A counter's ADD is not idempotent: sent again after an answer that came too late, it would count twice.
  it.each([
    ['DynamoDB timeout', timeout(), 'TimeoutError'],
    ['DynamoDB 500', dynamoError('InternalServerError', 500), 'InternalServerError'],
    [
      'DynamoDB connection reset',
      Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      'Error',
    ],
  ])('a counter update after a %s: 1 attempt, then the error', async (name, answer, errorName) => {
    const handler = under(countingDynamo(), [answer])
    const add = () =>
      countingDynamo().send(
        new UpdateCommand({
          TableName: 'leads',
          Key: { pk: 'COUNTER', sk: 'QUOTE' },
          UpdateExpression: 'ADD #count :one',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1 },
        }),
      )
    const { error } = await timed(`counter after a ${name}`, () => handler.attempts, add)
    expect(error?.name).toBe(errorName)
    expect(handler.attempts).toBe(1)
  })

  it('a counter update that is throttled is sent again: 3 attempts, and then it counts', async () => {
    const throttle = dynamoError('ThrottlingException')
    const counted = { statusCode: 200, headers: dynamoJson, body: '{}' }
    const handler = under(countingDynamo(), [throttle, throttle, counted])
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined)
    try {
      const { error } = await timed(
        'counter throttled twice',
        () => handler.attempts,
        () => countStored('leads', 'QUOTE', 1),
      )
      expect(error).toBeUndefined()
      expect(handler.attempts).toBe(3)
      expect(errors).not.toHaveBeenCalled()
    } finally {
      errors.mockRestore()
    }
  })

  it("countStored after a timeout: one attempt, the request goes on, and the alarm's log says it may be one off", async () => {
    const handler = under(countingDynamo(), [timeout()])
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined)
    try {
      const { error } = await timed(
        'countStored after a timeout',
        () => handler.attempts,
        () => countStored('leads', 'QUOTE', 1),
      )
      expect(error).toBeUndefined()
      expect(handler.attempts).toBe(1)
      expect(String(errors.mock.calls[0]?.[0])).toMatch(/^counter not updated; .*may be one off/)
      // The other writes keep their three attempts.
      expect(await dynamo().config.maxAttempts()).toBe(3)
    } finally {
      errors.mockRestore()
    }
  })

  // A conditional put sent again after an attempt that timed out finds the item that attempt wrote.
  describe('putIfAbsent after an attempt that may have been made', () => {
    const lead = {
      pk: 'CONTACT',
      sk: '2026-11-27T10:00:00.000Z#l1',
      id: 'l1',
      name: 'Asha',
      tags: ['a'],
      n: 2.5,
    }
    const refused = (item?: Record<string, unknown>): FakeAnswer => ({
      statusCode: 400,
      headers: dynamoJson,
      body: JSON.stringify({
        __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
        message: 'The conditional request failed',
        ...(item ? { Item: item } : {}),
      }),
    })
    const stored = {
      pk: { S: lead.pk },
      sk: { S: lead.sk },
      id: { S: 'l1' },
      name: { S: 'Asha' },
      tags: { L: [{ S: 'a' }] },
      n: { N: '2.5' },
    }

    it('a retry that finds the very item written: written by this call (true), after 2 attempts', async () => {
      const handler = under(dynamo(), [timeout(), refused(stored)])
      const { value } = await timed(
        'putIfAbsent, own write found',
        () => handler.attempts,
        () => putIfAbsent('leads', { ...lead, note: undefined }),
      )
      expect(value).toBe(true)
      expect(handler.attempts).toBe(2)
    })

    it.each([
      ['another item under the key', { ...stored, name: { S: 'Ravi' } }],
      ['no item sent back', undefined],
    ])('a retry that finds %s: not written (false)', async (name, item) => {
      const handler = under(dynamo(), [timeout(), refused(item)])
      const { value } = await timed(
        `putIfAbsent, ${name}`,
        () => handler.attempts,
        () => putIfAbsent('leads', lead),
      )
      expect(value).toBe(false)
      expect(handler.attempts).toBe(2)
    })

    it('a first attempt that finds the same item: someone else wrote it (false)', async () => {
      const handler = under(dynamo(), [refused(stored)])
      const { value } = await timed(
        'putIfAbsent, found at once',
        () => handler.attempts,
        () => putIfAbsent('leads', lead),
      )
      expect(value).toBe(false)
      expect(handler.attempts).toBe(1)
    })
  })

  // S3's calls are signed requests (functions/lib/bucket-request.ts), not an SDK client: a loopback S3 answers
  // each attempt of the functions' own PutObject (a timeout is a real one, on the real clock).
  it.each([
    ['S3 503 SlowDown', { error: 'SlowDown', status: 503 }, 'SlowDown'],
    ['S3 500', { error: 'InternalError', status: 500 }, 'InternalError'],
    ['S3 timeout', 'hang', 'TimeoutError'],
  ] as const)(
    '%s: 3 attempts, then the error',
    async (name, answer, errorName) => {
      vi.useRealTimers()
      const fake = await startFakeS3()
      fake.answer = () => answer
      vi.stubEnv('AWS_ENDPOINT_URL_S3', fake.url)
      try {
        const put = () => putUpload('resources/x', new TextEncoder().encode('x'), 'text/plain')
        const { error } = await timed(name, () => fake.requests.length, put)
        expect(error?.name).toBe(errorName)
        expect(fake.of('PutObject')).toHaveLength(3)
      } finally {
        vi.unstubAllEnvs()
        await fake.close()
      }
    },
    15_000,
  )

  // SNS Publish is one signed request, not an SDK client: a loopback SNS answers each attempt instead of a
  // fake request handler (a timeout is a real one: no answer within the request timeout, on the real clock).
  it.each([
    ['SNS 500', { error: 'InternalError', status: 500 }],
    ['SNS timeout', 'hang'],
  ] as const)(
    '%s: 3 attempts, then the error',
    async (name, answer) => {
      vi.useRealTimers()
      const fake = await startFakeSns()
      fake.answer = () => answer
      vi.stubEnv('AWS_ENDPOINT_URL_SNS', fake.url)
      try {
        const send = () => publish('arn:aws:sns:ap-south-1:123456789012:leads', 'subject', 'x')
        const { error } = await timed(name, () => fake.published.length, send)
        expect(error?.name).toBe(answer === 'hang' ? 'TimeoutError' : 'InternalErrorException')
        expect(fake.published).toHaveLength(3)
      } finally {
        vi.unstubAllEnvs()
        await fake.close()
      }
    },
    15_000,
  )
})

/** A loopback server that takes connections and never answers; counts the requests (attempts). */
async function silentServer(): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>()
  let requests = 0
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('data', (chunk) => {
      requests += (chunk.toString('latin1').match(/^(GET|PUT|POST|DELETE|HEAD) /gm) ?? []).length
    })
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

describe('per-attempt timeouts (a server that never answers)', () => {
  const saved: Record<string, string | undefined> = {}
  const endpoints = ['AWS_ENDPOINT_URL_DYNAMODB']
  afterEach(() => {
    vi.useRealTimers()
    for (const name of endpoints) {
      if (saved[name] === undefined) delete process.env[name]
      else process.env[name] = saved[name]
    }
    resetClients()
  })

  // SNS Publish and S3's calls, signed requests below the SDK, have their own silent-server cases above ('SNS
  // timeout', 'S3 timeout', on the real clock): their attempts cannot be counted as they begin, which this fake
  // clock needs.
  it(`the DynamoDB client gives up after 3 timed-out attempts, well within the shortest function timeout`, async () => {
    const servers = { dynamodb: await silentServer() }
    for (const name of endpoints) saved[name] = process.env[name]
    process.env.AWS_ENDPOINT_URL_DYNAMODB = servers.dynamodb.url
    resetClients()
    // The SDK's timeouts and backoff waits run on a fake clock, which moves only once every attempt begun has
    // reached its server (so no timeout fires before its request is out): `ms` is the clock's, the time the
    // calls take against a server that never answers.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    const clients = { dynamodb: dynamo() }
    const begun = { dynamodb: 0 }
    for (const name of Object.keys(clients) as (keyof typeof clients)[]) {
      const handler = clients[name].config.requestHandler as { handle: (...args: unknown[]) => unknown }
      const handle = handler.handle.bind(handler)
      handler.handle = (...args) => {
        begun[name] += 1
        return handle(...args)
      }
    }
    const allOut = () =>
      (Object.keys(servers) as (keyof typeof servers)[]).every(
        (name) => servers[name].requests() >= begun[name],
      )
    // A call still pending at the budget is reported as such (without the fix it would hang for minutes).
    const bounded = <T>(call: Promise<T>) =>
      Promise.race([
        call.then(
          () => 'answered',
          (error: Error) => error.name,
        ),
        new Promise<string>((resolve) => setTimeout(() => resolve('still waiting at the budget'), budgetMs)),
      ])
    try {
      const started = performance.now()
      const calls = Promise.all([bounded(getItem())])
      let done = false
      void calls.finally(() => {
        done = true
      })
      while (!done) {
        await new Promise((resolve) => setImmediate(resolve))
        if (allOut()) await vi.advanceTimersToNextTimerAsync()
      }
      const outcomes = await calls
      const ms = Math.round(performance.now() - started)
      figures['silent server (DynamoDB)'] = { attempts: servers.dynamodb.requests(), ms }
      expect(outcomes).toEqual(['TimeoutError'])
      expect(servers.dynamodb.requests()).toBe(3)
      expect(ms).toBeLessThan(budgetMs)
    } finally {
      await Promise.all(Object.values(servers).map((server) => server.close()))
    }
  }, 60_000)
})
