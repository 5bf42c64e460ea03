import type { Context } from 'aws-lambda'
import { withRequestKeys } from '../lib/logging'
import { sweepRetention } from '../lib/retention-sweep'

/** What EventBridge sends a scheduled function: the time the run was scheduled for, among others. */
interface ScheduledEvent {
  readonly time?: string
  readonly id?: string
}

/**
 * The retention sweep, run by an EventBridge schedule once a day (functions/schedules.ts; the stand-in runs it
 * on an interval): erases the leads past their retention period (functions/lib/retention-sweep.ts). The run's
 * clock is the schedule's time; a failed erasure is logged and retried by the next run, so the function itself
 * fails only when it cannot read the settings or the index.
 */
export async function handler(event: ScheduledEvent | undefined, context?: Context) {
  const scheduled = event?.time ? new Date(event.time) : undefined
  const now = scheduled && !Number.isNaN(scheduled.getTime()) ? scheduled : new Date()
  const requestId = context?.awsRequestId ?? event?.id ?? 'retention-sweep'
  return withRequestKeys('retention-sweep', requestId, context, () => sweepRetention({ now, requestId }))
}
