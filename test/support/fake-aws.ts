import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import { setAwsRetryBackoff } from '../../functions/lib/aws-request'
import { pathStyleObject, type S3Reply, type S3Request, s3CommandOf, s3Success } from './s3-requests'

/**
 * Loopback stand-ins for the AWS operations the functions send as one signed request
 * (functions/lib/aws-request.ts) rather than through an SDK client that aws-sdk-client-mock could replace:
 * SSM GetParameter (the secrets), CloudFront CreateInvalidation and S3's object calls. Every request (each attempt, retries
 * included) is recorded with its headers and body; `answer` decides the reply: a success, a service error
 * (throttling, not found, a 5xx), a body of the wrong kind, or no answer at all.
 */
export type FakeAnswer =
  | { readonly status: number; readonly body: string | Buffer; readonly headers?: Record<string, string> }
  | 'hang'

export interface FakeRequest {
  readonly method: string
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
  /** The body's bytes, as sent. */
  readonly bytes: Buffer
}

interface FakeEndpoint {
  /** The endpoint, for AWS_ENDPOINT_URL_<SERVICE>. */
  readonly url: string
  readonly received: FakeRequest[]
  close(): Promise<void>
}

async function startFakeEndpoint(reply: (request: FakeRequest) => FakeAnswer): Promise<FakeEndpoint> {
  const received: FakeRequest[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const bytes = Buffer.concat(chunks)
      const seen = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: bytes.toString('utf8'),
        bytes,
      }
      received.push(seen)
      const answer = reply(seen)
      if (answer === 'hang') return
      response.writeHead(answer.status, { 'x-amzn-requestid': 'fake-request', ...answer.headers })
      response.end(answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** What the fake SSM answers a GetParameter. */
export type SsmAnswer =
  | { readonly value: string }
  | { readonly error: string; readonly status?: number; readonly message?: string }
  | { readonly status: number; readonly body: string }
  | 'hang'

export interface SsmRequest {
  readonly input: { Name: string; WithDecryption?: boolean }
  readonly headers: IncomingHttpHeaders
}

export interface FakeSsm {
  /** The endpoint, for AWS_ENDPOINT_URL_SSM. */
  readonly url: string
  /** The GetParameter requests received, oldest first. */
  readonly requests: SsmRequest[]
  /** What to answer a request (replace it per test). */
  answer: (input: { Name: string }) => SsmAnswer
  close(): Promise<void>
}

const ssmJson = { 'content-type': 'application/x-amz-json-1.1' }

export async function startFakeSsm(): Promise<FakeSsm> {
  const requests: SsmRequest[] = []
  const fake = {
    requests,
    answer: (() => ({ error: 'ParameterNotFound', message: 'Parameter not found' })) as FakeSsm['answer'],
  }
  const endpoint = await startFakeEndpoint((request): FakeAnswer => {
    if (request.method !== 'POST' || request.headers['x-amz-target'] !== 'AmazonSSM.GetParameter') {
      return { status: 400, headers: ssmJson, body: JSON.stringify({ __type: 'UnknownOperationException' }) }
    }
    const input = JSON.parse(request.body) as SsmRequest['input']
    requests.push({ input, headers: request.headers })
    const answer = fake.answer(input)
    if (answer === 'hang') return answer
    if ('value' in answer) {
      const parameter = { Name: input.Name, Type: 'SecureString', Value: answer.value, Version: 1 }
      return { status: 200, headers: ssmJson, body: JSON.stringify({ Parameter: parameter }) }
    }
    if ('error' in answer) {
      const body = { __type: `com.amazonaws.ssm#${answer.error}`, message: answer.message ?? answer.error }
      return { status: answer.status ?? 400, headers: ssmJson, body: JSON.stringify(body) }
    }
    return { ...answer, headers: ssmJson }
  })
  return Object.assign(fake, { url: endpoint.url, close: endpoint.close })
}

/** A CreateInvalidation the fake CloudFront received. */
export interface InvalidationRequest {
  readonly distributionId: string
  readonly paths: string[]
  readonly quantity: number
  readonly callerReference: string
  readonly headers: IncomingHttpHeaders
}

export interface FakeCloudFront {
  /** The endpoint, for AWS_ENDPOINT_URL_CLOUDFRONT. */
  readonly url: string
  readonly invalidations: InvalidationRequest[]
  /** What to answer (replace it per test): by default 201 with the new invalidation. */
  answer: (request: InvalidationRequest) => FakeAnswer | { readonly error: string; readonly status: number }
  close(): Promise<void>
}

const xmlValues = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) =>
    (match[1] ?? '')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&amp;', '&'),
  )

