import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { S3Client } from '@aws-sdk/client-s3'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { awsClientConfig } from './aws-config'
import { functionEnv } from './store-definitions'

/**
 * AWS clients, created once per function instance. In the cloud they use the defaults; the local stand-in
 * and the tests point them at dynalite and s3rver through AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL_S3,
 * which the SDK reads itself. Attempts and timeouts: see aws-config.ts.
 */

let documentClient: DynamoDBDocumentClient | undefined

/** The DynamoDB document client: plain JS values in and out, undefined values dropped. */
export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({ ...awsClientConfig }), {
    marshallOptions: { removeUndefinedValues: true },
  })
  return documentClient
}

let s3Client: S3Client | undefined

/**
 * The S3 client. `S3_FORCE_PATH_STYLE=true` (set by the local stand-in only) addresses buckets by path and
 * sends checksums only when required, as s3rver needs.
 */
export function s3(): S3Client {
  const local = process.env[functionEnv.s3ForcePathStyle] === 'true'
  s3Client ??= new S3Client({
    ...awsClientConfig,
    ...(local ? { forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' as const } : {}),
  })
  return s3Client
}

let presignClient: S3Client | undefined

/**
 * The S3 client that signs URLs for the browser. It adds checksums only when required: by default the SDK
 * would put the checksum of an empty body into a presigned PUT, and S3 would refuse the real file.
 */
export function s3Presigner(): S3Client {
  const local = process.env[functionEnv.s3ForcePathStyle] === 'true'
  presignClient ??= new S3Client({
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(local ? { forcePathStyle: true } : {}),
  })
  return presignClient
}

/** Forgets the clients so the next call builds them from the current environment (new engine ports). */
export function resetClients(): void {
  documentClient = undefined
  s3Client = undefined
  presignClient = undefined
}
