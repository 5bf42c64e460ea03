import { S3Client } from '@aws-sdk/client-s3'
import { awsClientConfig } from '../../functions/lib/aws-config'

/**
 * An SDK S3 client on the engines' s3rver (AWS_ENDPOINT_URL_S3 of the environment the stand-in or the test
 * configured), for tests that look into the buckets or put something there themselves: the functions send
 * signed requests (functions/lib/bucket-request.ts), so the tests' own reads go another way. Buckets by path,
 * checksums only when required, as s3rver needs.
 */
let cached: { readonly endpoint: string | undefined; readonly client: S3Client } | undefined

export function engineS3(): S3Client {
  const endpoint = process.env.AWS_ENDPOINT_URL_S3
  if (cached && cached.endpoint === endpoint) return cached.client
  const client = new S3Client({
    ...awsClientConfig,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  })
  cached = { endpoint, client }
  return client
}
