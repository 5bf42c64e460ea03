import { createServer } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { awsClientConfig } from '../../../functions/lib/aws-config'
import {
  AwsServiceError,
  awsRequest,
  setAwsRetryBackoff,
  signerFor,
} from '../../../functions/lib/aws-request'
import { type FakeSsm, startFakeSsm } from '../../support/fake-aws'

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