export async function startFakeCloudFront(): Promise<FakeCloudFront> {
  const invalidations: InvalidationRequest[] = []
  const fake = {
    invalidations,
    answer: ((): FakeAnswer => ({
      status: 201,
      headers: { 'content-type': 'text/xml' },
      body: '<?xml version="1.0"?><Invalidation><Id>I1</Id><Status>InProgress</Status></Invalidation>',
    })) as FakeCloudFront['answer'],
  }
  const endpoint = await startFakeEndpoint((request): FakeAnswer => {
    const match = /^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/.exec(request.path)
    if (request.method !== 'POST' || !match) {
      return {
        status: 404,
        body: '<ErrorResponse><Error><Code>NoSuchOperation</Code></Error></ErrorResponse>',
      }
    }
    const invalidation = {
      distributionId: decodeURIComponent(match[1] ?? ''),
      paths: xmlValues(request.body, 'Path'),
      quantity: Number(xmlValues(request.body, 'Quantity')[0]),
      callerReference: xmlValues(request.body, 'CallerReference')[0] ?? '',
      headers: request.headers,
    }
    invalidations.push(invalidation)
    const answer = fake.answer(invalidation)
    if (answer !== 'hang' && 'error' in answer) {
      return {
        status: answer.status,
        headers: { 'content-type': 'text/xml' },
        body: `<?xml version="1.0"?><ErrorResponse xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Error><Type>Sender</Type><Code>${answer.error}</Code><Message>Rate exceeded</Message></Error><RequestId>r1</RequestId></ErrorResponse>`,
      }
    }
    return answer
  })
  return Object.assign(fake, { url: endpoint.url, close: endpoint.close })
}

/** A Publish the fake SNS received, as the SDK's PublishCommand input. */
export interface PublishInput {
  readonly TopicArn?: string
  readonly Subject?: string
  readonly Message?: string
  /** The `recipient` message attribute's value (notify.ts), when the message carries one. */
  readonly Recipient?: string
  /** The `leadId` and `push` attributes of a message about one lead (what the push relay sends). */
  readonly LeadId?: string
  readonly Push?: string
}

/** A subscription action the fake SNS received: its name and form parameters (Action and Version left out). */
export interface SubscriptionCall {
  readonly action: 'Subscribe' | 'Unsubscribe' | 'SetSubscriptionAttributes'
  readonly params: Readonly<Record<string, string>>
}

export interface FakeSns {
  /** The endpoint, for AWS_ENDPOINT_URL_SNS. */
  readonly url: string
  /** The Publish requests received (each attempt), oldest first. */
  readonly published: PublishInput[]
  /** The headers of each request. */
  readonly headers: IncomingHttpHeaders[]
  /** The Subscribe, Unsubscribe and SetSubscriptionAttributes requests received, oldest first. */
  readonly subscriptionCalls: SubscriptionCall[]
  /** What to answer a subscription action (replace it per test): by default success. */
  answerSubscription: (call: SubscriptionCall) => 'ok' | { readonly error: string; readonly status: number }
  /** What to answer (replace it per test): by default a message id; or an error code of SNS's awsQuery API. */
  answer: (
    input: PublishInput,
  ) => 'ok' | 'hang' | { readonly error: string; readonly status: number; readonly message?: string }
  close(): Promise<void>
}

