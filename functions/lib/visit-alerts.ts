import { type VisitNews, visitAlert } from '@core/site-visits'
import { siteUrl } from './config'
import type { VisitChangeResult } from './db/site-visits'
import { notifyAssignee } from './notify'

/**
 * Tells the engineers of a visit what changed (site-visits.ts `visitAlert`, sent by notifyAssignee to each
 * one): the visit's engineer its booking, move or cancellation, and an engineer a reschedule took the visit
 * from that it is no longer theirs. Never throws (notifyAssignee logs a failure): the visit is stored.
 */
export async function tellEngineers(
  news: Exclude<VisitNews, 'moved-away'>,
  result: VisitChangeResult,
  requestId: string,
): Promise<void> {
  const lead = { id: result.lead.id, name: result.lead.name, pincode: result.lead.pincode }
  const url = siteUrl()
  const sends = [notifyAssignee(result.visit.engineer, visitAlert(news, result.visit, lead, url), requestId)]
  const before = result.before
  if (before && before.engineer !== result.visit.engineer) {
    sends.push(notifyAssignee(before.engineer, visitAlert('moved-away', before, lead, url), requestId))
  }
  await Promise.all(sends)
}
