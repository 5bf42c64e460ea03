import type { Context } from 'aws-lambda'
import { withRequestKeys } from '../lib/logging'
import { sweepResponseClock } from '../lib/response-sweep'

/** What EventBridge sends a scheduled function: the time the run was scheduled for, among others. */
interface ScheduledEvent {
  readonly time?: string
  readonly id?: string
}

/**
 * The response clock's sweep, run by an EventBridge schedule every minute (functions/schedules.ts; the
 * stand-in runs it on an interval): reminds, escalates and reassigns the waiting leads that are due
 * (functions/lib/response-sweep.ts). The run's clock is the schedule's time; a failed step is logged and
 * retried by the next run, so the function itself fails only when it cannot read the settings or the entries.
 */
export async function handler(event: ScheduledEvent | undefined, context?: Context) {
  const scheduled = event?.time ? new Date(event.time) : undefined
  const now = scheduled && !Number.isNaN(scheduled.getTime()) ? scheduled : new Date()
  const requestId = context?.awsRequestId ?? event?.id ?? 'response-sweep'
  return withRequestKeys('response-sweep', requestId, context, () => sweepResponseClock({ now, requestId }))
}
