import { createHash, createHmac } from 'node:crypto'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { SignatureV4 } from '@smithy/signature-v4'
import { awsClientConfig } from './aws-config'

/**
 * One AWS API call as a single SigV4-signed HTTPS request, for the services the functions call once or
 * twice per request (SSM GetParameter for the two secrets): the service's SDK client weighs tens of KB in
 * every bundle and most of its cold import, for one operation. The call keeps what the SDK clients of
 * clients.ts are set up with (aws-config.ts): at most {@link awsClientConfig}.maxAttempts attempts, each
 * with its connection and request timeouts (a TimeoutError when exceeded), the SDK's standard backoff
 * between them (100 ms base after timeouts and 5xx, 500 ms after throttles, full jitter), and errors named
 * as the SDK names them (the service's error code, with `$metadata.httpStatusCode`).
 *
 * Credentials come from the environment, as functions/lib/lambda-credentials.ts gives them to the SDK
 * clients (Lambda puts the role's there); the region from AWS_REGION. The endpoint is the service's regional
 * one, or AWS_ENDPOINT_URL_<SERVICE> / AWS_ENDPOINT_URL where set, as the SDK reads them.
 */

/** What to send: the service (its signing name and endpoint prefix) and the HTTP request. */
export interface AwsCall {
  /** The signing name and endpoint prefix, e.g. `ssm`. */
  readonly service: string
  /** The suffix of AWS_ENDPOINT_URL_<SERVICE> (the SDK's service id, upper case), e.g. `SSM`. */
  readonly endpointEnv: string
  /** The endpoint of a global service (CloudFront), instead of `https://<service>.<region>.amazonaws.com`. */
  readonly globalEndpoint?: string
  /** The region a global service signs for (CloudFront: us-east-1), instead of the function's. */
  readonly signingRegion?: string
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  readonly path?: string
  /** The query's parameters (signed with the rest). */
  readonly query?: Readonly<Record<string, string>>
  readonly headers: Readonly<Record<string, string>>
  /** Text (sent as UTF-8) or bytes (an object or a part of one, for S3), signed with its SHA-256. */
  readonly body?: string | Uint8Array
  /**
   * S3 answers CompleteMultipartUpload (among others) 200 when it has started its reply, and reports a failure
   * after that as an `<Error>` document in the body: read such a reply, or an empty one, as the 503 the SDK's
   * S3 client makes of it (retried like one). Only for calls whose success is an XML document.
   */
  readonly errorIn200?: boolean
  /**
   * The SDK's name of an error code, where the two differ (the awsQuery services answer `Throttled` for the
   * SDK's ThrottledException); by default the code itself.
   */
  readonly errorName?: (code: string) => string
}

/** A reply of the service (status 2xx). */
export interface AwsReply {
  readonly statusCode: number
  readonly headers: IncomingHttpHeaders
  /** The body as UTF-8 text. */
  readonly body: string
  /**
   * The body's bytes as they came (an object's, which may be binary); awsRequest always sets them, a test's
   * stand-in for it may leave them out.
   */
  readonly bytes?: Buffer
}

/** A failed call, named and shaped as the SDK's service errors are. */
export class AwsServiceError extends Error {
  readonly $metadata: { httpStatusCode?: number; requestId?: string; attempts: number }
  readonly $fault: 'client' | 'server'

  constructor(
    name: string,
    message: string,
    metadata: { httpStatusCode?: number; requestId?: string; attempts: number },
  ) {
    super(message)
    this.name = name
    this.$metadata = metadata
    this.$fault = (metadata.httpStatusCode ?? 500) >= 500 ? 'server' : 'client'
  }
}

/** Error codes the SDK retries as throttling (with the longer backoff). */
const throttlingCodes = new Set([
  'Throttling',
  'ThrottlingException',
  'ThrottledException',
  'RequestThrottledException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'TransactionInProgressException',
  'RequestLimitExceeded',
  'BandwidthLimitExceeded',
  'LimitExceededException',
  'RequestThrottled',
  'SlowDown',
  'PriorRequestNotComplete',
  'EC2ThrottledException',
])
/** Network failures the SDK retries as transient. */
const transientNetworkCodes = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN'])
const transientStatuses = new Set([500, 502, 503, 504])

/** SHA-256 and HMAC-SHA256 from node:crypto, in the shape SignatureV4 takes. */
type SourceData = string | ArrayBuffer | ArrayBufferView