export async function startFakeSns(): Promise<FakeSns> {
  const published: PublishInput[] = []
  const headers: IncomingHttpHeaders[] = []
  const subscriptionCalls: SubscriptionCall[] = []
  const fake = {
    published,
    headers,
    subscriptionCalls,
    answer: (() => 'ok') as FakeSns['answer'],
    answerSubscription: (() => 'ok') as FakeSns['answerSubscription'],
  }
  const errorReply = (error: string, status: number): FakeAnswer => ({
    status,
    headers: { 'content-type': 'text/xml' },
    body: `<ErrorResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><Error><Type>${status >= 500 ? 'Receiver' : 'Sender'}</Type><Code>${error}</Code><Message>${error}</Message></Error><RequestId>r1</RequestId></ErrorResponse>`,
  })
  const endpoint = await startFakeEndpoint((request): FakeAnswer => {
    const form = new URLSearchParams(request.body)
    const action = form.get('Action')
    if (
      request.method === 'POST' &&
      form.get('Version') === '2010-03-31' &&
      (action === 'Subscribe' || action === 'Unsubscribe' || action === 'SetSubscriptionAttributes')
    ) {
      const params = Object.fromEntries([...form].filter(([name]) => name !== 'Action' && name !== 'Version'))
      const call: SubscriptionCall = { action, params }
      subscriptionCalls.push(call)
      const answer = fake.answerSubscription(call)
      if (answer !== 'ok') return errorReply(answer.error, answer.status)
      const result =
        action === 'Subscribe'
          ? `<SubscribeResult><SubscriptionArn>${params.TopicArn}:sub-${subscriptionCalls.length}</SubscriptionArn></SubscribeResult>`
          : ''
      return {
        status: 200,
        headers: { 'content-type': 'text/xml' },
        body: `<${action}Response xmlns="http://sns.amazonaws.com/doc/2010-03-31/">${result}</${action}Response>`,
      }
    }
    if (request.method !== 'POST' || action !== 'Publish' || form.get('Version') !== '2010-03-31') {
      return { status: 400, body: '<ErrorResponse><Error><Code>InvalidAction</Code></Error></ErrorResponse>' }
    }
    const input: Record<string, string> = {}
    for (const name of ['TopicArn', 'Subject', 'Message']) {
      const value = form.get(name)
      if (value !== null) input[name] = value
    }
    if (form.get('MessageAttributes.entry.1.Name') === 'recipient') {
      input.Recipient = form.get('MessageAttributes.entry.1.Value.StringValue') ?? ''
    }
    // The attributes of a message about one lead (notify.ts pushAttributes), by their entry's name.
    for (let entry = 1; form.has(`MessageAttributes.entry.${entry}.Name`); entry += 1) {
      const name = form.get(`MessageAttributes.entry.${entry}.Name`)
      const value = form.get(`MessageAttributes.entry.${entry}.Value.StringValue`) ?? ''
      if (name === 'leadId') input.LeadId = value
      if (name === 'push') input.Push = value
    }
    published.push(input)
    headers.push(request.headers)
    const answer = fake.answer(input)
    if (answer === 'hang') return answer
    if (answer === 'ok') {
      return {
        status: 200,
        headers: { 'content-type': 'text/xml' },
        body: `<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>m-${published.length}</MessageId></PublishResult></PublishResponse>`,
      }
    }
    return {
      status: answer.status,
      headers: { 'content-type': 'text/xml' },
      body: `<ErrorResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><Error><Type>${answer.status >= 500 ? 'Receiver' : 'Sender'}</Type><Code>${answer.error}</Code><Message>${answer.message ?? answer.error}</Message></Error><RequestId>r1</RequestId></ErrorResponse>`,
    }
  })
  return Object.assign(fake, { url: endpoint.url, close: endpoint.close })
}

/** What the fake S3 answers: a reply (see s3Success), an S3 error code with its status, or nothing at all. */
export type FakeS3Answer =
  | S3Reply
  | { readonly error: string; readonly status: number; readonly message?: string }
  | 'hang'

export interface FakeS3 {
  /** The endpoint, for AWS_ENDPOINT_URL_S3 (so the functions address buckets by path). */
  readonly url: string
  /** Every request received (each attempt, retries included), oldest first. */
  readonly requests: S3Request[]
  /** What to answer (replace it per test): by default each operation's success (s3Success). */
  answer: (request: S3Request) => FakeS3Answer
  /** The requests of one operation, oldest first. */
  of(command: S3Request['command']): S3Request[]
  close(): Promise<void>
}

/** S3's error document. */
export const s3ErrorXml = (code: string, message = code) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>r1</RequestId></Error>`

export async function startFakeS3(): Promise<FakeS3> {
  const requests: S3Request[] = []
  const fake = {
    requests,
    answer: ((request) => s3Success(request)) as FakeS3['answer'],
    of: (command: S3Request['command']) => requests.filter((request) => request.command === command),
  }
  const endpoint = await startFakeEndpoint((received): FakeAnswer => {
    const url = new URL(received.path, 'http://fake')
    const { bucket, key } = pathStyleObject(url.pathname)
    const query = Object.fromEntries(url.searchParams)
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(received.headers)) {
      if (typeof value === 'string') headers[name] = value
    }
    const request: S3Request = {
      command: s3CommandOf(received.method, query, key),
      method: received.method,
      bucket,
      key,
      query,
      headers,
      body: received.bytes,
    }
    requests.push(request)
    const answer = fake.answer(request)
    if (answer === 'hang') return answer
    if ('error' in answer) {
      return {
        status: answer.status,
        headers: { 'content-type': 'application/xml', 'x-amz-request-id': 'r1' },
        body: s3ErrorXml(answer.error, answer.message),
      }
    }
    return answer
  })
  return Object.assign(fake, { url: endpoint.url, close: endpoint.close })
}

/**
 * One fake service for a whole test file: started before its tests (and the retries' backoff made zero, which
 * only slows tests down), closed after them. The returned function gives the running fake.
 */
export function fakeServiceForFile<T extends { close(): Promise<void> }>(start: () => Promise<T>): () => T {
  let fake: T | undefined
  beforeAll(async () => {
    fake = await start()
    setAwsRetryBackoff(() => 0)
  })
  afterAll(async () => {
    setAwsRetryBackoff()
    await fake?.close()
  })
  return () => {
    if (!fake) throw new Error('the fake service runs only inside the tests of its file')
    return fake
  }
}
