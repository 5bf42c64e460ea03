import { CloudFrontServiceException } from '@aws-sdk/client-cloudfront'
import {
  ConditionalCheckFailedException,
  InternalServerError,
  ProvisionedThroughputExceededException,
} from '@aws-sdk/client-dynamodb'
import { InternalErrorException, ThrottledException } from '@aws-sdk/client-sns'
import { s3Error } from './s3-requests'

/**
 * The AWS faults the fault-injection tests use, as each AWS SDK client raises them after its own retries are spent:
 * throttling, a 500 from the service, a timeout, a broken socket, and a failed condition (DynamoDB writes
 * with a ConditionExpression only: no other call can fail that way).
 */
export const faults = ['throttling', '500', 'timeout', 'socket', 'conditional'] as const
export type Fault = (typeof faults)[number]
export type Service = 'dynamodb' | 's3' | 'sns' | 'cloudfront'

const metadata = (httpStatusCode: number) => ({ httpStatusCode, requestId: 'aws-1', attempts: 3 })

/** The error the SDK client of `service` throws for `fault`. */
export function faultError(fault: Fault, service: Service): Error {
  switch (fault) {
    case 'throttling':
      if (service === 'dynamodb') {
        return new ProvisionedThroughputExceededException({
          message: 'The level of configured provisioned throughput for the table was exceeded.',
          $metadata: metadata(400),
        })
      }
      // S3's calls are signed requests (functions/lib/bucket-request.ts): awsRequest's error, as S3 names it.
      if (service === 's3') return s3Error('SlowDown', 503, 'Please reduce your request rate.')
      if (service === 'cloudfront') {
        return new CloudFrontServiceException({
          name: 'Throttling',
          $fault: 'client',
          message: 'Rate exceeded',
          $metadata: metadata(400),
        })
      }
      return new ThrottledException({ message: 'Rate exceeded', $metadata: metadata(400) })
    case '500':
      if (service === 'dynamodb') {
        return new InternalServerError({ message: 'Internal server error', $metadata: metadata(500) })
      }
      if (service === 's3')
        return s3Error('InternalError', 500, 'We encountered an internal error. Please try again.')
      if (service === 'cloudfront') {
        return new CloudFrontServiceException({
          name: 'ServiceUnavailable',
          $fault: 'server',
          message: 'CloudFront is unavailable',
          $metadata: metadata(503),
        })
      }
      return new InternalErrorException({ message: 'Internal error', $metadata: metadata(500) })
    case 'timeout':
      return Object.assign(
        new Error(
          '@smithy/node-http-handler - a request has exceeded the configured 2000 ms requestTimeout.',
        ),
        { name: 'TimeoutError', code: 'ETIMEDOUT', $metadata: { attempts: 3 } },
      )
    case 'socket':
      return Object.assign(new Error('socket hang up'), { name: 'Error', code: 'ECONNRESET' })
    case 'conditional':
      return new ConditionalCheckFailedException({
        message: 'The conditional request failed',
        $metadata: metadata(400),
      })
  }
}

/** Words of an AWS error that must never reach a caller. */
export const awsErrorDetail =
  /Exception|InternalError|SlowDown|throughput|Rate exceeded|socket|ETIMEDOUT|ECONNRESET|requestTimeout|conditional request|aws-1|\$metadata/i