const bytesOf = (data: SourceData): string | Uint8Array =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data)

class NodeSha256 {
  private readonly hash

  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret))
  }

  update(data: SourceData): void {
    this.hash.update(bytesOf(data))
  }

  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest())
  }
}

/**
 * The SigV4 signer of `service` in `region` with the environment's credentials. S3 signs the path as it is
 * sent (an object key is percent-encoded once, by the caller), every other service its encoding again.
 */
export function signerFor(
  service: string,
  region: string,
  credentials = environmentCredentials(),
  applyChecksum = true,
): SignatureV4 {
  return new SignatureV4({
    service,
    region,
    credentials,
    sha256: NodeSha256,
    applyChecksum,
    uriEscapePath: service !== 's3',
  })
}

/** RFC 3986 encoding, as SigV4 canonicalises paths and queries (encodeURIComponent leaves !'()* alone). */
export const escapeUri = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)

/** A query string encoded exactly as it is signed (URLSearchParams would send a space as `+`). */
export const queryString = (query: Readonly<Record<string, string>>): string =>
  Object.entries(query)
    .map(([name, value]) => `${escapeUri(name)}=${escapeUri(value)}`)
    .join('&')

/** The function role's credentials, which Lambda puts in the environment. */
export function environmentCredentials(): {
  accessKeyId: string
  secretAccessKey: string
  sessionToken?: string
} {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY
  if (!accessKeyId || !secretAccessKey) {
    throw new AwsServiceError(
      'CredentialsProviderError',
      'Unable to find environment variable credentials.',
      {
        attempts: 0,
      },
    )
  }
  const sessionToken = process.env.AWS_SESSION_TOKEN
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }
}

/** The region of the function (AWS_REGION, which Lambda sets). */
export function awsRegion(): string {
  const region = process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION
  if (!region) throw new AwsServiceError('Error', 'Region is missing', { attempts: 0 })
  return region
}

/** The endpoint of `call`'s service: its override from the environment, else the regional one. */
export function endpointOf(
  call: Pick<AwsCall, 'service' | 'endpointEnv' | 'globalEndpoint'>,
  region: string,
): URL {
  const override = process.env[`AWS_ENDPOINT_URL_${call.endpointEnv}`] || process.env.AWS_ENDPOINT_URL
  return new URL(override || call.globalEndpoint || `https://${call.service}.${region}.amazonaws.com`)
}

/** Text as XML character data (the bodies of the XML services: CloudFront, S3). */
export const xmlText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The text of XML character data, its five entities read back. */
export const textOfXml = (xml: string): string =>
  xml
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&amp;/g, '&')

/** The error code and message of a failed reply: JSON (`__type`, `message`) or XML (`<Code>`, `<Message>`). */
function errorOf(reply: AwsReply): { code: string; message: string } {
  const header = reply.headers['x-amzn-errortype']
  let code = typeof header === 'string' ? header.split(':')[0] : undefined
  let message: string | undefined
  try {
    const parsed = JSON.parse(reply.body) as Record<string, unknown>
    const type = parsed.__type ?? parsed.code ?? parsed.Code
    if (!code && typeof type === 'string') code = type
    const text = parsed.message ?? parsed.Message
    if (typeof text === 'string') message = text
  } catch {
    code ??= /<Code>([^<]*)<\/Code>/.exec(reply.body)?.[1]
    message = /<Message>([^<]*)<\/Message>/.exec(reply.body)?.[1]
  }
  // `com.amazonaws.ssm#ParameterNotFound` → `ParameterNotFound`
  const name =
    code?.slice(code.lastIndexOf('#') + 1) || (reply.statusCode >= 500 ? 'ServiceError' : 'UnknownError')
  return { code: name, message: message ?? name }
}

