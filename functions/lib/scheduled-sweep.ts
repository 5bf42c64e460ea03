import type { Context } from 'aws-lambda'
import { withRequestKeys } from './logging'

/** What EventBridge sends a scheduled function: the time the run was scheduled for, among others. */
export interface ScheduledEvent {
  readonly time?: string
  readonly id?: string
}

/** What a sweep is given: the run's clock and the request id its log lines carry. */
export interface SweepRun {
  readonly now: Date
  readonly requestId: string
}

/**
 * The Lambda handler of a sweep an EventBridge schedule runs (functions/schedules.ts; the stand-in runs it on
 * an interval). The run's clock is the schedule's time (now when the event has none or a bad one), and its
 * log lines carry the function's name and the request id (the event's id, or the name, outside Lambda).
 */
export function scheduledSweep<Result>(name: string, run: (sweep: SweepRun) => Promise<Result>) {
  return async (event: ScheduledEvent | undefined, context?: Context): Promise<Result> => {
    const scheduled = event?.time ? new Date(event.time) : undefined
    const now = scheduled && !Number.isNaN(scheduled.getTime()) ? scheduled : new Date()
    const requestId = context?.awsRequestId ?? event?.id ?? name
    return withRequestKeys(name, requestId, context, () => run({ now, requestId }))
  }
}
