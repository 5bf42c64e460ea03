/**
 * How long the functions' AWS clients may spend on one call, so that a failing or silent service ends a
 * request with an error reply well within the function's timeout (defaultTimeoutSeconds of
 * functions/routes.ts) instead of the function being killed. Without these limits the SDK waits up to
 * 5 minutes for an answer (DynamoDB's default socket timeout).
 *
 * Worst case of one call: 3 attempts × 2 s, plus the SDK's backoff between them (at most 0.2 s and 0.4 s
 * after timeouts and 5xx, 1 s and 2 s after throttles) ≈ 6.6 s. An answer from DynamoDB, S3 (a 4 MiB
 * upload within the region) or SNS normally takes milliseconds.
 */
export const awsClientConfig = {
  /** The first attempt and two retries, with the SDK's standard backoff. */
  maxAttempts: 3,
  requestHandler: {
    /** A TCP connection must be open within this many milliseconds. */
    connectionTimeout: 1_000,
    /** A whole attempt must be answered within this many milliseconds... */
    requestTimeout: 2_000,
    /** ...or it fails with a TimeoutError (by default the SDK would only log a warning). */
    throwOnRequestTimeout: true,
  },
} as const
