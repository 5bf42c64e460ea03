import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { StandardRetryStrategy } from '@smithy/core/retry'
import { awsClientConfig } from './aws-config'

/**
 * The AWS SDK client of the functions, created once per function instance: DynamoDB's. In the cloud it uses
 * the defaults; the local stand-in and the tests point it at dynalite through AWS_ENDPOINT_URL_DYNAMODB,
 * which the SDK reads itself. Attempts and timeouts: see aws-config.ts. Every other service (S3, SNS, SSM,
 * CloudFront) is called with signed requests (aws-request.ts, bucket-request.ts), which read the same
 * AWS_ENDPOINT_URL_<SERVICE> variables.
 */

let documentClient: DynamoDBDocumentClient | undefined
let countingClient: DynamoDBDocumentClient | undefined

const documentOptions = { marshallOptions: { removeUndefinedValues: true } }

/** The DynamoDB document client: plain JS values in and out, undefined values dropped. */
export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({ ...awsClientConfig }), documentOptions)
  return documentClient
}

/**
 * Retries after throttling only: DynamoDB refuses a throttled request before it writes anything. A timeout, a
 * reset connection or a 5xx may come after the write was made, and a write that is not idempotent (an ADD)
 * made again would count twice; such an error goes to the caller at once.
 */
export class ThrottlingRetriesOnly extends StandardRetryStrategy {
  override async refreshRetryTokenForRetry(
    ...[token, errorInfo]: Parameters<StandardRetryStrategy['refreshRetryTokenForRetry']>
  ): ReturnType<StandardRetryStrategy['refreshRetryTokenForRetry']> {
    if (errorInfo.errorType !== 'THROTTLING') throw new Error('not retried: the write may have been made')
    return await super.refreshRetryTokenForRetry(token, errorInfo)
  }
}

/**
 * The DynamoDB document client of writes that are not idempotent (a counter's UpdateItem ADD): as dynamo(),
 * but retried after throttling only (ThrottlingRetriesOnly). Built on the first such write.
 */
export function countingDynamo(): DynamoDBDocumentClient {
  countingClient ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      ...awsClientConfig,
      retryStrategy: new ThrottlingRetriesOnly(awsClientConfig.maxAttempts),
    }),
    documentOptions,
  )
  return countingClient
}

/** Forgets the clients so the next call builds them from the current environment (new engine ports). */
export function resetClients(): void {
  documentClient = undefined
  countingClient = undefined
}
