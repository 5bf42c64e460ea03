import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { awsClientConfig } from './aws-config'

/**
 * The AWS SDK client of the functions, created once per function instance: DynamoDB's. In the cloud it uses
 * the defaults; the local stand-in and the tests point it at dynalite through AWS_ENDPOINT_URL_DYNAMODB,
 * which the SDK reads itself. Attempts and timeouts: see aws-config.ts. Every other service (S3, SNS, SSM,
 * CloudFront) is called with signed requests (aws-request.ts, bucket-request.ts), which read the same
 * AWS_ENDPOINT_URL_<SERVICE> variables.
 */

let documentClient: DynamoDBDocumentClient | undefined

/** The DynamoDB document client: plain JS values in and out, undefined values dropped. */
export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({ ...awsClientConfig }), {
    marshallOptions: { removeUndefinedValues: true },
  })
  return documentClient
}

/** Forgets the client so the next call builds it from the current environment (new engine ports). */
export function resetClients(): void {
  documentClient = undefined
}
