/**
 * Log messages that operations watch: the stack turns each into a CloudWatch metric (a metric filter on the
 * function log groups) and an alarm. A logged message must start with the phrase, so change it here only.
 */
export const alarmedLogEvents = {
  /** A lead was stored but the staff e-mail could not be published (functions/lib/notify.ts). */
  staffNotificationFailed: 'staff notification failed',
  /** An item was stored but its dashboard counter was not updated (functions/lib/db/counters.ts). */
  counterNotUpdated: 'counter not updated',
  /** A lead was stored or changed but its inbox entries were not all written (functions/lib/db/inbox.ts). */
  leadIndexNotUpdated: 'lead index not updated',
} as const
