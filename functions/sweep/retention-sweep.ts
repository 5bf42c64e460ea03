import { sweepRetention } from '../lib/retention-sweep'
import { scheduledSweep } from '../lib/scheduled-sweep'

/**
 * The retention sweep, run by an EventBridge schedule once a day: erases the leads past their retention period
 * (functions/lib/retention-sweep.ts). A failed erasure is logged and retried by the next run, so the function
 * itself fails only when it cannot read the settings or the index.
 */
export const handler = scheduledSweep('retention-sweep', sweepRetention)
