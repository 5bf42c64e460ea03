import type { BreachReportReply } from '@core/breach-report'
import { adminRouteJson } from '~/features/admin/session/admin-client'

/** What the drill shows when the server gives no reason (or cannot be reached). */
export const breachReportFailedMessage = 'The breach drill could not be run. Please try again.'

/**
 * POST /api/admin/breach-report: the people and data an incident window touched, the deadlines and the
 * drafts. Rejects with AdminRequestError, its `fields` naming a refused field.
 */
export async function runBreachReport(body: {
  from: string
  to: string
  awareAt?: string
  user?: string
}): Promise<BreachReportReply> {
  return adminRouteJson('admin-breach-report', { body, failure: breachReportFailedMessage })
}
