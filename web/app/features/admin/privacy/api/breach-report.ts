import type { BreachReportReply } from '@core/breach-report'
import { adminCall, adminJson } from '~/features/admin/session/admin-client'
import { apiMethod, apiPath } from '~/lib/api/client'

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
  const route = 'admin-breach-report'
  const response = await adminCall(apiPath(route), apiMethod(route), {
    body,
    failure: breachReportFailedMessage,
  })
  return adminJson<BreachReportReply>(response, breachReportFailedMessage)
}
