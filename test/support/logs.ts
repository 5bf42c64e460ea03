/** The keys the logger adds to every line itself (time, service, sampling, the Lambda context). */
const loggerKeys = new Set([
  'timestamp',
  'service',
  'sampling_rate',
  'xray_trace_id',
  'cold_start',
  'function_arn',
  'function_memory_size',
  'function_name',
  'function_request_id',
  'function_version',
])

/**
 * One log line of the functions (functions/lib/logging.ts) as JSON, without the keys the logger adds to
 * every line: what is left is the level, the message and what the code chose to log, so a test can pin it
 * exactly (nothing else, no personal data).
 */
export function loggedFields(line: unknown): Record<string, unknown> {
  const parsed = JSON.parse(String(line)) as Record<string, unknown>
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => !loggerKeys.has(key)))
}
