import { createServer } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { awsClientConfig } from '../../../functions/lib/aws-config'
import {
  AwsServiceError,
  awsRequest,
  setAwsRetryBackoff,
  signerFor,
} from '../../../functions/lib/aws-request'
import { type FakeS3, type FakeSsm, startFakeS3, startFakeSsm } from '../../support/fake-aws'
import { s3Success } from '../../support/s3-requests'

/**
 * The signed request that replaces an SDK client for one operation (functions/lib/aws-request.ts): its
 * signature against AWS's published SigV4 examples, and its attempts, timeouts and errors against a
 * loopback SSM, as the SDK clients of clients.ts behave (aws-config.ts). Its timeouts: the silent server of
 * test/unit/security/retries.test.ts, through SNS Publish.
 */

describe('SigV4 signing', () => {
  const example = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' }
  const signingDate = new Date('2015-08-30T12:36:00Z')

  it('signs the get-vanilla request of the SigV4 test suite', async () => {
    const signed = await signerFor('service', 'us-east-1', example, false).sign(
      {
        method: 'GET',
        protocol: 'https:',
        hostname: 'example.amazonaws.com',
        path: '/',
        query: {},
        headers: { host: 'example.amazonaws.com' },
      },
      { signingDate },
    )
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    )
    expect(signed.headers['x-amz-date']).toBe('20150830T123600Z')
  })

  it("signs the IAM ListUsers example of AWS's SigV4 documentation", async () => {
    const signed = await signerFor('iam', 'us-east-1', example, false).sign(
      {
        method: 'GET',
        protocol: 'https:',
        hostname: 'iam.amazonaws.com',
        path: '/',
        query: { Action: 'ListUsers', Version: '2010-05-08' },
        headers: {
          host: 'iam.amazonaws.com',
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        },
      },
      { signingDate },
    )
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, ' +
        'SignedHeaders=content-type;host;x-amz-date, Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
    )
  })
})

describe('a signed call', () => {
  let ssm: FakeSsm
  beforeAll(async () => {
    ssm = await startFakeSsm()
  })
  afterAll(async () => {
    await ssm.close()
  })
  beforeEach(() => {
    ssm.requests.length = 0
    vi.stubEnv('AWS_ENDPOINT_URL_SSM', ssm.url)
    vi.stubEnv('AWS_REGION', 'ap-south-1')
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDTEST')
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test-secret')
    vi.stubEnv('AWS_SESSION_TOKEN', '')
    setAwsRetryBackoff(() => 0)
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    setAwsRetryBackoff()
  })

  const getParameter = () =>
    awsRequest({
      service: 'ssm',
      endpointEnv: 'SSM',
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AmazonSSM.GetParameter' },
      body: JSON.stringify({ Name: '/a', WithDecryption: true }),
    })
  const failure = () =>
    getParameter().then(
      () => undefined,
      (error: Error) => error,
    )

  it('is signed for the service and region with the environment credentials, session token included', async () => {
    vi.stubEnv('AWS_SESSION_TOKEN', 'a-session-token')
    ssm.answer = () => ({ value: 'v' })
    const reply = await getParameter()
    expect(JSON.parse(reply.body)).toMatchObject({ Parameter: { Value: 'v' } })
    const [request] = ssm.requests
    expect(request?.input).toEqual({ Name: '/a', WithDecryption: true })
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/ap-south-1\/ssm\/aws4_request, SignedHeaders=[^,]*x-amz-security-token[^,]*, Signature=[0-9a-f]{64}$/,
    )
    expect(request?.headers['x-amz-security-token']).toBe('a-session-token')
  })

  it('retries a throttle up to the attempts of aws-config.ts, then throws it under its SDK name', async () => {
    ssm.answer = () => ({ error: 'ThrottlingException', message: 'Rate exceeded' })
    const error = await failure()
    expect(error).toBeInstanceOf(AwsServiceError)
    expect(error).toMatchObject({
      name: 'ThrottlingException',
      message: 'Rate exceeded',
      $metadata: { httpStatusCode: 400, attempts: awsClientConfig.maxAttempts },
    })
    expect(ssm.requests).toHaveLength(awsClientConfig.maxAttempts)
  })

  it('retries a 5xx, and answers once the service does', async () => {
    ssm.answer = () =>
      ssm.requests.length < awsClientConfig.maxAttempts
        ? { error: 'InternalServerError', status: 500 }
        : { value: 'v' }
    expect(JSON.parse((await getParameter()).body)).toMatchObject({ Parameter: { Value: 'v' } })
    expect(ssm.requests).toHaveLength(awsClientConfig.maxAttempts)
  })

  it('does not retry an error of the request (a missing parameter)', async () => {
    ssm.answer = () => ({ error: 'ParameterNotFound' })
    expect(await failure()).toMatchObject({ name: 'ParameterNotFound', $metadata: { httpStatusCode: 400 } })
    expect(ssm.requests).toHaveLength(1)
  })

  it('names an error reply that is no JSON by its status', async () => {
    ssm.answer = () => ({ status: 502, body: '<html>Bad gateway</html>' })
    expect(await failure()).toMatchObject({ name: 'ServiceError', $metadata: { httpStatusCode: 502 } })
    expect(ssm.requests).toHaveLength(awsClientConfig.maxAttempts)
  })

  it('sends nothing without credentials', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '')
    expect(await failure()).toMatchObject({ name: 'CredentialsProviderError' })
    expect(ssm.requests).toHaveLength(0)
  })

  it('retries a refused connection, then throws the network error', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as { port: number }
    await new Promise((resolve) => closed.close(resolve))
    vi.stubEnv('AWS_ENDPOINT_URL_SSM', `http://127.0.0.1:${port}`)
    expect(await failure()).toMatchObject({ code: 'ECONNREFUSED' })
  })
})