/** Sends one signed request; resolves with the reply whatever its status. */
function attempt(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array,
): Promise<AwsReply> {
  const { connectionTimeout, requestTimeout } = awsClientConfig.requestHandler
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest
  return new Promise((resolve, reject) => {
    const request = send(url, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () => {
        const bytes = Buffer.concat(chunks)
        resolve({
          statusCode: response.statusCode ?? 0,
          headers: response.headers,
          body: bytes.toString('utf8'),
          bytes,
        })
      })
    })
    const fail = (name: string, message: string) => {
      request.destroy(Object.assign(new Error(message), { name, code: 'ETIMEDOUT' }))
    }
    const whole = setTimeout(
      () => fail('TimeoutError', `Request did not complete within ${requestTimeout} ms`),
      requestTimeout,
    )
    request.on('socket', (socket) => {
      if (!socket.connecting) return
      const connect = setTimeout(
        () =>
          fail(
            'TimeoutError',
            `Socket timed out without establishing a connection within ${connectionTimeout} ms`,
          ),
        connectionTimeout,
      )
      socket.once('connect', () => clearTimeout(connect))
      socket.once('close', () => clearTimeout(connect))
    })
    request.on('error', (error) => {
      clearTimeout(whole)
      reject(error)
    })
    request.on('close', () => clearTimeout(whole))
    request.end(body)
  })
}

/**
 * A 2xx reply of S3 that reports a failure (see AwsCall.errorIn200) as the SDK's S3 client reads it: an
 * `<Error>` document or no body at all is a 503.
 */
function s3ErrorIn200(reply: AwsReply): AwsReply {
  if (reply.body.length === 0) {
    return {
      ...reply,
      statusCode: 503,
      body: '<Error><Code>InternalError</Code><Message>S3 aborted request</Message></Error>',
    }
  }
  return reply.body.trimEnd().endsWith('</Error>') ? { ...reply, statusCode: 503 } : reply
}

/** The wait before retry number `retry` (1, 2, …): the SDK's full-jitter exponential backoff. */
const sdkBackoff = (retry: number, throttled: boolean): number =>
  Math.floor(Math.min(20_000, Math.random() * 2 ** retry * (throttled ? 500 : 100)))
let backoff = sdkBackoff

/** Tests only: the wait before each retry (milliseconds). Without an argument, the SDK's backoff again. */
export function setAwsRetryBackoff(wait?: (retry: number, throttled: boolean) => number): void {
  backoff = wait ?? sdkBackoff
}

/**
 * Sends `call`, signed, with the SDK's attempts, timeouts and backoff; resolves with a 2xx reply, else
 * throws an {@link AwsServiceError} named by the service's error code (or the network's TimeoutError…).
 */
export async function awsRequest(call: AwsCall): Promise<AwsReply> {
  const region = awsRegion()
  const url = endpointOf(call, region)
  const path = `${url.pathname.replace(/\/$/, '')}${call.path ?? '/'}`
  const signer = signerFor(call.service, call.signingRegion ?? region)
  const body = call.body ?? ''
  const maxAttempts = awsClientConfig.maxAttempts
  for (let attempts = 1; ; attempts += 1) {
    let retryable: boolean
    let throttled = false
    let failure: Error
    try {
      const signed = await signer.sign({
        method: call.method,
        protocol: url.protocol,
        hostname: url.hostname,
        ...(url.port ? { port: Number(url.port) } : {}),
        path,
        query: { ...call.query },
        headers: { ...call.headers, host: url.host, 'content-length': String(Buffer.byteLength(body)) },
        body,
      })
      const search = call.query ? `?${queryString(call.query)}` : ''
      const sent = await attempt(
        new URL(`${url.protocol}//${url.host}${path}${search}`),
        call.method,
        signed.headers as Record<string, string>,
        body,
      )
      const ok = sent.statusCode >= 200 && sent.statusCode < 300
      const reply = ok && call.errorIn200 ? s3ErrorIn200(sent) : sent
      if (reply.statusCode >= 200 && reply.statusCode < 300) return reply
      const parsed = errorOf(reply)
      const code = call.errorName ? call.errorName(parsed.code) : parsed.code
      const message = parsed.message
      const requestId = reply.headers['x-amzn-requestid'] ?? reply.headers['x-amz-request-id']
      failure = new AwsServiceError(code, message, {
        httpStatusCode: reply.statusCode,
        ...(typeof requestId === 'string' ? { requestId } : {}),
        attempts,
      })
      throttled = throttlingCodes.has(code) || reply.statusCode === 429
      retryable = throttled || transientStatuses.has(reply.statusCode)
    } catch (error) {
      if (error instanceof AwsServiceError || !(error instanceof Error)) throw error
      failure = error
      const code = (error as { code?: string }).code
      retryable = error.name === 'TimeoutError' || (code !== undefined && transientNetworkCodes.has(code))
    }
    if (!retryable || attempts >= maxAttempts) throw failure
    await new Promise((resolve) => setTimeout(resolve, backoff(attempts, throttled)))
  }
}
