import { sweepResponseClock } from '../lib/response-sweep'
import { scheduledSweep } from '../lib/scheduled-sweep'

/**
 * The response clock's sweep, run by an EventBridge schedule every minute: reminds, escalates and reassigns
 * the waiting leads that are due (functions/lib/response-sweep.ts). A failed step is logged and retried by the
 * next run, so the function itself fails only when it cannot read the settings or the entries.
 */
export const handler = scheduledSweep('response-sweep', sweepResponseClock)