describe('a signed call to S3 (bytes in and out)', () => {
  let s3: FakeS3
  beforeAll(async () => {
    s3 = await startFakeS3()
  })
  afterAll(async () => {
    await s3.close()
  })
  beforeEach(() => {
    s3.requests.length = 0
    s3.answer = (request) => s3Success(request)
    vi.stubEnv('AWS_ENDPOINT_URL_S3', s3.url)
    vi.stubEnv('AWS_REGION', 'ap-south-1')
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDTEST')
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test-secret')
    vi.stubEnv('AWS_SESSION_TOKEN', '')
    setAwsRetryBackoff(() => 0)
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    setAwsRetryBackoff()
  })

  /** Every byte value, twice: no text encoding would keep them. */
  const binary = Uint8Array.from({ length: 512 }, (_, index) => index % 256)

  it('sends a binary body as it is, with its length and SHA-256 signed', async () => {
    await awsRequest({
      service: 's3',
      endpointEnv: 'S3',
      method: 'PUT',
      path: '/b/k',
      headers: {},
      body: binary,
    })
    const [request] = s3.requests
    expect(request?.body.equals(Buffer.from(binary))).toBe(true)
    expect(request?.headers['content-length']).toBe('512')
    const { createHash } = await import('node:crypto')
    expect(request?.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(binary).digest('hex'))
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/ap-south-1\/s3\/aws4_request, SignedHeaders=[^,]*x-amz-content-sha256[^,]*, /,
    )
  })

  it('answers the bytes of a reply as they came, beside its text', async () => {
    s3.answer = (request) => s3Success(request, { contentType: 'image/png', bytes: binary })
    const reply = await awsRequest({
      service: 's3',
      endpointEnv: 'S3',
      method: 'GET',
      path: '/b/k',
      headers: {},
    })
    expect(reply.bytes?.equals(Buffer.from(binary))).toBe(true)
    expect(reply.headers['content-type']).toBe('image/png')
  })

  it('sends a key and a query as they are signed: each character S3 signs escaped once, a space as %20', async () => {
    const path = '/b/a%20b%28%21%29%27%2A%2B%C3%A9.pdf'
    await awsRequest({
      service: 's3',
      endpointEnv: 'S3',
      method: 'GET',
      path,
      query: { 'continuation-token': 'a b+c/=' },
      headers: {},
    })
    const [request] = s3.requests
    expect(request?.key).toBe("a b(!)'*+é.pdf")
    expect(request?.query).toEqual({ 'continuation-token': 'a b+c/=' })
  })

  it('reads an <Error> document or an empty body in a 200 of CompleteMultipartUpload as a retried 503', async () => {
    const complete = () =>
      awsRequest({
        service: 's3',
        endpointEnv: 'S3',
        method: 'POST',
        path: '/b/k',
        query: { uploadId: 'u1' },
        headers: {},
        body: '<CompleteMultipartUpload></CompleteMultipartUpload>',
        errorIn200: true,
      })
    s3.answer = () => ({
      status: 200,
      headers: {},
      body: Buffer.from(
        '<?xml version="1.0"?>\n<Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>\n',
      ),
    })
    await expect(complete()).rejects.toMatchObject({
      name: 'InternalError',
      message: 'We encountered an internal error.',
      $metadata: { httpStatusCode: 503, attempts: awsClientConfig.maxAttempts },
    })
    expect(s3.requests).toHaveLength(awsClientConfig.maxAttempts)
    s3.requests.length = 0
    s3.answer = () => ({ status: 200, headers: {}, body: Buffer.alloc(0) })
    await expect(complete()).rejects.toMatchObject({
      name: 'InternalError',
      $metadata: { httpStatusCode: 503 },
    })
    s3.requests.length = 0
    s3.answer = (request) =>
      s3.requests.length < 2 ? { status: 200, headers: {}, body: Buffer.alloc(0) } : s3Success(request)
    expect((await complete()).body).toContain('<CompleteMultipartUploadResult>')
    expect(s3.requests).toHaveLength(2)
  })

  it('names S3 errors by their code, NoSuchKey not retried', async () => {
    s3.answer = () => ({ error: 'NoSuchKey', status: 404, message: 'The specified key does not exist.' })
    await expect(
      awsRequest({ service: 's3', endpointEnv: 'S3', method: 'GET', path: '/b/k', headers: {} }),
    ).rejects.toMatchObject({
      name: 'NoSuchKey',
      message: 'The specified key does not exist.',
      $metadata: { httpStatusCode: 404, attempts: 1 },
    })
    expect(s3.requests).toHaveLength(1)
  })
})
