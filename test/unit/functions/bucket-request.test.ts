import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AwsCall, awsRequest } from '../../../functions/lib/aws-request'
import { deleteObjectKeys, listObjectKeys } from '../../../functions/lib/bucket-request'

vi.mock('../../../functions/lib/aws-request', async (original) => ({
  ...(await original<typeof import('../../../functions/lib/aws-request')>()),
  awsRequest: vi.fn(),
}))

const calls: AwsCall[] = []
const reply = (body: string) => ({ statusCode: 200, headers: {}, body })

beforeEach(() => {
  calls.length = 0
  vi.stubEnv('AWS_REGION', 'ap-south-1')
  vi.stubEnv('AWS_ENDPOINT_URL_S3', '')
  vi.stubEnv('AWS_ENDPOINT_URL', '')
  vi.stubEnv('S3_FORCE_PATH_STYLE', '')
})
afterEach(() => {
  vi.unstubAllEnvs()
  vi.mocked(awsRequest).mockReset()
})

describe('the exports bucket through signed requests', () => {
  it("lists a page of keys at the bucket's own host, XML entities read back, with the next page's token", async () => {
    vi.mocked(awsRequest).mockImplementation(async (call) => {
      calls.push(call)
      return reply(
        '<ListBucketResult><IsTruncated>true</IsTruncated><NextContinuationToken>t+2/=</NextContinuationToken>' +
          '<Contents><Key>exports/1-a/quotes &amp; contacts.csv</Key><Size>9</Size></Contents>' +
          '<Contents><Key>exports/2-b/&lt;all&gt;.xlsx</Key></Contents></ListBucketResult>',
      )
    })
    const page = await listObjectKeys('site-exports-1', 'previous token')
    expect(page).toEqual({
      keys: ['exports/1-a/quotes & contacts.csv', 'exports/2-b/<all>.xlsx'],
      next: 't+2/=',
    })
    expect(calls[0]).toMatchObject({
      service: 's3',
      method: 'GET',
      globalEndpoint: 'https://site-exports-1.s3.ap-south-1.amazonaws.com',
      path: '/',
      query: { 'list-type': '2', 'continuation-token': 'previous token' },
    })
  })

  it('goes path-style to an endpoint set in the environment (the stand-in), and ends at the last page', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://127.0.0.1:4569')
    vi.mocked(awsRequest).mockImplementation(async (call) => {
      calls.push(call)
      return reply('<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>')
    })
    expect(await listObjectKeys('site-exports-1')).toEqual({ keys: [] })
    expect(calls[0]).toMatchObject({ path: '/site-exports-1', query: { 'list-type': '2' } })
    expect(calls[0]?.globalEndpoint).toBeUndefined()
  })

  it('deletes keys in one request with the MD5 S3 asks for, escaping them, and answers the keys it could not delete', async () => {
    vi.mocked(awsRequest).mockImplementation(async (call) => {
      calls.push(call)
      return reply(
        '<DeleteResult><Error><Key>b</Key><Code>AccessDenied</Code></Error>' +
          '<Error><Key>c</Key><Code>InternalError</Code></Error></DeleteResult>',
      )
    })
    expect(await deleteObjectKeys('site-exports-1', ['a & b', 'b', 'c'])).toEqual({
      failed: 2,
      firstCode: 'AccessDenied',
    })
    const call = calls[0] as AwsCall
    expect(call).toMatchObject({ method: 'POST', query: { delete: '' } })
    expect(call.body).toContain('<Object><Key>a &amp; b</Key></Object>')
    const { createHash } = await import('node:crypto')
    expect(call.headers['content-md5']).toBe(createHash('md5').update(String(call.body)).digest('base64'))
  })

  it('answers nothing failed when every key was deleted', async () => {
    vi.mocked(awsRequest).mockResolvedValue(reply('<DeleteResult></DeleteResult>'))
    expect(await deleteObjectKeys('site-exports-1', ['a'])).toEqual({ failed: 0 })
  })
})
