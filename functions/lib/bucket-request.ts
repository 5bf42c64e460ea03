import { createHash } from 'node:crypto'
import { type AwsCall, awsRegion, awsRequest, textOfXml, xmlText } from './aws-request'
import { functionEnv } from './store-definitions'

/**
 * Listing and deleting a bucket's objects as signed requests (aws-request.ts), for the routes that need only
 * these two calls: the S3 client of the SDK would add about 45 KB (gzip) to their bundles. Path-style where
 * an endpoint is set or path style is asked for (the stand-in's s3rver), else the bucket's own host.
 */
function bucketCall(bucket: string): Pick<AwsCall, 'service' | 'endpointEnv' | 'globalEndpoint' | 'path'> {
  const pathStyle =
    process.env[functionEnv.s3ForcePathStyle] === 'true' ||
    Boolean(process.env.AWS_ENDPOINT_URL_S3 || process.env.AWS_ENDPOINT_URL)
  return pathStyle
    ? { service: 's3', endpointEnv: 'S3', path: `/${encodeURIComponent(bucket)}` }
    : {
        service: 's3',
        endpointEnv: 'S3',
        globalEndpoint: `https://${bucket}.s3.${awsRegion()}.amazonaws.com`,
        path: '/',
      }
}

/** The values of every `<name>` element of `xml`, as text. */
const elements = (xml: string, name: string): string[] =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((match) => textOfXml(match[1] ?? ''))

/** One page of the bucket's keys (ListObjectsV2, at most 1,000) and the token of the next, if any. */
export async function listObjectKeys(
  bucket: string,
  continuationToken?: string,
): Promise<{ readonly keys: readonly string[]; readonly next?: string }> {
  const reply = await awsRequest({
    ...bucketCall(bucket),
    method: 'GET',
    query: { 'list-type': '2', ...(continuationToken ? { 'continuation-token': continuationToken } : {}) },
    headers: {},
  })
  const truncated = elements(reply.body, 'IsTruncated')[0] === 'true'
  const next = truncated ? elements(reply.body, 'NextContinuationToken')[0] : undefined
  const keys = [...reply.body.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].flatMap((match) =>
    elements(match[1] ?? '', 'Key'),
  )
  return next ? { keys, next } : { keys }
}

/**
 * Deletes `keys` (at most 1,000) in one DeleteObjects request; answers the keys it could not delete with the
 * first one's error code (none: all deleted).
 */
export async function deleteObjectKeys(
  bucket: string,
  keys: readonly string[],
): Promise<{ readonly failed: number; readonly firstCode?: string }> {
  const body = [
    '<Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Quiet>true</Quiet>',
    ...keys.map((key) => `<Object><Key>${xmlText(key)}</Key></Object>`),
    '</Delete>',
  ].join('')
  const reply = await awsRequest({
    ...bucketCall(bucket),
    method: 'POST',
    query: { delete: '' },
    headers: {
      'content-type': 'application/xml',
      // DeleteObjects refuses a body without its MD5.
      'content-md5': createHash('md5').update(body).digest('base64'),
    },
    body,
  })
  const failed = [...reply.body.matchAll(/<Error>([\s\S]*?)<\/Error>/g)]
  const firstCode = failed[0] ? elements(failed[0][1] ?? '', 'Code')[0] : undefined
  return firstCode === undefined ? { failed: failed.length } : { failed: failed.length, firstCode }
}
